import { HTTP_MESSAGES } from '@shared/http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error a service throws on purpose; its status and message reach the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** A machine-readable reason the web acts on (`reauthenticate`, `two_factor_required`). */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const unauthorized = () => new HttpError(401, HTTP_MESSAGES.unauthorized);
export const notFound = () => new HttpError(404, HTTP_MESSAGES.notFound);
export const forbidden = () => new HttpError(403, HTTP_MESSAGES.forbidden);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
/** 413: a file or a user's storage is over its limit; the message says which. */
export const payloadTooLarge = (message: string, errors?: Record<string, string>) =>
  new HttpError(413, message, errors);
export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);

/** Turns zod issues into `{ message, errors: { 'a.b': text } }`, first message per field. */
export function validationBody(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  const first = issues[0]?.message ?? HTTP_MESSAGES.invalidInput;
  return { message: first, errors };
}

export function registerErrorHandling(
  app: FastifyInstance,
  options: {
    /** A 401 or 403 owed before a 400 for bad input (session.ts: refusalBeforeBadInput). */
    refusalBeforeBadInput?: (request: FastifyRequest) => Promise<HttpError | null>;
  } = {},
) {
  const sendHttpError = (err: HttpError, reply: FastifyReply) => {
    const retryAfter = (err as { retryAfterSeconds?: number }).retryAfterSeconds;
    if (retryAfter) reply.header('Retry-After', String(retryAfter));
    return reply.code(err.statusCode).send({
      message: err.message,
      ...(err.errors ? { errors: err.errors } : {}),
      ...(err.code ? { code: err.code } : {}),
    });
  };
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    const badInput = hasZodFastifySchemaValidationErrors(err);
    if (badInput || (err instanceof HttpError && err.statusCode === 400)) {
      const refusal = await options.refusalBeforeBadInput?.(request);
      if (refusal) return sendHttpError(refusal, reply);
    }
    if (err instanceof HttpError) return sendHttpError(err, reply);
    if (badInput) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? HTTP_MESSAGES.invalidInput,
      }));
      return reply.code(400).send(validationBody(issues));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ message: HTTP_MESSAGES.tooManyAttempts });
    if (status === 413) return reply.code(413).send({ message: HTTP_MESSAGES.payloadTooLarge });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type): never echo internals.
      const message =
        err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Unsupported content type'
          : HTTP_MESSAGES.invalidInput;
      return reply.code(status).send({ message });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ message: HTTP_MESSAGES.internal });
  });
}
