import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { completeMasterLpq } from '../modules/master-lpq/master-lpq.fixtures';
import { findUnstorableText, registerTextInputRules } from './text-input';

describe('findUnstorableText', () => {
  it('finds nothing in clean input', () => {
    expect(findUnstorableText(completeMasterLpq())).toBeNull();
    expect(findUnstorableText({})).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
    expect(findUnstorableText(null)).toBeNull();
    expect(findUnstorableText(42)).toBeNull();
    expect(findUnstorableText('plain text, é and 𝄞')).toBeNull();
  });

  it('names the path of a NUL or a lone surrogate in a string', () => {
    expect(findUnstorableText('a\u0000b')).toEqual([]);
    expect(findUnstorableText({ name: 'a\u0000' })).toEqual(['name']);
    expect(findUnstorableText({ clients: [{ name: 'ok' }, { name: 'x\ud800' }] })).toEqual([
      'clients',
      '1',
      'name',
    ]);
    expect(findUnstorableText([[['\udc00']]])).toEqual(['0', '0', '0']);
    const data = completeMasterLpq() as Record<string, unknown>;
    expect(findUnstorableText({ data: { ...data, late: { deeper: ['fine', 'bad\u0000'] } } })).toEqual([
      'data',
      'late',
      'deeper',
      '1',
    ]);
  });

  it('names a key that holds one, without the character itself', () => {
    expect(findUnstorableText({ outer: { 'ke\u0000y': 1 } })).toEqual(['outer', 'key']);
    expect(findUnstorableText({ 'a\ud800': 1 })).toEqual(['a\ufffd']);
  });

  it('walks input nested far deeper than the call stack allows', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = { d: deep };
    const path = findUnstorableText(deep);
    expect(path).toHaveLength(100_000);
    expect(path?.every((key) => key === 'd')).toBe(true);
  });

  it('leaves what JSON cannot hold alone (only parsed input reaches it)', () => {
    expect(findUnstorableText({ when: new Date(0), buffer: Buffer.from('\u0000') })).toBeNull();
  });
});

describe('registerTextInputRules', () => {
  /** A bare app with the rules and a route that answers the body it was given. */
  async function echo() {
    const app = Fastify();
    registerTextInputRules(app);
    app.put('/echo', async (request) => ({ body: request.body }));
    await app.ready();
    return (text: string, contentType = 'application/json') =>
      app.inject({ method: 'PUT', url: '/echo', headers: { 'content-type': contentType }, payload: text });
  }

  it('refuses a NUL or a lone surrogate however the JSON text escapes it, and only then', async () => {
    const put = await echo();
    for (const text of [
      '{"a":"x\\u0000y"}',
      '{"a":["ok",{"b":"\\ud800"}]}',
      '{"a":"\\uDC00"}',
      '{"a\\uD800":1}',
      '{"a":"\\u0000"}',
    ]) {
      const res = await put(text);
      expect(res.statusCode, text).toBe(400);
    }
    const charset = await put('{"a":"\\u0000"}', 'application/json; charset=utf-8');
    expect(charset.statusCode).toBe(400);
    // An escaped pair is one character; an escaped backslash before "u0000" is text; raw emoji are fine.
    for (const [text, body] of [
      ['{"a":"\\ud83d\\ude00"}', { a: '😀' }],
      ['{"a":"\\\\u0000"}', { a: '\\u0000' }],
      ['{"a":"𝄞 é"}', { a: '𝄞 é' }],
    ] as const) {
      const res = await put(text);
      expect(res.statusCode, text).toBe(200);
      expect(res.json()).toEqual({ body });
    }
  });

  it('parses JSON as Fastify does: invalid text and prototype poisoning are refused', async () => {
    const put = await echo();
    expect((await put('{"a":')).statusCode).toBe(400);
    expect((await put('')).statusCode).toBe(400);
    expect((await put('{"__proto__":{"admin":true}}')).statusCode).toBe(400);
    expect((await put('{"constructor":{"prototype":{"admin":true}}}')).statusCode).toBe(400);
  });

  it("accepts and refuses exactly the JSON bodies that Fastify's parser does, but for unstorable text", async () => {
    const put = await echo();
    const plain = Fastify();
    plain.put('/echo', async (request) => ({ body: request.body }));
    await plain.ready();
    const poison = fc.constantFrom(
      '{"__proto__":{"admin":true}}',
      '{"a":{"\\u005f_proto__":{"x":1}}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      '{"c\\u006fnstructor":{"prototype":{"x":1}}}',
      '{"constructor":1}',
      '{"a":"__proto__","b":"\\"constructor\\""}',
      '\ufeff{"a":1}',
      '"just text"',
      '12',
      'null',
      '{"a":',
      '{"a":1}}',
    );
    const text = fc.oneof(
      fc.json(),
      fc.json({ stringUnit: 'binary' }),
      poison,
      fc.string({ unit: 'binary' }),
    );
    await fc.assert(
      fc.asyncProperty(text, async (body) => {
        const expected = await plain.inject({
          method: 'PUT',
          url: '/echo',
          headers: { 'content-type': 'application/json' },
          payload: body,
        });
        const res = await put(body);
        const unstorable = expected.statusCode === 200 && findUnstorableText(expected.json().body) !== null;
        expect(res.statusCode, body).toBe(unstorable ? 400 : expected.statusCode);
        if (res.statusCode === 200) expect(res.json(), body).toEqual(expected.json());
      }),
      { numRuns: 200 },
    );
  });
});
