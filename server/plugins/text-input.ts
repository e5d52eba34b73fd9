import { HTTP_MESSAGES } from '@shared/http';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from './errors';

const NUL = '\u0000';

/** NUL and lone UTF-16 surrogates: PostgreSQL refuses both in text and jsonb, so the insert would fail. */
const isUnstorable = (text: string) => text.includes(NUL) || !text.isWellFormed();

const isPlainObject = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * The path of the first string or key in a parsed JSON value, query or params that holds a NUL
 * character or a lone surrogate, or null. Iterative: a validated body can still nest deeply inside
 * free-form fields.
 */
export function findUnstorableText(value: unknown): string[] | null {
  const stack: [unknown, string[]][] = [[value, []]];
  while (stack.length) {
    const [current, path] = stack.pop() as [unknown, string[]];
    if (typeof current === 'string') {
      if (isUnstorable(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => {
        stack.push([item, [...path, String(i)]]);
      });
    } else if (current !== null && typeof current === 'object' && isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (isUnstorable(key)) return [...path, key.replaceAll(NUL, '').toWellFormed()];
        stack.push([item, [...path, key]]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store NUL or a lone surrogate in text or jsonb: a body or query that carries one is
 * a 400 naming the field, an id in the path with one is as unknown as any other (404). Runs after the
 * guards and the schema, so a wrong caller is still refused first.
 */
export function registerTextInputRules(app: FastifyInstance) {
  // Through the error handler: on a route whose statement checks the session (sessionInStatement), a
  // stale or wrong caller still gets its 401 or 403 before this 400 (refusalBeforeBadInput).
  app.addHook('preHandler', (request, _reply, done) => {
    if (findUnstorableText(request.params)) return done(notFound());
    for (const input of [request.query, request.body]) {
      const path = findUnstorableText(input);
      if (path) {
        const message = HTTP_MESSAGES.nulCharacter;
        return done(badRequest(message, { [path.join('.') || '_']: message }));
      }
    }
    done();
  });
}
