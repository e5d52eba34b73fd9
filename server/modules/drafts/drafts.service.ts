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
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../plugins/errors';
import { attorneyRecordPolicies as policies } from '../../policies/attorney-records.policy';
import { type Actor, ANONYMOUS, type AttorneyUser, authorize } from '../../policies/authorize';
import { findDraft, findPositionLpqOwner, removeDraft, saveDraftForSession } from './drafts.repo';

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

/**
 * PUT: the newest draft wins. Drafts are not validated beyond size and depth: they hold half-typed input.
 * Autosave makes this the most frequent write, so it is one statement with its session, as the
 * hot reads: the actor is the session cookie, not looked up yet; `answer` authorizes the user the statement
 * found (401, 403) before saying anything about the draft (404 for a name that is not the attorney's, 400
 * too large). Nothing is saved unless all of that passes.
 */
export async function saveDraft(
  ctx: AppContext,
  actor: Actor,
  input: { name: string; body: DraftBody },
): Promise<{ user: User | null; answer: () => { updatedAt: string } }> {
  const session = authorize(policies.saveDraftWithSession, actor);
  const known = isDraftName(input.name);
  const lpqId = positionLpqOfDraft(input.name);
  // Serialized once: measured here, and sent as the statement's parameter.
  const json = JSON.stringify(input.body.data);
  const fits = Buffer.byteLength(json) <= DRAFT_MAX_BYTES;
  const save = known && fits;
  const { user, savedAt } = await saveDraftForSession(ctx.db, session.sessionId, {
    form: save ? (lpqId ? positionLpqDraftName(lpqId) : input.name) : null,
    lpqId,
    json: save ? json : null,
  });
  return {
    user,
    answer: () => {
      authorize(policies.ownRecords, user ?? ANONYMOUS);
      if (!known) throw notFound();
      if (!fits) throw badRequest(DRAFT_MESSAGES.tooLarge, { data: DRAFT_MESSAGES.tooLarge });
      // A position LPQ that is not the attorney's (or does not exist): 404, as for any other name.
      if (!savedAt) throw notFound();
      return { updatedAt: savedAt };
    },
  };
}

/** DELETE: after the form's own Save, or when the attorney discards the draft. Idempotent. */
export async function deleteDraft(ctx: AppContext, actor: Actor, input: { name: string }): Promise<void> {
  const attorney = authorize(policies.ownRecords, actor);
  await removeDraft(ctx.db, attorney.id, await ownFormName(ctx, attorney, input.name));
}
