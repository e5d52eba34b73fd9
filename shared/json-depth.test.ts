import { describe, expect, it } from 'vitest';
import { jsonDepth } from './json-depth';

describe('jsonDepth', () => {
  it('counts arrays and objects, not scalars', () => {
    expect(jsonDepth('text', 10)).toBe(0);
    expect(jsonDepth(null, 10)).toBe(0);
    expect(jsonDepth({}, 10)).toBe(1);
    expect(jsonDepth({ a: [1, { b: [] }] }, 10)).toBe(4);
    expect(jsonDepth([[], [[[]]]], 10)).toBe(4);
    // Scalars among the values, before and after the deepest branch, in objects and arrays alike.
    expect(jsonDepth({ a: 'x', b: [1, 'y', null, { c: true, d: [[0]] }, false], e: 2 }, 10)).toBe(5);
    expect(jsonDepth([null, 'x', { a: null }], 10)).toBe(2);
  });

  it('stops past its limit, however deep the value', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(jsonDepth(deep, 9)).toBe(9);
    expect(jsonDepth({ a: 1, b: { c: deep } }, 5)).toBe(5);
  });
});
