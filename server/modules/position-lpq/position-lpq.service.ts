import type { User } from '@shared/auth';
import {
  answerRecord,
  type FirmAnswers,
  firmAnswerErrors,
  POSITION_LPQ_MESSAGES,
  POSITION_LPQ_OPEN_REQUEST_STATUSES,
  type PositionLpq,
  type PositionLpqFormData,
} from '@shared/position-lpq';
import { type PositionLpqFacts, positionLpqPrefillMarks } from '@shared/prefill';
import type { FirmSpecificQuestions } from '@shared/requests';
import { isUuid } from '@shared/uuid';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict } from '../../plugins/errors';
import { type Actor, type AttorneyUser, authorize } from '../../policies/authorize';
import { positionLpqPolicies as policies } from '../../policies/position-lpq.policy';
import { enqueueWebhookEvent } from '../../webhooks/outbox';
import { readAttorneyProfile } from '../attorney/attorney.repo';
import { recordActivity } from '../audit/audit.repo';
import { attorneyActor } from '../audit/audit-chain';
import { appendAuditEvent } from '../audit/trail-seal';
import { resolveFileReferences } from '../files/file-references.service';
import { replacePositionLpqFiles } from '../files/files.repo';
import { readMasterLpq } from '../master-lpq/master-lpq.repo';
import { mailFirm } from '../requests/firm/firm-recipients';
import { transitionRequest } from '../requests/lifecycle/request-state';
import { latestOtherPositionLpq } from '../requests/sharing/previous-lpq';
import { positionLpqSubmittedMail } from '../requests/sharing/sharing.mails';
import {
  findLpqWithRequest,
  type LpqWithRequest,
  lockRequest,
  markAttention,
  updateLpq,
} from './position-lpq.repo';

/** The attorney's own position LPQ with its request (locked for the transaction when asked); else 404. */
async function findOwnLpq(db: Db | Tx, attorney: AttorneyUser, lpqId: string, lock: boolean) {
  const row = isUuid(lpqId) ? await findLpqWithRequest(db, attorney.id, lpqId, lock) : undefined;
  authorize(policies.own, attorney, row?.lpq);
  return row!;
}

function toPositionLpq(row: LpqWithRequest, prefilled = {}): PositionLpq {
  return {
    id: row.lpq.id,
    requestId: row.request.id,
    firmName: row.request.firmName,
    positionTitle: row.request.positionTitle,
    practiceArea: row.request.practiceArea,
    status: row.lpq.status,
    requestStatus: row.request.status,
    formData: row.lpq.formData as PositionLpqFormData,
    firmSpecificQuestions: (row.request.firmSpecificQuestions as FirmSpecificQuestions | null) ?? null,
    firmAnswers: row.lpq.firmAnswers as FirmAnswers,
    updatedAt: row.lpq.updatedAt.toISOString(),
    prefilled,
  };
}

/**
 * The LPQ with the fields that still hold what a source gave (enter once): read from the attorney's
 * profile, master LPQ and previous LPQ as they are now, so a field the attorney changed is not marked.
 */
async function withPrefillMarks(db: Db | Tx, user: User, row: LpqWithRequest): Promise<PositionLpq> {
  if (row.lpq.status === 'submitted') return toPositionLpq(row);
  const facts: PositionLpqFacts = {
    user,
    profile: await readAttorneyProfile(db, user.id),
    masterLpq: await readMasterLpq(db, user.id),
    previousLpq: await latestOtherPositionLpq(db, user.id, row.request.id),
  };
  return toPositionLpq(row, positionLpqPrefillMarks(row.lpq.formData, facts));
}

export async function getPositionLpq(ctx: AppContext, actor: Actor, input: { id: string }) {
  const attorney = authorize(policies.attorneyLpqs, actor);
  return withPrefillMarks(ctx.db, attorney, await findOwnLpq(ctx.db, attorney, input.id, false));
}

/**
 * Keeps answers to the request's own questions only; checks their types (and, on submit, presence).
 * Looked up in a null-prototype record, so no id reads an inherited property; returned as a plain
 * object with the same own keys, which is what Drizzle and JSON expect.
 */
function checkAnswers(questions: FirmSpecificQuestions | null, answers: FirmAnswers, complete: boolean) {
  const ids = new Set((questions?.sections ?? []).flatMap((s) => s.questions.map((q) => q.id)));
  const kept = answerRecord(Object.entries(answers).filter(([id]) => ids.has(id)));
  const errors = firmAnswerErrors(questions, kept, complete);
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return { ...kept };
}

/**
 * The position LPQ can be saved and submitted while its request is accepted, in progress or under review
 * (the firm's Under Review never blocks the attorney), until it is submitted (PRODUCT.md §5).
 */
function assertOpen(found: LpqWithRequest) {
  if (found.lpq.status === 'submitted') throw conflict(POSITION_LPQ_MESSAGES.alreadySubmitted);
  if (!POSITION_LPQ_OPEN_REQUEST_STATUSES.includes(found.request.status))
    throw conflict(POSITION_LPQ_MESSAGES.requestClosed);
}

/** After a lost race on the request's status: the request as it is now, if the LPQ may still proceed. */
async function stillOpen(tx: Tx, requestId: string) {
  const now = await lockRequest(tx, requestId);
  return now && POSITION_LPQ_OPEN_REQUEST_STATUSES.includes(now.status) ? now : null;
}

