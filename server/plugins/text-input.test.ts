import { describe, expect, it } from 'vitest';
import { completeMasterLpq } from '../modules/master-lpq/master-lpq.fixtures';
import { findUnstorableText } from './text-input';

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
