import type { attorneyContracts } from '@shared/contracts/attorney';
import type { authContracts } from '@shared/contracts/auth';
import type { firmRequestContracts } from '@shared/contracts/firm';
import type { formContracts } from '@shared/contracts/forms';
import type { positionLpqContracts } from '@shared/contracts/position-lpq';
import type { PositionLpq } from '@shared/position-lpq';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import { ApiError, errorMessage, fieldErrors } from './api';
import { api, apiOrNull, apiUrl, type BodyOf, type QueryOf, type ResultOf } from './client';

const unauthorized = vi.hoisted(() => vi.fn());
vi.mock('./toast', () => ({ handleUnauthorized: unauthorized }));

// Types: tsc checks these lines (vitest runs them as no-ops). A call whose body or answer drifts from its
// contract fails here.
type Contract<C> = C extends { body: infer B extends z.ZodType; response: { [s: number]: unknown } }
  ? B
  : never;
type Answer<C, S extends number> = C extends { response: { [K in S]: infer R extends z.ZodType } }
  ? z.output<R>
  : never;

describe('types', () => {
  it('takes the contract body (z.input) and answers its success schema (z.output)', () => {
    expectTypeOf<BodyOf<'POST /api/login'>>().toEqualTypeOf<z.input<Contract<typeof authContracts.login>>>();
    expectTypeOf<ResultOf<'POST /api/login'>>().toEqualTypeOf<Answer<typeof authContracts.login, 200>>();
    expectTypeOf<BodyOf<'PUT /api/lpqs/:id'>>().toEqualTypeOf<
      z.input<Contract<typeof positionLpqContracts.save>>
    >();
    expectTypeOf<BodyOf<'POST /api/firm/lpq-requests/:id/notes'>>().toEqualTypeOf<{ body: string }>();
    expectTypeOf<ResultOf<'GET /api/firm/lpq-requests/:id/notes'>>().toEqualTypeOf<
      Answer<typeof firmRequestContracts.listNotes, 200>
    >();
    expectTypeOf<ResultOf<'GET /api/attorney/onboarding'>>().toEqualTypeOf<
      Answer<typeof attorneyContracts.onboarding, 200>
    >();
    expectTypeOf<ResultOf<'GET /api/attorney/drafts/:form'>>().toEqualTypeOf<
      Answer<typeof formContracts.getDraft, 200>
    >();
    // 204: nothing.
    expectTypeOf<ResultOf<'DELETE /api/attorney/drafts/:form'>>().toEqualTypeOf<undefined>();
    expectTypeOf<QueryOf<'GET /api/firm/lpq-requests/:id/changes'>>().toEqualTypeOf<{
      from: unknown;
      to: unknown;
    }>();
  });

  it('reads a loosely described stored document as its shared type, which must fit the contract', () => {
    expectTypeOf<ResultOf<'GET /api/lpqs/:id'>>().toEqualTypeOf<PositionLpq>();
    expectTypeOf<PositionLpq>().toExtend<Answer<typeof positionLpqContracts.get, 200>>();
  });

  it('refuses what the contract does not take', () => {
    const never = () => {
      // @ts-expect-error no such route
      void api('GET /api/nowhere');
      // @ts-expect-error params are required
      void api('GET /api/lpqs/:id');
      // @ts-expect-error the body is required
      void api('POST /api/login', {});
      // @ts-expect-error a field the body schema does not have the type of
      void api('POST /api/login', { body: { email: 'a@b.c', password: 1 } });
      // @ts-expect-error a file route is not a JSON call
      void api('GET /api/firm/lpq-requests/:id/package.pdf', { params: { id: 'x' } });
    };
    expect(never).toBeTypeOf('function');
  });
});

describe('apiUrl', () => {
  it('fills the path from params, encoded, and appends the defined query values in order', () => {
    expect(apiUrl('GET /api/lpqs/:id', { params: { id: 'a b/c' } })).toBe('/api/lpqs/a%20b%2Fc');
    expect(
      apiUrl('GET /api/firm/lpq-requests/:id/changes', { params: { id: 'r1' }, query: { from: 1, to: 2 } }),
    ).toBe('/api/firm/lpq-requests/r1/changes?from=1&to=2');
    expect(
      apiUrl('GET /api/firm/lpq-requests', { query: { status: undefined, q: 'a@b.c', sort: '-sent' } }),
    ).toBe('/api/firm/lpq-requests?q=a%40b.c&sort=-sent');
    expect(apiUrl('GET /api/attorney/profile')).toBe('/api/attorney/profile');
  });
});

describe('calls', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    unauthorized.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  const json = (status: number, body: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });

  it('sends the method, JSON body and credentials; answers the parsed body', async () => {
    fetchMock.mockResolvedValue(json(200, { updatedAt: 'now' }));
    const answer = await api('PUT /api/attorney/drafts/:form', {
      params: { form: 'profile' },
      body: { data: {} },
    });
    expect(answer).toEqual({ updatedAt: 'now' });
    expect(fetchMock).toHaveBeenCalledWith('/api/attorney/drafts/profile', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{"data":{}}',
      credentials: 'include',
    });
  });

  it('answers undefined for a 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(
      api('DELETE /api/attorney/drafts/:form', { params: { form: 'x' } }),
    ).resolves.toBeUndefined();
  });

  it('throws one ApiError with the status, the server message and the field errors', async () => {
    fetchMock.mockResolvedValue(json(400, { message: 'Invalid input', errors: { email: 'Enter an email' } }));
    const error = await api('POST /api/login', { body: { email: 'x', password: 'y' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid input',
      errors: { email: 'Enter an email' },
    });
    expect(errorMessage(error, 'fallback')).toBe('Invalid input');
    expect(fieldErrors(error)).toEqual({ email: 'Enter an email' });
    // Signing in with a wrong password is not an ended session.
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('keeps the status text when the body is not JSON; the toast then uses its fallback', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    const error = await api('GET /api/attorney/profile').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: '502: Bad Gateway', errors: {} });
    expect(errorMessage(error, 'fallback')).toBe('fallback');
  });

  it('starts the sign-in round trip on a 401, except for signing in', async () => {
    fetchMock.mockImplementation(async () => json(401, { message: 'Unauthorized' }));
    await expect(api('GET /api/attorney/profile')).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toHaveBeenCalledTimes(1);
    await expect(api('POST /api/login', { body: { email: 'a', password: 'b' } })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(unauthorized).toHaveBeenCalledTimes(1);
    // Joining a firm with an existing account's password: a wrong one is the form's error.
    await expect(
      api('POST /api/auth/accept-invitation', { body: { token: 't', password: 'wrong' } }),
    ).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('apiOrNull answers null for its status, without a sign-in round trip', async () => {
    fetchMock.mockImplementation(async () => json(401, { message: 'Unauthorized' }));
    await expect(apiOrNull(401, 'GET /api/user')).resolves.toBeNull();
    fetchMock.mockImplementation(async () => json(404, { message: 'Not Found' }));
    await expect(apiOrNull(404, 'GET /api/attorney/master-lpq')).resolves.toBeNull();
    expect(unauthorized).not.toHaveBeenCalled();
  });
});
