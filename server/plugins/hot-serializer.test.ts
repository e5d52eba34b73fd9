import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hotSerializerCompiler } from './hot-serializer';

const schema = z.array(z.object({ id: z.string(), sharedAt: z.string().nullable() }));
const route = { schema, method: 'GET', url: '/api/x', httpStatus: '200' } as never;

describe('hotSerializerCompiler', () => {
  it('sends JSON.stringify of the answer outside tests', () => {
    const encode = hotSerializerCompiler({ env: 'development' })(route);
    const answer = [{ id: 'a', sharedAt: null, extra: 1 }];
    expect(encode(answer)).toBe(JSON.stringify(answer));
  });

  it('under NODE_ENV=test, sends the same bytes when the answer is what the contract encodes', () => {
    const encode = hotSerializerCompiler({ env: 'test' })(route);
    const answer = [{ id: 'a', sharedAt: '2026-11-23T00:00:00.000Z' }];
    expect(encode(answer)).toBe(JSON.stringify(answer));
  });

  it('under NODE_ENV=test, fails naming the route when the contract would strip or change the answer', () => {
    const encode = hotSerializerCompiler({ env: 'test' })(route);
    expect(() => encode([{ id: 'a', sharedAt: null, passwordHash: 'x' }])).toThrow(
      'GET /api/x (200): the answer differs from its contract',
    );
    expect(() => encode([{ id: 1, sharedAt: null }])).toThrow();
  });
});
