import { SESSION } from '@shared/limits';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { preparedSql } from '../../db/prepared';
import { firmMembers, firms, sessions, users } from '../../db/schema';
import { SSO_MFA_AUTH_METHOD } from '../../policies/session-scope';
import { buildAttorney, buildFirmUser } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { hashToken } from './crypto';
import {
  createSession,
  SESSION_IN_STATEMENT,
  SESSION_TOUCH_INTERVAL_MS,
  sessionParams,
  sessionUserOfRow,
  validateSessionId,
} from './sessions';

/**
 * The session's two forms (sessions.ts) are one rule: the ordinary lookup every request's hook runs
 * (`validateSessionId`) and the same lookup composed into one statement (`SESSION_IN_STATEMENT`) answer the
 * same user — or none — and touch 'last used' alike, for every kind of session, on both databases.
 */
describeEachDb('the session: its ordinary and its one-statement form agree', (t) => {
  const db = () => t().db;
  const composed = async (id: string, now: Date) => {
    const rows = await preparedSql(
      db(),
      'session_alone',
      sql`with ${SESSION_IN_STATEMENT} select "session".* from "session"`,
    ).execute(sessionParams(id, now));
    return sessionUserOfRow(rows[0]);
  };
  const ordinary = async (id: string, now: Date) => (await validateSessionId(db(), id, now))?.user ?? null;
  const lastUsed = async (id: string) =>
    (await db().select({ at: sessions.lastUsedAt }).from(sessions).where(eq(sessions.id, id)))[0]?.at ?? null;

  /** Runs both forms from the same stored state: the decision, the user and 'last used' after must match. */
  async function bothForms(id: string, now = new Date()) {
    const before = await lastUsed(id);
    const plain = await ordinary(id, now);
    const touchedPlain = await lastUsed(id);
    if (before) await db().update(sessions).set({ lastUsedAt: before }).where(eq(sessions.id, id));
    const one = await composed(id, now);
    const touchedOne = await lastUsed(id);
    expect(one).toEqual(plain);
    expect(touchedOne?.getTime()).toEqual(touchedPlain?.getTime());
    return { user: plain, touched: touchedPlain, before };
  }
  const newSession = async (userId: string, authMethod?: string) =>
    hashToken((await createSession(db(), userId, { authMethod })).token);

  it("a fresh session, and a user's first: the same user, firstVisit on the first only", async () => {
    const attorney = await buildAttorney(t().app);
    const { user } = await bothForms(await newSession(attorney.user.id));
    expect(user).toMatchObject({ id: attorney.user.id, userType: 'attorney', emailVerified: true });
    expect(user?.firstVisit).toBeUndefined();
    const fresh = await db()
      .insert(users)
      .values({
        email: `first-${Date.now()}@example.com`,
        passwordHash: 'x',
        firstName: 'F',
        lastName: 'V',
        userType: 'attorney',
      })
      .returning({ id: users.id });
    const first = await bothForms(await newSession(fresh[0].id));
    expect(first.user).toMatchObject({ firstVisit: true, emailVerified: false });
  });

  it('a firm member with their firm and roles; removed from the firm: firm null', async () => {
    const member = await buildFirmUser(t().app);
    const id = await newSession(member.user.id);
    const { user } = await bothForms(id);
    expect(user?.firm).toEqual({ id: member.firmId, roles: member.user.firm?.roles });
    await db().delete(firmMembers).where(eq(firmMembers.userId, member.user.id));
    expect((await bothForms(id)).user).toMatchObject({ userType: 'firm', firm: null });
  });

  it('expired, idle, ended and a deleted user: no user for either', async () => {
    const attorney = await buildAttorney(t().app);
    const expired = await newSession(attorney.user.id);
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expired));
    expect((await bothForms(expired)).user).toBeNull();
    const idle = await newSession(attorney.user.id);
    await db()
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - SESSION.idleMs - 1000) })
      .where(eq(sessions.id, idle));
    const idleRead = await bothForms(idle);
    expect(idleRead.user).toBeNull();
    expect(idleRead.touched?.getTime()).toBe(idleRead.before?.getTime());
    const ended = await newSession(attorney.user.id);
    await db().delete(sessions).where(eq(sessions.id, ended));
    expect((await bothForms(ended)).user).toBeNull();
    expect((await bothForms('no-such-session')).user).toBeNull();
    const gone = await buildAttorney(t().app);
    const goneId = await newSession(gone.user.id);
    await db().delete(users).where(eq(users.id, gone.user.id));
    expect((await bothForms(goneId)).user).toBeNull();
  });

  it("touches 'last used' once it is a minute old, and not before", async () => {
    const attorney = await buildAttorney(t().app);
    const id = await newSession(attorney.user.id);
    const now = new Date();
    const recent = new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS + 5000);
    await db().update(sessions).set({ lastUsedAt: recent }).where(eq(sessions.id, id));
    expect((await bothForms(id, now)).touched?.getTime()).toBe(recent.getTime());
    const stale = new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS - 5000);
    await db().update(sessions).set({ lastUsedAt: stale }).where(eq(sessions.id, id));
    expect((await bothForms(id, now)).touched?.getTime()).toBe(now.getTime());
  });

  it('the second-factor gate: a member of a firm that requires one, without one, must enrol; SSO with MFA need not', async () => {
    const member = await buildFirmUser(t().app);
    await db().update(firms).set({ requireTwoFactor: true }).where(eq(firms.id, member.firmId));
    const pending = await bothForms(await newSession(member.user.id));
    expect(pending.user?.mustEnrolSecondFactor).toBe(true);
    const sso = await bothForms(await newSession(member.user.id, SSO_MFA_AUTH_METHOD));
    expect(sso.user?.mustEnrolSecondFactor).toBeUndefined();
    await db().update(firms).set({ requireTwoFactor: false }).where(eq(firms.id, member.firmId));
    expect((await bothForms(await newSession(member.user.id))).user?.mustEnrolSecondFactor).toBeUndefined();
  });
});
