import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { firmSavedViews } from '../../../db/schema';

/** PRODUCT.md §15: a member's saved views of the pipeline. Every query is narrowed to the member's own. */

export async function viewsOf(db: Db | Tx, userId: string) {
  return db
    .select()
    .from(firmSavedViews)
    .where(eq(firmSavedViews.userId, userId))
    .orderBy(asc(firmSavedViews.createdAt), asc(firmSavedViews.id));
}

export async function countViews(tx: Tx, userId: string) {
  const [row] = await tx.select({ n: count() }).from(firmSavedViews).where(eq(firmSavedViews.userId, userId));
  return row.n;
}

/** Inserts the view; undefined when the member has one of that name already (any letter case). */
export async function insertView(tx: Tx, values: typeof firmSavedViews.$inferInsert) {
  const [row] = await tx.insert(firmSavedViews).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteView(db: Db | Tx, userId: string, id: string) {
  const rows = await db
    .delete(firmSavedViews)
    .where(and(eq(firmSavedViews.id, id), eq(firmSavedViews.userId, userId)))
    .returning({ id: firmSavedViews.id });
  return rows.length > 0;
}

/** One member's saves are serialised, so two at once cannot pass the limit together. */
export async function lockMemberViews(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-views:${userId}`}))`);
}
