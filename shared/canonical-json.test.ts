import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, jsonLeaves } from './canonical-json';
import {
  FINGERPRINT_FIXTURE,
  FINGERPRINT_FIXTURE_CANONICAL,
  FINGERPRINT_FIXTURE_SHA256,
} from './canonical-json.fixtures';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('canonical JSON (PRODUCT.md §11)', () => {
  it('sorts keys at every level, writes no whitespace, and strings and numbers as JSON.stringify does', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], c: { z: 1, y: {} } })).toBe(
      '{"a":[true,null,"x"],"b":1,"c":{"y":{},"z":1}}',
    );
    expect(canonicalJson([1.0, -0, 1e21, 1e-7, 123.456, Number.NaN, Number.POSITIVE_INFINITY])).toBe(
      '[1,0,1e+21,1e-7,123.456,null,null]',
    );
    expect(canonicalJson('a"b\\c\n\t\u0001\u2028é')).toBe(JSON.stringify('a"b\\c\n\t\u0001\u2028é'));
    expect(canonicalJson(null)).toBe('null');
  });

  it('orders keys by UTF-16 code units, as RFC 8785 does', () => {
    expect(
      Object.keys(JSON.parse(canonicalJson({ é: 1, z: 2, Z: 3, '10': 4, '9': 5, '': 6, '😀': 7, ﬀ: 8 }))),
    ).toEqual(
      // JSON.parse puts integer-like keys first again; the text's order is what counts:
      ['9', '10', '', 'Z', 'z', 'é', '😀', 'ﬀ'],
    );
    expect(canonicalJson({ é: 1, z: 2, Z: 3, '10': 4, '9': 5, '': 6, '😀': 7, ﬀ: 8 })).toBe(
      '{"":6,"10":4,"9":5,"Z":3,"z":2,"é":1,"😀":7,"ﬀ":8}',
    );
  });

  it('drops what JSON.stringify drops, and writes a Date as its toJSON', () => {
    expect(canonicalJson({ a: undefined, b: () => 1, c: Symbol('s'), d: [undefined, () => 1] })).toBe(
      '{"d":[null,null]}',
    );
    expect(canonicalJson({ at: new Date('2026-11-25T10:00:00.000Z') })).toBe(
      '{"at":"2026-11-25T10:00:00.000Z"}',
    );
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
    expect(() => canonicalJson({ n: 10n })).toThrow(TypeError);
  });

  it('gives the same text for the same data written in any key order', () => {
    const a = { x: { b: [1, { d: 2, c: 3 }], a: 'é' }, y: null };
    const b = JSON.parse('{"y":null,"x":{"a":"é","b":[1,{"c":3,"d":2}]}}');
    expect(canonicalJson(a)).toBe(canonicalJson(b));
  });

  it('gives the fixture the text and SHA-256 written down (the same on every Node version)', () => {
    expect(canonicalJson(FINGERPRINT_FIXTURE)).toBe(FINGERPRINT_FIXTURE_CANONICAL);
    expect(sha256(canonicalJson(FINGERPRINT_FIXTURE))).toBe(FINGERPRINT_FIXTURE_SHA256);
    // And after a JSON round trip, as a database gives it back.
    expect(sha256(canonicalJson(JSON.parse(JSON.stringify(FINGERPRINT_FIXTURE))))).toBe(
      FINGERPRINT_FIXTURE_SHA256,
    );
  });

  it('lists every leaf by path, empty containers included, keys that are not names in brackets', () => {
    expect(jsonLeaves({ b: { 'x.y': 1, list: [{ q: true }, 2] }, a: [], c: {}, d: null })).toEqual([
      ['a', '[]'],
      ['b.list[0].q', 'true'],
      ['b.list[1]', '2'],
      ['b["x.y"]', '1'],
      ['c', '{}'],
      ['d', 'null'],
    ]);
  });
});
