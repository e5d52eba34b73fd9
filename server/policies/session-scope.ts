import { SESSION } from '@shared/limits';
import { type Placeholder, type SQLWrapper, sql } from 'drizzle-orm';
import { passkeys, totpFactors } from '../db/schema';

/**
 * A session is valid until its absolute expiry and while it has been used within the idle limit
 * (docs/ARCHITECTURE.md, 'Sessions'). One definition for the session lookup of every request, the hot reads'
 * own lookup and the sweep of dead sessions (columns of `sessions` or an alias of it): `now` and the idle cutoff come from `sessionClock`.
 */
type SqlValue = SQLWrapper | Placeholder | string;
export type SessionColumns = Record<'expiresAt' | 'lastUsedAt', SQLWrapper>;

export const sessionLiveSql = (s: SessionColumns, now: SqlValue, idleCutoff: SqlValue) =>
  sql`(${s.expiresAt} > ${now}::timestamptz and ${s.lastUsedAt} > ${idleCutoff}::timestamptz)`;

/** The moments a session is judged at: now and the idle cutoff, as ISO strings. */
export function sessionClock(now = new Date()) {
  return { now: now.toISOString(), idleCutoff: new Date(now.getTime() - SESSION.idleMs).toISOString() };
}

/**
 * PRODUCT.md §10: the user's firm requires a second factor and they have none yet (an enabled authenticator
 * app or a passkey): until they enrol, only the enrolment routes answer them. `required` is the firm's
 * setting as SQL (null for a user without a firm); with the session's `auth_method`, a single sign-on
 * with the provider's multi-factor counts as the second factor.
 */
export const mustEnrolSecondFactorSql = (
  userId: SQLWrapper,
  required: SQLWrapper,
  sessionAuthMethod?: SQLWrapper,
) =>
  sessionAuthMethod
    ? sql`(coalesce(${required}, false) and not ${hasSecondFactorSql(userId)} and ${sessionAuthMethod} is distinct from ${SSO_MFA_AUTH_METHOD})`
    : sql`(coalesce(${required}, false) and not ${hasSecondFactorSql(userId)})`;

/**
 * PRODUCT.md §14: a session made by a single sign-on whose provider said it did multi-factor (`amr` has
 * `mfa`) satisfies the firm's second-factor requirement for as long as it lasts (its `auth_method`).
 */
export const SSO_MFA_AUTH_METHOD = 'sso_mfa';

/** The user has a second factor: an enabled authenticator app or a passkey (the Team page's status). */
export const hasSecondFactorSql = (userId: SQLWrapper) =>
  sql<boolean>`(exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${userId} and ${totpFactors.enabledAt} is not null)
    or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId}))`;
