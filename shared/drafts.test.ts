import { describe, expect, it } from 'vitest';
import { DRAFT_MAX_DEPTH, draftBodySchema, isDraftBody } from './drafts';

const nested = (levels: number): unknown => (levels === 0 ? 'x' : { a: nested(levels - 1) });

describe('isDraftBody', () => {
  // Autosave's route trusts it in place of the schema: it may accept only what the schema accepts, and the
  // schema's answer for everything else is what the caller gets.
  const bodies: [string, unknown][] = [
    ['a draft', { data: { firstName: 'Ada', employers: [{ name: 'X', years: [2019, 2020] }] } }],
    ['an empty draft', { data: {} }],
    ['a draft with another top-level key', { data: { a: 1 }, extra: true }],
    ['a draft at the depth limit', { data: nested(DRAFT_MAX_DEPTH) }],
    ['a draft one level too deep', { data: nested(DRAFT_MAX_DEPTH + 1) }],
    ['data as an array', { data: [1, 2] }],
    ['data as null', { data: null }],
    ['data as a string', { data: 'text' }],
    ['no data', {}],
    ['the body as an array', [{ data: {} }]],
    ['the body as null', null],
    ['the body as a string', 'data'],
  ];

  it.each(bodies)('agrees with draftBodySchema: %s', (_label, body) => {
    expect(isDraftBody(body)).toBe(draftBodySchema.safeParse(body).success);
  });

  it('accepts drafts and refuses what the schema refuses', () => {
    expect(bodies.filter(([, body]) => isDraftBody(body)).map(([label]) => label)).toEqual([
      'a draft',
      'an empty draft',
      'a draft with another top-level key',
      'a draft at the depth limit',
    ]);
  });
});
