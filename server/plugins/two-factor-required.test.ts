import { expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestDatabase, recordingTransport, testConfig } from '../test/harness';
import { routeCollector } from '../test/route-table';
import { refuseUntilEnrolled, TWO_FACTOR_ENROLMENT_ROUTES } from './two-factor-required';

// The helper the session plugin calls for a firm that requires a second factor (PRODUCT.md §10).

it('refuses every API route but enrolment with 403 two_factor_required, until the member enrols', async () => {
  const database = await createTestDatabase('pglite');
  const collector = routeCollector();
  const app = await buildApp({
    config: testConfig(),
    db: database.db,
    mailTransport: recordingTransport(),
    logger: false,
    onRoute: collector.onRoute,
  });
  // As the session plugin will: the firm's requirement and the member's factors (headers stand in here).
  app.addHook('onRequest', (request, reply, done) => {
    const state = {
      required: request.headers['x-required'] === '1',
      enrolled: request.headers['x-enrolled'] === '1',
    };
    if (refuseUntilEnrolled(request, reply, state)) return;
    done();
  });
  await app.ready();
  try {
    // Every enrolment route is one the server has.
    const keys = new Set(collector.routes().map((r) => r.key));
    expect([...TWO_FACTOR_ENROLMENT_ROUTES].filter((k) => !keys.has(k))).toEqual([]);

    const call = (url: string, headers: Record<string, string>) =>
      app.inject({ method: 'GET', url, headers });
    const refused = await call('/api/firm/lpq-requests', { 'x-required': '1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Your firm requires two-step sign-in. Set up an authenticator app or a passkey to continue.',
      code: 'two_factor_required',
    });
    // Enrolment stays open (here the route's own 401: signed out).
    expect((await call('/api/auth/security', { 'x-required': '1' })).statusCode).toBe(401);
    // Enrolled, or a firm that does not require it: nothing changes.
    expect((await call('/api/firm/lpq-requests', { 'x-required': '1', 'x-enrolled': '1' })).statusCode).toBe(
      401,
    );
    expect((await call('/api/firm/lpq-requests', {})).statusCode).toBe(401);
  } finally {
    await app.close();
    await database.close();
  }
});
