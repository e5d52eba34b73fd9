import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { formDrafts, positionLpqs } from '../../db/schema';

/** Drafts are selected by their owner's id: policy attorneyRecords.ownRecords. */
const ownDraft = (userId: string, form: string) =>
  and(eq(formDrafts.userId, userId), eq(formDrafts.form, form));

export async function findPositionLpqOwner(db: Db | Tx, lpqId: string) {
  const [lpq] = await db
    .select({ attorneyUserId: positionLpqs.attorneyUserId })
    .from(positionLpqs)
    .where(eq(positionLpqs.id, lpqId));
  return lpq;
}

export async function findDraft(db: Db | Tx, userId: string, form: string) {
  const [row] = await db.select().from(formDrafts).where(ownDraft(userId, form));
  return row;
}

/** One upsert: the newest draft wins. */
export async function upsertDraft(
  db: Db | Tx,
  userId: string,
  form: string,
  data: Record<string, unknown>,
  now: Date,
) {
  const [row] = await db
    .insert(formDrafts)
    .values({ userId, form, data, updatedAt: now })
    .onConflictDoUpdate({ target: [formDrafts.userId, formDrafts.form], set: { data, updatedAt: now } })
    .returning({ updatedAt: formDrafts.updatedAt });
  return row;
}

export async function removeDraft(db: Db | Tx, userId: string, form: string) {
  await db.delete(formDrafts).where(ownDraft(userId, form));
}