/**
 * The form with each attached document as the attorney's own confirmed file, whatever URL named it
 * (PRODUCT.md §6). Before the LPQ's transaction (confirming an upload opens its own), once the LPQ is
 * known to be the attorney's: someone else's is a 404 whatever the documents.
 */
async function withOwnDocuments(
  ctx: AppContext,
  user: AttorneyUser,
  id: string,
  formData: PositionLpqFormData,
) {
  if (!formData.documents) return formData;
  await findOwnLpq(ctx.db, user, id, false);
  const references = formData.documents;
  const documents = await resolveFileReferences(ctx, user, { references, field: 'formData.documents' });
  return { ...formData, documents };
}

/** PRODUCT.md §11: a move of the request's status by the attorney's LPQ, in the request's audit trail. */
async function trailStatusChange(
  tx: Tx,
  user: AttorneyUser,
  before: { status: string },
  after: { id: string; status: string },
) {
  if (before.status === after.status) return;
  await appendAuditEvent(tx, {
    requestId: after.id,
    actor: attorneyActor(user),
    type: 'status_changed',
    details: { from: before.status, to: after.status },
  });
}

/** Save & Exit / Continue: the LPQ becomes in progress, an accepted request too; read-only once submitted. */
export async function savePositionLpq(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; formData: PositionLpqFormData; firmAnswers?: FirmAnswers },
) {
  const user = authorize(policies.attorneyLpqs, actor);
  const formData = await withOwnDocuments(ctx, user, input.id, input.formData);
  return ctx.db.transaction(async (tx) => {
    const found = await findOwnLpq(tx, user, input.id, true);
    const questions = (found.request.firmSpecificQuestions as FirmSpecificQuestions | null) ?? null;
    const firmAnswers = input.firmAnswers
      ? checkAnswers(questions, input.firmAnswers, false)
      : (found.lpq.firmAnswers as FirmAnswers);
    assertOpen(found);
    let request = found.request;
    if (request.status === 'accepted') {
      let moved = false;
      request = await transitionRequest(tx, {
        requestId: request.id,
        to: 'in_progress',
        from: ['accepted'],
        conflictMessage: POSITION_LPQ_MESSAGES.requestClosed,
      })
        .then((row) => {
          moved = true;
          return row;
        })
        .catch(async (err) => (await stillOpen(tx, request.id)) ?? Promise.reject(err));
      if (moved) await trailStatusChange(tx, user, found.request, request);
    }
    const lpq = await updateLpq(tx, found.lpq.id, {
      formData,
      firmAnswers,
      status: 'in_progress',
      updatedAt: new Date(),
    });
    await replacePositionLpqFiles(tx, found.request.id, user.id, formData.documents);
    return withPrefillMarks(tx, user, { lpq, request });
  });
}

/**
 * Submit LPQ: name, e-mail and every required firm question; always tells the firm, and leaves the
 * request's status as it is (PRODUCT.md §5).
 */
export async function completePositionLpq(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; formData: PositionLpqFormData; firmAnswers?: FirmAnswers },
) {
  const user = authorize(policies.attorneyLpqs, actor);
  const formData = await withOwnDocuments(ctx, user, input.id, input.formData);
  const result = await ctx.db.transaction(async (tx) => {
    const found = await findOwnLpq(tx, user, input.id, true);
    const questions = (found.request.firmSpecificQuestions as FirmSpecificQuestions | null) ?? null;
    const firmAnswers = checkAnswers(
      questions,
      input.firmAnswers ?? (found.lpq.firmAnswers as FirmAnswers),
      true,
    );
    assertOpen(found);
    const now = new Date();
    // PRODUCT.md §5 (2026-11-25): a submission is an event of its own (the firm's timeline reads it from
    // submitted_at); the request keeps its status, since Under Review is only ever the firm's own action.
    // Locked and read again, so a firm's move to Review Complete or a revoke in flight is seen (409).
    const request = await stillOpen(tx, found.request.id);
    if (!request) throw conflict(POSITION_LPQ_MESSAGES.requestClosed);
    const lpq = await updateLpq(tx, found.lpq.id, {
      formData,
      firmAnswers,
      status: 'submitted',
      submittedAt: now,
      updatedAt: now,
    });
    await appendAuditEvent(tx, {
      requestId: request.id,
      actor: attorneyActor(user),
      type: 'submitted',
      details: {},
    });
    await replacePositionLpqFiles(tx, found.request.id, user.id, formData.documents);
    // PRODUCT.md §5: the submission is news to the firm until one of its members opens the package.
    await markAttention(tx, request.id, now);
    // PRODUCT.md §14: the firm's webhooks hear of it in this transaction.
    await enqueueWebhookEvent(tx, {
      firmId: request.firmId,
      type: 'position_lpq.submitted',
      data: { requestId: request.id, positionLpqId: lpq.id, status: 'submitted', at: now.toISOString() },
    });
    await mailFirm(
      tx,
      request,
      'position_lpq_submitted',
      positionLpqSubmittedMail({
        attorneyName: `${user.firstName} ${user.lastName}`,
        firmName: request.firmName,
        positionTitle: request.positionTitle,
        url: `${ctx.publicUrl}/firm/requests/${request.id}`,
      }),
    );
    await recordActivity(tx, {
      userId: user.id,
      kind: 'position_lpq_submitted',
      title: `Submitted the LPQ for ${request.positionTitle} at ${request.firmName}`,
      detail: { requestId: request.id },
    });
    return toPositionLpq({ lpq, request });
  });
  ctx.onMailQueued();
  return result;
}
