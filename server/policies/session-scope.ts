import { SESSION } from '@shared/limits';
import { type Placeholder, type SQLWrapper, sql } from 'drizzle-orm';

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
