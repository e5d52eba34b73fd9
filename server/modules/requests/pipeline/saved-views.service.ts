import { SAVED_VIEW_LIMIT, type SavedView, VIEW_MESSAGES } from '@shared/firm-pipeline';
import { isUuid } from '@shared/uuid';
import type { AppContext } from '../../../context';
import type { firmSavedViews } from '../../../db/schema';
import { conflict, notFound } from '../../../plugins/errors';
import { type Actor, authorize } from '../../../policies/authorize';
import { requestPolicies as policies } from '../../../policies/request.policy';
import { countViews, deleteView, insertView, lockMemberViews, viewsOf } from './saved-views.repo';

/**
 * PRODUCT.md §15: saved views of the pipeline, each member's own (another member's view is a 404). Only the
 * members who have a pipeline keep views (policy request.firmSees: a diversity officer gets 403).
 */

const toView = (v: typeof firmSavedViews.$inferSelect): SavedView => ({
  id: v.id,
  name: v.name,
  query: v.query,
  createdAt: v.createdAt.toISOString(),
});

export async function listViews(ctx: AppContext, actor: Actor): Promise<SavedView[]> {
  const member = authorize(policies.firmSees, actor);
  return (await viewsOf(ctx.db, member.id)).map(toView);
}

/** `query` arrives validated and written in its one form (shared/firm-pipeline.ts savedViewSchema). */
export async function createView(
  ctx: AppContext,
  actor: Actor,
  input: { name: string; query: string },
): Promise<SavedView> {
  const member = authorize(policies.firmSees, actor);
  return ctx.db.transaction(async (tx) => {
    await lockMemberViews(tx, member.id);
    if ((await countViews(tx, member.id)) >= SAVED_VIEW_LIMIT) throw conflict(VIEW_MESSAGES.tooMany);
    const row = await insertView(tx, {
      userId: member.id,
      firmId: member.firm.id,
      name: input.name,
      query: input.query,
    });
    if (!row) throw conflict(VIEW_MESSAGES.duplicate);
    return toView(row);
  });
}

export async function removeView(ctx: AppContext, actor: Actor, input: { id: string }) {
  const member = authorize(policies.firmSees, actor);
  if (!isUuid(input.id) || !(await deleteView(ctx.db, member.id, input.id))) throw notFound();
}
