import type { ConflictsStatus } from '@shared/team';
import { and, asc, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { conflictsClearances, conflictsPrechecks, lpqRequests, sharedPackages, users } from '../../db/schema';
import { conflictsSummarySql } from '../requests/firm/firm-requests.repo';

/**
 * The conflicts department's queue and decisions, and the diversity officer's forms (PRODUCT.md §9). Every
 * query is narrowed by the scope of the policy its service judges with, passed in by the service.
 */

const currentVersion = and(
  eq(sharedPackages.requestId, lpqRequests.id),
  eq(sharedPackages.version, lpqRequests.currentVersion),
);

/** Shared requests in scope with their current version's date and whether it holds the conflicts form. */
export async function conflictsQueue(db: Db | Tx, scope: SQL, status: ConflictsStatus | undefined) {
  return db
    .select({
      requestId: lpqRequests.id,
      firstName: users.firstName,
      lastName: users.lastName,
      positionTitle: lpqRequests.positionTitle,
      practiceArea: lpqRequests.practiceArea,
      sharedAt: sharedPackages.sharedAt,
      version: sharedPackages.version,
      ...conflictsSummarySql(),
      conflictsFormShared: sql<boolean>`(${sharedPackages.conflictsForm} is not null)`,
      decidedAt: sql<string | null>`(select max(${conflictsClearances.createdAt}) from ${conflictsClearances}
        where ${conflictsClearances.requestId} = ${lpqRequests.id})`,
    })
    .from(lpqRequests)
    .innerJoin(sharedPackages, currentVersion)
    .leftJoin(users, eq(users.id, lpqRequests.attorneyUserId))
    .where(and(scope, status ? eq(lpqRequests.conflictsStatus, status) : undefined))
    .orderBy(desc(sharedPackages.sharedAt), asc(lpqRequests.id))
    .limit(500);
}

/** PRODUCT.md §13: the pending requests in scope with a pre-check in force: the position, the status, when sent. */
export async function precheckQueue(db: Db | Tx, scope: SQL, status: ConflictsStatus | undefined) {
  return db
    .select({
      requestId: lpqRequests.id,
      positionTitle: lpqRequests.positionTitle,
      sentAt: conflictsPrechecks.sentAt,
      ...conflictsSummarySql(),
    })
    .from(lpqRequests)
    .innerJoin(conflictsPrechecks, eq(conflictsPrechecks.requestId, lpqRequests.id))
    .where(and(scope, status ? eq(lpqRequests.conflictsStatus, status) : undefined))
    .orderBy(desc(conflictsPrechecks.sentAt), asc(lpqRequests.id))
    .limit(500);
}

export async function clearancesOf(db: Db | Tx, requestId: string) {
  return db
    .select()
    .from(conflictsClearances)
    .where(eq(conflictsClearances.requestId, requestId))
    .orderBy(desc(conflictsClearances.createdAt), desc(conflictsClearances.id));
}

/** The current versions in scope that hold a diversity form, with the attorney and the position. */
export async function sharedSelfIdentifications(db: Db | Tx, scope: SQL) {
  return db
    .select({
      requestId: lpqRequests.id,
      attorneyUserId: lpqRequests.attorneyUserId,
      firmId: lpqRequests.firmId,
      firmName: lpqRequests.firmName,
      firstName: users.firstName,
      lastName: users.lastName,
      positionTitle: lpqRequests.positionTitle,
      sharedAt: sharedPackages.sharedAt,
      form: sharedPackages.diversityForm,
    })
    .from(lpqRequests)
    .innerJoin(sharedPackages, currentVersion)
    .leftJoin(users, eq(users.id, lpqRequests.attorneyUserId))
    .where(and(scope, isNotNull(sharedPackages.diversityForm)))
    .orderBy(desc(sharedPackages.sharedAt), asc(lpqRequests.id))
    .limit(1000);
}
