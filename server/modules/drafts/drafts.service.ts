import {
  DRAFT_MAX_BYTES,
  DRAFT_MESSAGES,
  type Draft,
  type DraftBody,
  isDraftName,
  positionLpqDraftName,
  positionLpqOfDraft,
} from '@shared/drafts';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../plugins/errors';
import { attorneyRecordPolicies as policies } from '../../policies/attorney-records.policy';
import { type Actor, type AttorneyUser, authorize } from '../../policies/authorize';
import { findDraft, findPositionLpqOwner, removeDraft, upsertDraft } from './drafts.repo';

/**
 * A draft name the attorney may use: one of the fixed forms, or a position LPQ of their own. Anything
 * else, another attorney's LPQ included, is 404: a draft never reveals that an LPQ exists.
 */
async function ownFormName(ctx: AppContext, attorney: AttorneyUser, name: string) {
  if (!isDraftName(name)) throw notFound();
  const lpqId = positionLpqOfDraft(name);
  if (!lpqId) return name;
  const lpq = await findPositionLpqOwner(ctx.db, lpqId);
  authorize(policies.ownPositionLpqDraft, attorney, lpq);
  return positionLpqDraftName(lpqId);
}

/** GET: the draft, or null when everything typed has been saved (or nothing was). */
export async function getDraft(
  ctx: AppContext,
  actor: Actor,
  input: { name: string },
): Promise<Draft | null> {
  const attorney = authorize(policies.ownRecords, actor);
  const row = await findDraft(ctx.db, attorney.id, await ownFormName(ctx, attorney, input.name));
  return row ? { data: row.data, updatedAt: row.updatedAt.toISOString() } : null;
}

/** PUT: the newest draft wins. Drafts are not validated beyond size: they hold half-typed input. */
export async function saveDraft(
  ctx: AppContext,
  actor: Actor,
  input: { name: string; body: DraftBody },
): Promise<{ updatedAt: string }> {
  const attorney = authorize(policies.ownRecords, actor);
  const form = await ownFormName(ctx, attorney, input.name);
  if (Buffer.byteLength(JSON.stringify(input.body.data)) > DRAFT_MAX_BYTES) {
    throw badRequest(DRAFT_MESSAGES.tooLarge, { data: DRAFT_MESSAGES.tooLarge });
  }
  const row = await upsertDraft(ctx.db, attorney.id, form, input.body.data, new Date());
  return { updatedAt: row.updatedAt.toISOString() };
}

/** DELETE: after the form's own Save, or when the attorney discards the draft. Idempotent. */
export async function deleteDraft(ctx: AppContext, actor: Actor, input: { name: string }): Promise<void> {
  const attorney = authorize(policies.ownRecords, actor);
  await removeDraft(ctx.db, attorney.id, await ownFormName(ctx, attorney, input.name));
}
