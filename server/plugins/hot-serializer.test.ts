import { describe, expect, it } from 'vitest';
import { z } from 'zod';
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

  it('under NODE_ENV=test, fails when the answer breaks its contract', () => {
    const encode = hotSerializerCompiler({ env: 'test' })(route);
    expect(() => encode([{ ...item, id: 1 }])).toThrow();
    expect(() => encode([{ ...item, formData: null }])).toThrow();
  });
});
