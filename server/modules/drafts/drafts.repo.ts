import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { formDrafts, positionLpqs } from '../../db/schema';
import { SESSION_IN_STATEMENT, sessionParams, sessionUserOfRow } from '../auth/sessions';

const p = sql.placeholder;

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

export async function removeDraft(db: Db | Tx, userId: string, form: string) {
  await db.delete(formDrafts).where(ownDraft(userId, form));
}

/**
 * Autosave's write (the most frequent one) in ONE statement and one round trip, as the hot reads
 * (hot-reads.repo.ts): the session lookup with its touch, and the upsert of the draft for that session's
 * user when it is an attorney. `form` the form's name (null: save nothing, only look the session up), `lpqId`
 * the position LPQ the name stands for (null for the fixed forms; saved only when it is the user's own),
 * `json` the draft as JSON text (serialized once, by the caller that measured its size).
 */
export const DRAFT_SAVE_FOR_SESSION = sql`with ${SESSION_IN_STATEMENT}, "saved" as (
    insert into ${formDrafts} ("user_id", "form", "data", "updated_at")
    select "session"."u_id", ${p('form')}::text, ${p('json')}::jsonb, ${p('now')}::timestamptz from "session"
    where "session"."u_user_type" = 'attorney' and ${p('form')}::text is not null and ${p('json')}::text is not null
      and (${p('lpqId')}::uuid is null or exists (
        select 1 from ${positionLpqs} l where l."id" = ${p('lpqId')}::uuid and l."attorney_user_id" = "session"."u_id"))
    on conflict ("user_id", "form") do update set "data" = excluded."data", "updated_at" = excluded."updated_at"
    returning "updated_at"
  )
  select "session".*, (select "updated_at" from "saved") as "saved_at" from "session"`;

/** The session's user (null: signed out) and when the draft was saved (null: nothing was saved). */
export async function saveDraftForSession(
  db: Db,
  sessionId: string,
  draft: { form: string | null; lpqId: string | null; json: string | null },
) {
  const [row] = await preparedSql(db, 'draft_save_for_session', DRAFT_SAVE_FOR_SESSION).execute({
    ...sessionParams(sessionId),
    ...draft,
  });
  const savedAt = row?.saved_at;
  return {
    user: sessionUserOfRow(row),
    savedAt: savedAt == null ? null : new Date(savedAt as string | Date).toISOString(),
  };
}
