import type { User } from '@shared/auth';
import { todayUtc } from '@shared/calendar';
import { PACKAGE_SHARED_STATUSES } from '@shared/requests';
import { FIRM_ROLES, type FirmRole, HIRING_PARTS, type ReadablePart } from '@shared/team';
import { type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { conflictsPrechecks, lpqRequests, requestReviewers } from '../db/schema';
import type { FirmMember } from './authorize';

/**
 * The facts the request rules are judged on, in both forms: pure functions over a loaded row, and the same
 * conditions as SQL fragments (Drizzle's `sql`) for queries, locks, download grants and the one-statement hot
 * reads. The policies in request.policy.ts and file.policy.ts are composed from these; policies.test.ts checks
 * that each JS form and its SQL form agree on every case.
 */

/**
 * The one clock of access periods (PRODUCT.md §5): today in UTC, from the application's clock. The access end
 * date is inclusive. Every rule, query and job that asks whether access has ended takes today from here and
 * passes it to SQL as a value, so the database's clock never decides.
 */
export { todayUtc };

/** A value in a fragment: bound from JS, a placeholder of a prepared statement, or a column of the statement. */
type SqlValue = SQLWrapper | Placeholder | string;

/** The columns of lpq_requests the rules read: the table itself or an alias of it (`alias(lpqRequests, 'r')`). */
export type RequestColumns = Record<
  'id' | 'firmId' | 'status' | 'accessUntil' | 'currentVersion' | 'attorneyEmail',
  SQLWrapper
>;

/**
 * A firm member as SQL: bound values for a member the server knows, or the columns of a statement that looks
 * the session up itself (the hot reads): the same fragments serve both.
 */
export type MemberRef = { userId: SQLWrapper; firmId: SQLWrapper; roles: SQLWrapper };

/** Roles and parts come from fixed lists, so their array literal is safe to bind or write as one text value. */
export const arrayLiteral = (values: readonly (FirmRole | ReadablePart)[]) => `{${values.join(',')}}`;

export const memberRef = (member: FirmMember): MemberRef => ({
  userId: sql`${member.id}::uuid`,
  firmId: sql`${member.firm.id}::uuid`,
  roles: sql`${arrayLiteral(member.firm.roles)}::text[]`,
});

const holds = (roles: SQLWrapper, ...wanted: FirmRole[]) =>
  sql`(${roles} && ${sql.raw(`'${arrayLiteral(wanted)}'`)}::text[])`;

// ---------------------------------------------------------------------------------------------------------
// The package may be read: shared, not revoked, within its access period.

const SHARED_LIST = sql.raw(PACKAGE_SHARED_STATUSES.map((s) => `'${s}'`).join(', '));

export type AccessFacts = Pick<typeof lpqRequests.$inferSelect, 'status' | 'accessUntil'>;

/** The access end date has passed (the expiry job may not have marked the request yet). */
export const accessEnded = (row: Pick<AccessFacts, 'accessUntil'>, today = todayUtc()) =>
  row.accessUntil !== null && row.accessUntil < today;

/** PRODUCT.md §5: the firm's side may read the package now. */
export const packageOpen = (row: AccessFacts, today = todayUtc()) =>
  PACKAGE_SHARED_STATUSES.includes(row.status) && !accessEnded(row, today);

export const packageOpenSql = (r: Pick<RequestColumns, 'status' | 'accessUntil'>, today: SqlValue) =>
  sql`(${r.status} in (${SHARED_LIST}) and (${r.accessUntil} is null or ${r.accessUntil} >= ${today}::date))`;

/** Shared, and its access period over: what the expiry job ends. */
export const accessEndedSql = (r: Pick<RequestColumns, 'status' | 'accessUntil'>, today: SqlValue) =>
  sql`(${r.status} in (${SHARED_LIST}) and ${r.accessUntil} < ${today}::date)`;

// ---------------------------------------------------------------------------------------------------------
// The firm's side (PRODUCT.md §9): what a member's roles reach of one request of their firm.

/** What the firm's rules are judged on: the request's firm, whether it was ever shared, and the assignment. */
export type FirmRequestFacts = { firmId: string; currentVersion: number | null; assigned: boolean };

/** The member is one of the reviewers assigned to the request. */
export const assignedSql = (m: MemberRef, r: Pick<RequestColumns, 'id'>) =>
  sql`exists (select 1 from ${requestReviewers} where ${requestReviewers.requestId} = ${r.id} and ${requestReviewers.userId} = ${m.userId})`;

const ofFirm = (m: FirmMember, row: { firmId: string }) => row.firmId === m.firm.id;
const ofFirmSql = (m: MemberRef, r: Pick<RequestColumns, 'firmId'>) => sql`${r.firmId} = ${m.firmId}`;

/** Admins and recruiters read every request of the firm; reviewers those assigned to them. */
const hiringReader = (m: FirmMember, row: FirmRequestFacts) =>
  m.firm.roles.includes('admin') ||
  m.firm.roles.includes('recruiter') ||
  (m.firm.roles.includes('reviewer') && row.assigned);
const hiringReaderSql = (m: MemberRef, r: Pick<RequestColumns, 'id'>) =>
  sql`(${holds(m.roles, 'admin', 'recruiter')} or ('reviewer' = any(${m.roles}) and ${assignedSql(m, r)}))`;

/** The request belongs to the member's firm. */
export const firmOwns = (m: FirmMember, row: { firmId: string }) => ofFirm(m, row);
export const firmOwnsSql = (m: MemberRef, r: Pick<RequestColumns, 'firmId'>) => ofFirmSql(m, r);

/**
 * The member sees the request at all: the hiring side as above, and the conflicts department every request
 * once shared. A diversity officer sees none (their forms come through the self-identification page).
 */
export const firmSees = (m: FirmMember, row: FirmRequestFacts) =>
  ofFirm(m, row) &&
  (hiringReader(m, row) || (m.firm.roles.includes('conflicts') && row.currentVersion !== null));
export const firmSeesSql = (m: MemberRef, r: RequestColumns) =>
  sql`(${ofFirmSql(m, r)} and (${hiringReaderSql(m, r)} or ('conflicts' = any(${m.roles}) and ${r.currentVersion} is not null)))`;

/** Notes and the hiring parts: admins, recruiters and the assigned reviewers. */
export const firmReadsForHiring = (m: FirmMember, row: FirmRequestFacts) =>
  ofFirm(m, row) && hiringReader(m, row);
export const firmReadsForHiringSql = (m: MemberRef, r: RequestColumns) =>
  sql`(${ofFirmSql(m, r)} and ${hiringReaderSql(m, r)})`;

/** Mark Under Review / Review Complete: recruiters, and the reviewers assigned to the request. */
export const firmReviews = (m: FirmMember, row: FirmRequestFacts) =>
  ofFirm(m, row) &&
  (m.firm.roles.includes('recruiter') || (m.firm.roles.includes('reviewer') && row.assigned));
export const firmReviewsSql = (m: MemberRef, r: RequestColumns) =>
  sql`(${ofFirmSql(m, r)} and ('recruiter' = any(${m.roles}) or ('reviewer' = any(${m.roles}) and ${assignedSql(m, r)})))`;

/** The conflicts department: every request of the firm once shared. */
export const firmClearsConflicts = (m: FirmMember, row: FirmRequestFacts) =>
  ofFirm(m, row) && m.firm.roles.includes('conflicts') && row.currentVersion !== null;
export const firmClearsConflictsSql = (m: MemberRef, r: RequestColumns) =>
  sql`(${ofFirmSql(m, r)} and 'conflicts' = any(${m.roles}) and ${r.currentVersion} is not null)`;

/**
 * PRODUCT.md §13, the pre-check: the conflicts role reads the rows of a pending request of its firm whose attorney
 * sent a pre-check and has not withdrawn it — its rows, never the package (no other rule changes for it).
 */
export type PrecheckFacts = { firmId: string; status: string; prechecked: boolean };
export const firmReadsPrecheck = (m: FirmMember, row: PrecheckFacts) =>
  ofFirm(m, row) && m.firm.roles.includes('conflicts') && row.status === 'pending' && row.prechecked;
export const precheckedSql = (r: Pick<RequestColumns, 'id'>) =>
  sql`exists (select 1 from ${conflictsPrechecks} where ${conflictsPrechecks.requestId} = ${r.id} and ${conflictsPrechecks.withdrawnAt} is null)`;
export const firmReadsPrecheckSql = (m: MemberRef, r: RequestColumns) =>
  sql`(${ofFirmSql(m, r)} and 'conflicts' = any(${m.roles}) and ${r.status} = 'pending' and ${precheckedSql(r)})`;

/**
 * PRODUCT.md §9, the one function that decides which parts of a package a reader gets: the hiring parts to
 * admins, recruiters and assigned reviewers, the conflicts form to the conflicts role, the diversity form to the
 * diversity role. Every path that lets a part out uses it (JSON, versions, 'What changed', PDF, documents).
 */
export function packageParts(m: FirmMember, row: FirmRequestFacts): ReadablePart[] {
  if (!ofFirm(m, row)) return [];
  const parts: ReadablePart[] = hiringReader(m, row) ? [...HIRING_PARTS] : [];
  if (m.firm.roles.includes('conflicts')) parts.push('conflictsForm');
  if (m.firm.roles.includes('diversity')) parts.push('diversityForm');
  return parts;
}
/**
 * The roles a part reaches (a reviewer's only on the requests assigned to them), read off `packageParts`: what
 * a member holding that one role, assigned, gets of a shared request of their firm. For the screens that name
 * a part's audience; a read is labelled by the parts it carried (access_events.parts), never by this.
 */
export function rolesReaching(part: ReadablePart): FirmRole[] {
  const facts: FirmRequestFacts = { firmId: 'firm', currentVersion: 1, assigned: true };
  return FIRM_ROLES.filter((role) =>
    packageParts(
      {
        id: '',
        email: '',
        firstName: '',
        lastName: '',
        userType: 'firm',
        emailVerified: true,
        firm: { id: 'firm', roles: [role] },
      },
      facts,
    ).includes(part),
  );
}
export const packagePartsSql = (m: MemberRef, r: RequestColumns) =>
  sql`(case when ${ofFirmSql(m, r)} then
    (case when ${hiringReaderSql(m, r)} then ${sql.raw(`'${arrayLiteral(HIRING_PARTS)}'`)}::text[] else '{}'::text[] end)
    || (case when 'conflicts' = any(${m.roles}) then '{conflictsForm}'::text[] else '{}'::text[] end)
    || (case when 'diversity' = any(${m.roles}) then '{diversityForm}'::text[] else '{}'::text[] end)
  else '{}'::text[] end)`;

// ---------------------------------------------------------------------------------------------------------
// The attorney's side (PRODUCT.md §8).

/**
 * An attorney may see and act on the requests sent to their address (any letter case), and only once
 * that address is verified.
 */
export const mayActOnRequests = (user: User) => user.userType === 'attorney' && user.emailVerified;

/** Requests sent to this lower-cased address: a value, or a placeholder in a prepared statement. */
export const sentToAddress = (
  lowerCaseEmail: SqlValue,
  r: Pick<RequestColumns, 'attorneyEmail'> = lpqRequests,
) => sql`lower(${r.attorneyEmail}) = ${lowerCaseEmail}`;

/** An attorney as SQL: bound values, or the columns of a statement's own session lookup. */
export type AttorneyRef = { userType: SQLWrapper; emailVerified: SQLWrapper; lowerCaseEmail: SQLWrapper };

/** The requests an attorney may see and act on, as SQL over an attorney reference (the rule above). */
export const attorneyRequestScopeSql = (
  a: AttorneyRef,
  r: Pick<RequestColumns, 'attorneyEmail'> = lpqRequests,
) => sql`(${a.userType} = 'attorney' and ${a.emailVerified} and ${sentToAddress(a.lowerCaseEmail, r)})`;

/** The requests an attorney may see and act on; a condition that matches nothing if they may not. */
export function attorneyRequestScope(user: User): SQL {
  return attorneyRequestScopeSql({
    userType: sql`${user.userType}`,
    emailVerified: sql`${mayActOnRequests(user)}`,
    lowerCaseEmail: sql`${user.email.toLowerCase()}`,
  });
}

// ---------------------------------------------------------------------------------------------------------
// For services, which hold no SQL of their own: a policy's scope over lpq_requests for a member they know.

type FirmScoped = { scope: (m: MemberRef, r: RequestColumns) => SQL };

/** The rows of lpq_requests the policy allows this member. */
export const scopeFor = (policy: FirmScoped, member: FirmMember) =>
  policy.scope(memberRef(member), lpqRequests);

/** The requests whose package is open today (the one clock). */
export const packageOpenNow = () => packageOpenSql(lpqRequests, todayUtc());

/** Both conditions. */
export const allOf = (...conditions: SQL[]) =>
  sql.join(
    conditions.map((c) => sql`(${c})`),
    sql` and `,
  );

/** The requests whose package reaches this part for the member (`packageParts` as SQL). */
export const partReachedBy = (member: FirmMember, part: ReadablePart) =>
  sql`${part} = any(${packagePartsSql(memberRef(member), lpqRequests)})`;
