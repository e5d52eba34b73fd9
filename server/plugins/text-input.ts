import { HTTP_MESSAGES } from '@shared/http';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from './errors';

const NUL = '\u0000';

/**
 * The only way a NUL or a lone surrogate gets into a value parsed from JSON text: a `\u` escape (JSON
 * refuses a raw NUL in a string, and the body is decoded from UTF-8, which has no lone surrogates: a bad
 * byte becomes U+FFFD). A JSON body with no such escape holds no unstorable text, and is not walked; with
 * one (an escaped emoji is a surrogate pair), it is walked as any other input.
 */
const UNSTORABLE_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

/**
 * Whether JSON text may spell a key that prototype poisoning uses: secure-json-parse (Fastify's parser)
 * looks for `"__proto__"` or `"constructor"` followed by a colon, each letter either itself or a `\u`
 * escape, and only a text it finds one in is walked for them. Text with no `\u` at all can spell them only
 * as they are, so text with neither `__proto__` nor `uctor"` in it cannot hold one, and a plain JSON.parse
 * of it gives what secure-json-parse would. Searches for fixed strings instead of its two regular expressions
 * over the whole body (autosave sends a whole draft every few seconds), each for a part that starts with a
 * character JSON text seldom has, which V8 skips to with memchr: 0.2 µs for a 2 KB draft, against 0.8 µs
 * searching for the quoted names and 1.6 µs for the expressions.
 */
const mayPoison = (text: string, escaped: boolean) =>
  escaped ||
  text.includes('__proto__') ||
  text.includes('uctor"') ||
  // secure-json-parse drops a leading byte order mark, which JSON.parse refuses.
  text.charCodeAt(0) === 0xfeff;

declare module 'fastify' {
  interface FastifyRequest {
    /** False when the body is JSON text with no escape that could decode to unstorable text. */
    bodyMayHoldUnstorableText: boolean;
  }
}

/** NUL and lone UTF-16 surrogates: PostgreSQL refuses both in text and jsonb, so the insert would fail. */
const isUnstorable = (text: string) => text.includes(NUL) || !text.isWellFormed();

const isPlainObject = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * The path of the first string or key in a parsed JSON value, query or params that holds a NUL
 * character or a lone surrogate, or null. Iterative (a validated body can still nest deeply inside
 * free-form fields), and it runs on every request's input, autosave's whole draft included: each value
 * visited is noted with its key and its parent's place in the list, and the path is put together only
 * when something is found.
 */
export function findUnstorableText(value: unknown): string[] | null {
  if (typeof value === 'string') return isUnstorable(value) ? [] : null;
  if (value === null || typeof value !== 'object') return null;
  const values: unknown[] = [value];
  const keys: (string | number)[] = [''];
  const parents: number[] = [-1];
  const pathTo = (index: number, last?: string) => {
    const path = last === undefined ? [] : [last];
    for (let i = index; i > 0; i = parents[i]) path.push(String(keys[i]));
    return path.reverse();
  };
  for (let i = 0; i < values.length; i++) {
    const current = values[i];
    if (typeof current === 'string') {
      if (isUnstorable(current)) return pathTo(i);
    } else if (Array.isArray(current)) {
      for (let j = 0; j < current.length; j++) {
        values.push(current[j]);
        keys.push(j);
        parents.push(i);
      }
    } else if (current !== null && typeof current === 'object' && isPlainObject(current)) {
      for (const key of Object.keys(current)) {
        if (isUnstorable(key)) return pathTo(i, key.replaceAll(NUL, '').toWellFormed());
        values.push((current as Record<string, unknown>)[key]);
        keys.push(key);
        parents.push(i);
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
  // Fastify's own JSON parser (the same refusals: invalid text, prototype poisoning) for text that could
  // need more than JSON.parse (mayPoison), and for text JSON.parse refuses, so every refusal is Fastify's.
  // One search for `\u` tells both whether the text may poison and whether it may hold unstorable text.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.decorateRequest('bodyMayHoldUnstorableText', true);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    const escaped = text.includes('\\u');
    request.bodyMayHoldUnstorableText = escaped && UNSTORABLE_ESCAPE.test(text);
    if (text.length === 0 || mayPoison(text, escaped)) return parseJson(request, text, done);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return parseJson(request, text, done);
    }
    done(null, parsed);
  });
  // Through the error handler: on a route whose statement checks the session (sessionInStatement), a
  // stale or wrong caller still gets its 401 or 403 before this 400 (refusalBeforeBadInput).
  app.addHook('preHandler', (request, _reply, done) => {
    if (findUnstorableText(request.params)) return done(notFound());
    for (const input of [request.query, request.bodyMayHoldUnstorableText ? request.body : undefined]) {
      const path = findUnstorableText(input);
      if (path) {
        const message = HTTP_MESSAGES.nulCharacter;
        return done(badRequest(message, { [path.join('.') || '_']: message }));
      }
    }
    done();
  });
}
