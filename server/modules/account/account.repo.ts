import type { User } from '@shared/auth';
import { PACKAGE_SHARED_STATUSES } from '@shared/requests';
import { and, asc, desc, eq, inArray, ne, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { activityEvents, files, formDrafts, lpqRequests, outbox, positionLpqs, users } from '../../db/schema';
import { attorneyRequestScope } from '../../policies/request-scope';

/**
 * The attorney's whole account, for the data export and the deletion (policy
 * account.manageOwnAttorneyData): every query is narrowed to the attorney's own id or address.
 */
export type StoredObject = { id: string; storageKey: string; uploadId: string | null };

/** The requests the attorney shared (their id on the row). */
export const sharedBy = (userId: string) => eq(lpqRequests.attorneyUserId, userId);

export async function lockUser(tx: Tx, userId: string) {
  const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return locked;
}

export async function activeShareIds(tx: Tx, userId: string) {
  return (
    tx
      .select({ id: lpqRequests.id })
      .from(lpqRequests)
      .where(and(sharedBy(userId), inArray(lpqRequests.status, PACKAGE_SHARED_STATUSES)))
      // By id: the deletion appends to each request's audit trail in this order, the order every
      // multi-request append takes the trails' heads in (audit-chain.ts), so the two never deadlock.
      .orderBy(asc(lpqRequests.id))
  );
}

export async function storedObjectsOf(tx: Tx, userId: string): Promise<StoredObject[]> {
  return tx
    .select({ id: files.id, storageKey: files.storageKey, uploadId: files.uploadId })
    .from(files)
    .where(eq(files.ownerId, userId));
}

export async function deleteQueuedMailTo(tx: Tx, email: string) {
  await tx.delete(outbox).where(and(eq(outbox.to, email), ne(outbox.status, 'sending')));
}

export async function deleteUser(tx: Tx, userId: string) {
  await tx.delete(users).where(eq(users.id, userId));
}

export async function accountRecord(db: Db, userId: string) {
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      userType: users.userType,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return account;
}

/** Requests sent to the attorney's address and the ones they shared, with their position LPQs. */
export async function requestsWithLpqs(db: Db, user: User) {
  return db
    .select({ request: lpqRequests, lpq: positionLpqs })
    .from(lpqRequests)
    .leftJoin(positionLpqs, eq(positionLpqs.requestId, lpqRequests.id))
    .where(or(attorneyRequestScope(user), sharedBy(user.id)))
    .orderBy(desc(lpqRequests.sentAt));
}

export async function filesOf(db: Db, userId: string) {
  return db.select().from(files).where(eq(files.ownerId, userId)).orderBy(asc(files.createdAt));
}

export async function activityOf(db: Db, userId: string) {
  return db
    .select()
    .from(activityEvents)
    .where(eq(activityEvents.userId, userId))
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id));
}

export async function draftsOf(db: Db, userId: string) {
  return db
    .select({ form: formDrafts.form, data: formDrafts.data, updatedAt: formDrafts.updatedAt })
    .from(formDrafts)
    .where(eq(formDrafts.userId, userId))
    .orderBy(asc(formDrafts.form));
}
