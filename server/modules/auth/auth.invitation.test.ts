import { AUTH_MESSAGES } from '@shared/auth';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../../db/schema';
import { uniqueEmail } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { registration } from './auth.test-support';

// Registration through an invitation's token.

describeEachDb('registration through an invitation', (t) => {
  const invite = async (email: string) => {
    const { createEmailToken } = await import('./tokens');
    return createEmailToken(t().db, { purpose: 'invitation', email, ttlMs: 60_000 });
  };

  it('verifies the address when the token was sent to it (any letter case) and sends no verification mail', async () => {
    const email = uniqueEmail('invited');
    const token = await invite(email);
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ email: email.toUpperCase(), invitationToken: token }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().emailVerified).toBe(true);
    expect((await t().outbox(email)).filter((m) => m.kind === 'verify_email')).toHaveLength(0);
  });

  it('refuses a token sent to another address and creates nothing', async () => {
    const token = await invite(uniqueEmail('someone-else'));
    const email = uniqueEmail('intruder');
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ email, invitationToken: token }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toBe(AUTH_MESSAGES.invitationEmailMismatch);
    expect(await t().db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('ignores a used token: the account is created unverified with a verification mail', async () => {
    const email = uniqueEmail('reuse');
    const token = await invite(email);
    await t().app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ email, invitationToken: token }),
    });
    const other = uniqueEmail('reuse2');
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ email: other, invitationToken: token }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().emailVerified).toBe(false);
  });
});
