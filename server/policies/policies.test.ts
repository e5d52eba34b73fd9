import { FIRM_ROLES, type FirmRole, READABLE_PARTS } from '@shared/team';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { conflictsPrechecks, firms, lpqRequests, requestReviewers, users } from '../db/schema';
import { createTestDatabase } from '../test/harness';
import type { FirmMember } from './authorize';
import {
  accessEndedSql,
  assignedSql,
  firmClearsConflicts,
  firmClearsConflictsSql,
  firmOwns,
  firmOwnsSql,
  firmReadsForHiring,
  firmReadsForHiringSql,
  firmReadsPrecheck,
  firmReadsPrecheckSql,
  firmReviews,
  firmReviewsSql,
  firmSees,
  firmSeesSql,
  memberRef,
  packageOpen,
  packageOpenSql,
  packageParts,
  packagePartsSql,
  rolesReaching,
} from './request-scope';

/**
 * One source per rule (ARCHITECTURE.md): each rule's JS form (judging a loaded row) and its SQL form (narrowing
 * a query, composed into the hot reads) must agree on every case. Every set of roles, assigned or not, on a
 * request of the member's firm or another's, shared or not; and every status and access end date around today.
 */
const ROLE_SETS: FirmRole[][] = Array.from({ length: 1 << FIRM_ROLES.length }, (_, mask) =>
  FIRM_ROLES.filter((_r, i) => mask & (1 << i)),
);

const FIRM = '10000000-0000-4000-8000-000000000001';
const OTHER_FIRM = '10000000-0000-4000-8000-000000000002';
const ASSIGNED = '20000000-0000-4000-8000-000000000001';
const UNASSIGNED = '20000000-0000-4000-8000-000000000002';
const REQUESTS = {
  pending: { id: '30000000-0000-4000-8000-000000000001', firmId: FIRM, currentVersion: null },
  shared: { id: '30000000-0000-4000-8000-000000000002', firmId: FIRM, currentVersion: 1 },
  otherFirm: { id: '30000000-0000-4000-8000-000000000003', firmId: OTHER_FIRM, currentVersion: 1 },
  // PRODUCT.md §13: pending with a pre-check in force, one withdrawn, another firm's, and a shared one's kept.
  prechecked: { id: '30000000-0000-4000-8000-000000000004', firmId: FIRM, currentVersion: null },
  withdrawn: { id: '30000000-0000-4000-8000-000000000005', firmId: FIRM, currentVersion: null },
  otherPrechecked: { id: '30000000-0000-4000-8000-000000000006', firmId: OTHER_FIRM, currentVersion: null },
  sharedAfterPrecheck: { id: '30000000-0000-4000-8000-000000000007', firmId: FIRM, currentVersion: 1 },
} as const;
/** The pre-check each request has in force (what the JS rule is told; the SQL reads conflicts_prechecks). */
const PRECHECKED = new Set<string>([
  REQUESTS.prechecked.id,
  REQUESTS.otherPrechecked.id,
  REQUESTS.sharedAfterPrecheck.id,
]);

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase('pglite');
  const { db } = database;
  await db.insert(firms).values([{ id: FIRM }, { id: OTHER_FIRM }]);
  await db.insert(users).values(
    [ASSIGNED, UNASSIGNED].map((id, i) => ({
      id,
      email: `m${i}@firm.example`,
      passwordHash: 'x',
      firstName: 'M',
      lastName: String(i),
      userType: 'firm' as const,
    })),
  );
  for (const r of Object.values(REQUESTS))
    await db.insert(lpqRequests).values({
      ...r,
      status: r.currentVersion ? 'accepted' : 'pending',
      firmName: 'Firm',
      attorneyEmail: 'a@example.com',
      positionTitle: `Partner ${r.id}`,
      practiceArea: 'Tax',
    });
  await db
    .insert(conflictsPrechecks)
    .values([
      ...[...PRECHECKED].map((requestId) => ({ requestId })),
      { requestId: REQUESTS.withdrawn.id, withdrawnAt: new Date() },
    ]);
  await db
    .insert(requestReviewers)
    .values(Object.values(REQUESTS).map((r) => ({ requestId: r.id, userId: ASSIGNED })));
}, 60_000);
afterAll(async () => database?.close());

const member = (userId: string, roles: FirmRole[]): FirmMember => ({
  id: userId,
  email: 'm@firm.example',
  firstName: 'M',
  lastName: 'M',
  userType: 'firm',
  emailVerified: true,
  firm: { id: FIRM, roles },
});

