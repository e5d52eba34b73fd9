import type { User } from '@shared/auth';
import {
  DRAFT_MAX_BYTES,
  DRAFT_MESSAGES,
  type Draft,
  type DraftBody,
  isDraftName,
  positionLpqDraftName,
  positionLpqOfDraft,
} from '@shared/drafts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { formDrafts, positionLpqs } from '../../db/schema';
import { badRequest, notFound } from '../../plugins/errors';

/**
 * A draft name the attorney may use: one of the fixed forms, or a position LPQ of their own. Anything
 * else, another attorney's LPQ included, is 404: a draft never reveals that an LPQ exists.
 */
async function requireOwnForm(ctx: AppContext, user: User, name: string) {
  if (!isDraftName(name)) throw notFound();
  const lpqId = positionLpqOfDraft(name);
  if (!lpqId) return name;
  const [lpq] = await ctx.db
    .select({ id: positionLpqs.id })
    .from(positionLpqs)
    .where(and(eq(positionLpqs.id, lpqId), eq(positionLpqs.attorneyUserId, user.id)));
  if (!lpq) throw notFound();
  return positionLpqDraftName(lpqId);
}

const ownDraft = (user: User, form: string) => and(eq(formDrafts.userId, user.id), eq(formDrafts.form, form));

/** GET: the draft, or null when everything typed has been saved (or nothing was). */
export async function getDraft(ctx: AppContext, user: User, name: string): Promise<Draft | null> {
  const form = await requireOwnForm(ctx, user, name);
  const [row] = await ctx.db.select().from(formDrafts).where(ownDraft(user, form));
  return row ? { data: row.data, updatedAt: row.updatedAt.toISOString() } : null;
}

/** PUT: one upsert; the newest draft wins. Drafts are not validated beyond size: they hold half-typed input. */
export async function saveDraft(
  ctx: AppContext,
  user: User,
  name: string,
  body: DraftBody,
): Promise<{ updatedAt: string }> {
  const form = await requireOwnForm(ctx, user, name);
  if (Buffer.byteLength(JSON.stringify(body.data)) > DRAFT_MAX_BYTES) {
    throw badRequest(DRAFT_MESSAGES.tooLarge, { data: DRAFT_MESSAGES.tooLarge });
  }
  const now = new Date();
  const [row] = await ctx.db
    .insert(formDrafts)
    .values({ userId: user.id, form, data: body.data, updatedAt: now })
    .onConflictDoUpdate({
      target: [formDrafts.userId, formDrafts.form],
      set: { data: body.data, updatedAt: now },
    })
    .returning({ updatedAt: formDrafts.updatedAt });
  return { updatedAt: row.updatedAt.toISOString() };
}

/** DELETE: after the form's own Save, or when the attorney discards the draft. Idempotent. */
export async function deleteDraft(ctx: AppContext, user: User, name: string): Promise<void> {
  const form = await requireOwnForm(ctx, user, name);
  await ctx.db.delete(formDrafts).where(ownDraft(user, form));
}
