import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { storedDocument } from '../../shared/contracts/contract';
import { RawJson } from '../db/prepared';
import { hotSerializerCompiler } from './hot-serializer';

const schema = z.array(
  z.object({
    id: z.string(),
    sharedAt: z.string().nullable(),
    version: z.number().nullable(),
    include: z.object({ documents: z.boolean() }).nullable(),
    formData: z.record(z.string(), z.unknown()),
    value: z.union([z.string(), z.number()]).nullable(),
    nested: z.object({ inner: z.object({ a: z.string() }).nullable() }).nullable(),
  }),
);
const route = { schema, method: 'GET', url: '/api/x', httpStatus: '200' } as never;
/** The production encoder of a route GET /u answering `schema` (compiling is where shapes are refused). */
const compileRoute = (schema: unknown) =>
  hotSerializerCompiler({ env: 'production' })({
    schema,
    method: 'GET',
    url: '/u',
    httpStatus: '200',
  } as never);
const item = {
  id: 'a',
  sharedAt: '2026-11-23T00:00:00.000Z',
  version: 2,
  include: { documents: true },
  formData: { anything: [1, 'two', { three: null }] },
  value: 3,
  nested: { inner: { a: 'x' } },
};

describe('hotSerializerCompiler', () => {
  for (const env of ['development', 'production', 'test'] as const) {
    it(`${env}: sends what the contract encodes, nulls and stored documents included`, () => {
      const encode = hotSerializerCompiler({ env })(route);
      const empty = { ...item, sharedAt: null, version: null, include: null, formData: {}, value: null };
      const inner = { ...item, value: 'three', nested: { inner: null } };
      const outer = { ...item, nested: null };
      expect(JSON.parse(encode([item, empty, inner, outer]))).toEqual([item, empty, inner, outer]);
    });

    it(`${env}: never sends a field the contract does not name`, () => {
      const encode = hotSerializerCompiler({ env })(route);
      const sent = encode([
        {
          ...item,
          passwordHash: '$argon2id$leaked',
          include: { documents: false, x: 1 },
          nested: { inner: { a: 'x', token: 'leaked' }, token: 'leaked' },
        },
      ]);
      expect(sent).not.toContain('leaked');
      expect(JSON.parse(sent)).toEqual([{ ...item, include: { documents: false } }]);
    });
  }

  it('never sends an object whole where the contract names a primitive', () => {
    const encode = hotSerializerCompiler({ env: 'production' })(route);
    const sent = encode([{ ...item, id: { token: 'leaked' }, value: { secret: 'leaked' } }]);
    expect(sent).not.toContain('leaked');
  });

  it('refuses at start-up an answer it cannot copy safely (a union of objects)', () => {
    const union = z.object({ x: z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]) });
    expect(() => compileRoute(union)).toThrow('GET /u.x');
  });

  it('under NODE_ENV=test, fails when the answer breaks its contract', () => {
    const encode = hotSerializerCompiler({ env: 'test' })(route);
    expect(() => encode([{ ...item, id: 1 }])).toThrow();
    expect(() => encode([{ ...item, formData: null }])).toThrow();
  });
});

describe('hotSerializerCompiler with stored documents given as the database printed them', () => {
  const packageSchema = z.object({
    id: z.string(),
    note: z.string().optional(),
    package: z
      .object({
        version: z.number(),
        masterLpq: storedDocument('x', z.object({})),
        profile: storedDocument('x', z.object({})).nullable(),
        documents: z.array(z.object({ id: z.string() })),
        positionLpq: z.object({ status: z.string(), formData: storedDocument('x', z.object({})) }).nullable(),
      })
      .nullable(),
  });
  const docRoute = { schema: packageSchema, method: 'GET', url: '/api/y', httpStatus: '200' } as never;
  // jsonb's own spacing, a quote and markup in a value, unicode: written exactly as given.
  const lpqText = '{"a": 1.50, "b": [true, null], "c": "say \\"hi\\" <b>x</b> é"}';
  const answer = {
    id: 'r1',
    package: {
      version: 2,
      masterLpq: new RawJson(lpqText),
      profile: null,
      documents: [{ id: 'f1', secret: 'leaked' }],
      positionLpq: { status: 'submitted', formData: new RawJson('{}'), secret: 'leaked' },
      secret: 'leaked',
    },
    secret: 'leaked',
  };

  for (const env of ['production', 'test'] as const)
    it(`${env}: writes a RawJson's text unparsed, and only the contract's other fields`, () => {
      const encode = hotSerializerCompiler({ env })(docRoute);
      const sent = encode(answer);
      expect(sent).toContain(`"masterLpq":${lpqText}`);
      expect(sent).not.toContain('leaked');
      expect(JSON.parse(sent)).toEqual({
        id: 'r1',
        package: {
          version: 2,
          masterLpq: JSON.parse(lpqText),
          profile: null,
          documents: [{ id: 'f1' }],
          positionLpq: { status: 'submitted', formData: {} },
        },
      });
      // Parsed documents (PGlite reads jsonb parsed) and a package of null are written alike.
      const parsed = { ...answer.package, masterLpq: { a: 1 }, positionLpq: null, profile: { p: 'q' } };
      expect(JSON.parse(encode({ ...answer, package: parsed, note: 'n' }))).toEqual({
        id: 'r1',
        note: 'n',
        package: {
          version: 2,
          masterLpq: { a: 1 },
          profile: { p: 'q' },
          documents: [{ id: 'f1' }],
          positionLpq: null,
        },
      });
      expect(JSON.parse(encode({ id: 'r2', package: null }))).toEqual({ id: 'r2', package: null });
    });

  it('refuses an answer without a required field', () => {
    const encode = hotSerializerCompiler({ env: 'production' })(docRoute);
    expect(() => encode({ id: 'r1' })).toThrow('"package" is required');
  });

  it('under NODE_ENV=test, fails when a RawJson is not what the contract says (a list, not a document)', () => {
    const encode = hotSerializerCompiler({ env: 'test' })(docRoute);
    expect(() =>
      encode({ ...answer, package: { ...answer.package, masterLpq: new RawJson('[1]') } }),
    ).toThrow();
  });

  it('refuses at start-up a stored document where it cannot choose a branch (a union)', () => {
    const union = z.object({ x: z.union([storedDocument('x', z.object({})), z.string()]) });
    expect(() => compileRoute(union)).toThrow('GET /u.x');
  });
});
