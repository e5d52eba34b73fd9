import { type Logger, pino } from 'pino';

/**
 * The one place that decides what reaches the log (PRODUCT.md §8: no password, token, signature or form
 * content in logs). Every logger the app makes comes from `createLogger`.
 */
export const REDACTED = '[redacted]';

/** Query values can be tokens (?token=), signatures (?signature=, X-Amz-Signature) or searches: keep names only. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? pair : `${pair.slice(0, eq)}=${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fields of database and library errors that carry the values of a statement (form contents). */
const VALUE_FIELDS = ['params', 'parameters', 'detail', 'where', 'internalQuery', 'body', 'payload'];

/** Drizzle puts a failed statement's values in the message: "Failed query: …\nparams: a,b,c". */
export function redactMessage(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, `\nparams: ${REDACTED}`)
    .replace(/(https?:\/\/[^\s?]+)\?[^\s]*/g, (_m, base: string) => `${base}?${REDACTED}`)
    .replace(/([?&][\w-]+=)[^&\s]+/g, `$1${REDACTED}`);
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** Like pino's error serializer: type, message, stack, the error's own fields and its cause. */
function toPlain(err: unknown, depth: number): SerializedError | unknown {
  if (!(err instanceof Error)) return err;
  const plain: SerializedError = {
    type: err.constructor?.name ?? 'Error',
    message: err.message,
    stack: err.stack ?? '',
  };
  for (const [key, value] of Object.entries(err)) {
    if (key !== 'cause') plain[key] = value;
  }
  if (err.cause !== undefined && depth < 5) plain.cause = toPlain(err.cause, depth + 1);
  return plain;
}

function scrub(serialized: SerializedError): SerializedError {
  for (const field of VALUE_FIELDS) {
    if (field in serialized) serialized[field] = REDACTED;
  }
  if (typeof serialized.message === 'string') serialized.message = redactMessage(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = redactMessage(serialized.stack);
  if (serialized.cause && typeof serialized.cause === 'object') {
    serialized.cause = scrub(serialized.cause as SerializedError);
  }
  return serialized;
}

export function serializeError(err: Error): SerializedError {
  const plain = toPlain(err, 0);
  return plain instanceof Object && 'stack' in plain
    ? scrub(plain as SerializedError)
    : { type: 'Error', message: String(err), stack: '' };
}

/**
 * Fields that hold a secret wherever they appear. Account security (PRODUCT.md §10): never a TOTP secret or
 * recovery code in a log line (not 'code': errors' own codes, ECONNREFUSED and the like, must stay readable).
 */
const SECRET_FIELDS = [
  'password',
  'token',
  'signature',
  'currentPassword',
  'newPassword',
  'secret',
  'otpauthUrl',
  'recoveryCode',
  'recoveryCodes',
];

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** What a line says of an answer: its status, as Fastify's own serializer says it. */
const serializeReply = (reply: { statusCode: number }) => ({ statusCode: reply.statusCode });

/**
 * The app's logger, the one place its lines are shaped: every line the app, Fastify and each request write
 * goes through it (server/app.ts gives Fastify no logger of its own, only this one's request loggers).
 * `enabled: false` writes nothing (tests that do not read the log).
 */
export function createLogger(level: string, stream?: NodeJS.WritableStream, enabled = true): Logger {
  return pino(
    {
      level,
      enabled,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          // Each secret field at the top of a line's object and one level down.
          ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
        ],
        censor: REDACTED,
      },
      serializers: {
        req: (request: LoggedRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
        res: serializeReply,
        err: serializeError,
      },
    },
    stream ?? pino.destination(1),
  );
}