describe('request rules: JS and SQL agree', () => {
  it('on every role set, assignment, firm, share and pre-check state', async () => {
    const mismatches: string[] = [];
    for (const roles of ROLE_SETS)
      for (const userId of [ASSIGNED, UNASSIGNED])
        for (const request of Object.values(REQUESTS)) {
          const m = member(userId, roles);
          const ref = memberRef(m);
          const [row] = await database.db
            .select({
              assigned: assignedSql(ref, lpqRequests).mapWith(Boolean),
              owns: sql<boolean>`${firmOwnsSql(ref, lpqRequests)}`.mapWith(Boolean),
              sees: sql<boolean>`${firmSeesSql(ref, lpqRequests)}`.mapWith(Boolean),
              hiring: sql<boolean>`${firmReadsForHiringSql(ref, lpqRequests)}`.mapWith(Boolean),
              reviews: sql<boolean>`${firmReviewsSql(ref, lpqRequests)}`.mapWith(Boolean),
              conflicts: sql<boolean>`${firmClearsConflictsSql(ref, lpqRequests)}`.mapWith(Boolean),
              parts: packagePartsSql(ref, lpqRequests).mapWith((v) => v as string[]),
              precheck: sql<boolean>`${firmReadsPrecheckSql(ref, lpqRequests)}`.mapWith(Boolean),
            })
            .from(lpqRequests)
            .where(eq(lpqRequests.id, request.id));
          const facts = {
            firmId: request.firmId,
            currentVersion: request.currentVersion,
            assigned: row.assigned,
          };
          const js = {
            assigned: userId === ASSIGNED,
            owns: firmOwns(m, facts),
            sees: firmSees(m, facts),
            hiring: firmReadsForHiring(m, facts),
            reviews: firmReviews(m, facts),
            conflicts: firmClearsConflicts(m, facts),
            parts: packageParts(m, facts),
            precheck: firmReadsPrecheck(m, {
              firmId: request.firmId,
              status: request.currentVersion ? 'accepted' : 'pending',
              prechecked: PRECHECKED.has(request.id),
            }),
          };
          const fromSql = { ...row, parts: [...row.parts] };
          if (JSON.stringify(js) !== JSON.stringify(fromSql))
            mismatches.push(
              `${roles.join('+') || 'none'} ${userId} ${request.id}: ${JSON.stringify({ js, fromSql })}`,
            );
        }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('packageParts: hiring parts to admins, recruiters and assigned reviewers; conflicts and diversity apart', () => {
    const facts = { firmId: FIRM, currentVersion: 1, assigned: false };
    expect(packageParts(member(UNASSIGNED, ['reviewer']), facts)).toEqual([]);
    expect(packageParts(member(UNASSIGNED, ['reviewer']), { ...facts, assigned: true })).toEqual([
      'profile',
      'masterLpq',
      'positionLpq',
      'businessPlan',
      'documents',
    ]);
    expect(packageParts(member(UNASSIGNED, ['conflicts']), facts)).toEqual(['conflictsForm']);
    expect(packageParts(member(UNASSIGNED, ['diversity']), facts)).toEqual(['diversityForm']);
    expect(packageParts(member(UNASSIGNED, ['admin']), { ...facts, firmId: OTHER_FIRM })).toEqual([]);
  });

  it('rolesReaching: each part’s roles, read off packageParts (the audience screen names them)', () => {
    const hiring = ['admin', 'recruiter', 'reviewer'];
    expect(Object.fromEntries(READABLE_PARTS.map((part) => [part, rolesReaching(part)]))).toEqual({
      profile: hiring,
      masterLpq: hiring,
      positionLpq: hiring,
      businessPlan: hiring,
      documents: hiring,
      conflictsForm: ['conflicts'],
      diversityForm: ['diversity'],
    });
  });
});

describe('the package is open: JS and SQL agree, on one clock', () => {
  const today = '2026-11-25';
  it('for every status and an access end date before, on and after today', async () => {
    const statuses = [
      'pending',
      'accepted',
      'declined',
      'in_progress',
      'reviewed',
      'completed',
      'withdrawn',
      'revoked',
    ] as const;
    const mismatches: string[] = [];
    for (const status of statuses)
      for (const accessUntil of [null, '2026-11-24', today, '2026-11-26']) {
        await database.db
          .update(lpqRequests)
          .set({ status, accessUntil })
          .where(eq(lpqRequests.id, REQUESTS.shared.id));
        const [row] = await database.db
          .select({
            open: sql<boolean>`${packageOpenSql(lpqRequests, today)}`.mapWith(Boolean),
            ended: sql<boolean>`coalesce(${accessEndedSql(lpqRequests, today)}, false)`.mapWith(Boolean),
          })
          .from(lpqRequests)
          .where(eq(lpqRequests.id, REQUESTS.shared.id));
        const open = packageOpen({ status, accessUntil }, today);
        const ended =
          ['accepted', 'in_progress', 'reviewed', 'completed'].includes(status) &&
          accessUntil !== null &&
          accessUntil < today;
        if (row.open !== open || row.ended !== ended)
          mismatches.push(`${status} ${accessUntil}: js ${open}/${ended}, sql ${row.open}/${row.ended}`);
      }
    expect(mismatches).toEqual([]);
  });
});
