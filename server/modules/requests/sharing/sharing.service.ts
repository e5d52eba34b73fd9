import type { User } from '@shared/auth';
import { conflictsRowsOf } from '@shared/conflicts';
import type { AttorneyRequestItem } from '@shared/position-lpq';
import { type PositionLpqFacts, prefillPositionLpq } from '@shared/prefill';
import { PACKAGE_SHARED_STATUSES, REQUEST_MESSAGES } from '@shared/requests';
import {
  type PackageParts,
  SEND_UPDATE_LIMITS,
  SHARING_MESSAGES,
  type SharePreview,
  type ShareRequestInput,
} from '@shared/sharing';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { isForeignKeyViolation } from '../../../db/errors';
import type { lpqRequests } from '../../../db/schema';
import { enqueueMail } from '../../../mail/outbox';
import { conflict, notFound, tooManyRequests } from '../../../plugins/errors';
import { type Actor, authorize } from '../../../policies/authorize';
import { requestPolicies as policies } from '../../../policies/request.policy';
import { attorneyRequestScope } from '../../../policies/request-scope';
import { enqueueWebhookEvent } from '../../../webhooks/outbox';
import { recordActivity } from '../../audit/audit.repo';
import { attorneyActor } from '../../audit/audit-chain';
import { receiptText, recordKey, signedHeadOf } from '../../audit/trail-receipt';
import { documentHashes } from '../../files/file-hash';
import { replacePositionLpqFiles } from '../../files/files.repo';
import { toAttorneyItem } from '../attorney/attorney-item';
import {
  currentParts,
  insertPositionLpq,
  masterLpqIsComplete,
  nextVersion,
  positionLpqOf,
  updateLimitReached,
} from '../attorney/attorney-requests.repo';
import { certifyingName } from '../certification/certification';
import { syncRows } from '../conflicts/conflicts-rows.repo';
import { checkDiversityAccepted } from '../firm/firm-audience';
import { mailFirm } from '../firm/firm-recipients';
import { loadAttorneyRequest } from '../lifecycle/load-request';
import { transitionRequest } from '../lifecycle/request-state';
import { endAccess } from './end-access';
import {
  readCurrentData,
  recordVersionEvents,
  sameAsVersion,
  selectParts,
  storeChangeCounts,
  storeVersion,
} from './package-versions';
import { latestOtherPositionLpq } from './previous-lpq';
import { packageSharedAttorneyMail, packageSharedFirmMail, packageUpdatedMail } from './sharing.mails';

type RequestRow = typeof lpqRequests.$inferSelect;

const attorneyNameOf = (user: User) => `${user.firstName} ${user.lastName}`;
const firmRequestUrl = (ctx: AppContext, row: RequestRow) => `${ctx.publicUrl}/firm/requests/${row.id}`;

async function requireCompleteMasterLpq(tx: Tx, user: User) {
  if (!(await masterLpqIsComplete(tx, user.id))) throw conflict(REQUEST_MESSAGES.masterLpqIncomplete);
}

/**
 * Share: ONE transaction that checks the master LPQ is complete, moves pending → accepted with a guarded
 * update (of concurrent shares and declines exactly one wins, the rest get 409), freezes version 1 of the
 * parts the attorney chose, creates the position LPQ and writes the e-mails to the firm and the attorney.
 */
export async function shareRequest(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; share?: ShareRequestInput | null },
): Promise<AttorneyRequestItem> {
  const user = authorize(policies.attorneyRequests, actor);
  const { id: requestId, share } = input;
  const result = await accountStillThere(
    ctx.db.transaction(async (tx) => {
      await loadAttorneyRequest(tx, user, requestId);
      const { certifiedBy, typedName } = certifyingName(user, share?.certification);
      await requireCompleteMasterLpq(tx, user);
      const sharedAt = new Date();
      const row = await transitionRequest(tx, {
        requestId,
        to: 'accepted',
        from: ['pending'],
        scope: attorneyRequestScope(user),
        set: {
          sharedAt,
          attorneyUserId: user.id,
          currentVersion: 1,
          accessUntil: share?.accessUntil ?? null,
          attentionAt: sharedAt,
        },
        conflictMessage: REQUEST_MESSAGES.notPending,
      });
      if (share?.include?.diversityForm) await checkDiversityAccepted(tx, row.firmId);
      const { parts, frozen } = selectParts(await readCurrentData(tx, user), share?.include);
      const hashes = await documentHashes(
        ctx.storage,
        tx,
        frozen.documents.map((d) => d.id),
      );
      const version = { requestId, version: 1, attorneyUserId: user.id, sharedAt, parts, certifiedBy };
      const seal = await storeVersion(tx, { ...version, typedName, documentHashes: hashes }, frozen);
      // PRODUCT.md §13: the version's rows; those the pre-check sent keep their answers.
      await syncRows(tx, requestId, conflictsRowsOf(frozen.conflictsForm), 1);
      await recordVersionEvents(tx, {
        ...version,
        type: 'shared',
        actor: attorneyActor(user),
        documents: frozen.documents.length,
        accessUntil: row.accessUntil,
        ...seal,
      });
      // Enter once: the name, e-mail, profile and master LPQ, then the attorney's previous LPQ for what
      // none of them holds; the firm's own questions start empty.
      const prefill = prefillPositionLpq({
        user,
        profile: frozen.profile as PositionLpqFacts['profile'],
        masterLpq: frozen.masterLpq as PositionLpqFacts['masterLpq'],
        previousLpq: await latestOtherPositionLpq(tx, user.id, requestId),
        documents: frozen.documents,
      });
      const positionLpq = await insertPositionLpq(tx, {
        requestId,
        attorneyUserId: user.id,
        formData: prefill.values,
      });
      await replacePositionLpqFiles(tx, requestId, user.id, prefill.values.documents);

      const facts = {
        attorneyName: attorneyNameOf(user),
        firmName: row.firmName,
        positionTitle: row.positionTitle,
        // PRODUCT.md §11: the trail's head after the share, signed, in both mails.
        receipt: receiptText(await signedHeadOf(tx, recordKey(ctx.config), requestId)),
      };
      await mailFirm(
        tx,
        row,
        'package_shared',
        packageSharedFirmMail({ ...facts, url: firmRequestUrl(ctx, row) }),
      );
      await enqueueMail(tx, {
        kind: 'package_shared_confirmation',
        to: user.email,
        ...packageSharedAttorneyMail({
          ...facts,
          firstName: user.firstName,
          url: `${ctx.publicUrl}/attorney/lpq-requests`,
        }),
      });
      await recordActivity(tx, {
        userId: user.id,
        kind: 'request_shared',
        title: `Shared your LPQ with ${row.firmName} for ${row.positionTitle}`,
        detail: { requestId: row.id },
      });
      return toAttorneyItem(row, {
        lpq: { id: positionLpq.id, status: 'draft', submittedAt: null },
        include: parts,
      });
    }),
  );
  ctx.onMailQueued();
  return result;
}

/**
 * A share or update that waited on an account deletion of the same attorney finds the user row gone when
 * it stores the version: the whole transaction has rolled back, and the request is no longer theirs (404).
 */
async function accountStillThere<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isForeignKeyViolation(err)) throw notFound();
    throw err;
  }
}

/**
 * GET …/preview: the package the firm would receive now, in the firm's shape, with what exists and what
 * is chosen. Before sharing the choice is the share dialog's defaults; once shared it is the latest
 * version's, so the preview shows what 'Send update' would send. Nothing is stored or recorded.
 */
export async function previewPackage(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; include: Partial<PackageParts> },
): Promise<SharePreview> {
  const user = authorize(policies.attorneyRequests, actor);
  const { id: requestId, include } = input;
  return ctx.db.transaction(async (tx) => {
    const row = await loadAttorneyRequest(tx, user, requestId);
    const shareable = row.status === 'pending' || PACKAGE_SHARED_STATUSES.includes(row.status);
    if (!shareable) throw conflict(SHARING_MESSAGES.cannotPreview);
    const data = await readCurrentData(tx, user);
    const { parts, frozen } = selectParts(data, include, await currentParts(tx, row));
    const version = (row.currentVersion ?? 0) + 1;
    const lpq = await positionLpqOf(tx, row.id);
    return {
      ...frozen,
      version,
      certification: null,
      versions: [],
      sharedAt: new Date().toISOString(),
      positionLpq: lpq
        ? {
            status: lpq.status === 'draft' ? 'not_started' : lpq.status,
            formData: lpq.formData,
            firmAnswers: lpq.firmAnswers,
          }
        : null,
      include: parts,
      available: data.available,
      documentCount: data.documents.length,
    };
  });
}

/**
 * Send update: the current data becomes version N+1 for this firm, in one transaction. The guarded
 * `UPDATE … SET current_version = current_version + 1 WHERE status IN (shared)` serialises it with a
 * revoke and with another update: after a revoke it matches nothing (409), and two updates get N+1 and
 * N+2. The firm's review status and notes stay; the firm is mailed.
 */
export async function sendUpdate(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; share?: ShareRequestInput | null },
): Promise<AttorneyRequestItem> {
  const user = authorize(policies.attorneyRequests, actor);
  const { id: requestId, share } = input;
  const result = await accountStillThere(
    ctx.db.transaction(async (tx) => {
      const before = await loadAttorneyRequest(tx, user, requestId);
      const { certifiedBy, typedName } = certifyingName(user, share?.certification);
      await requireCompleteMasterLpq(tx, user);
      const sharedAt = new Date();
      const row = await nextVersion(tx, user, requestId, {
        updatedAt: sharedAt,
        attentionAt: sharedAt,
        ...(share?.accessUntil !== undefined ? { accessUntil: share.accessUntil } : {}),
      });
      if (!row)
        throw conflict(
          before.status === 'revoked' ? SHARING_MESSAGES.alreadyRevoked : SHARING_MESSAGES.notShared,
        );
      const version = row.currentVersion!;
      if (await updateLimitReached(tx, requestId, version, SEND_UPDATE_LIMITS.perHour))
        throw tooManyRequests(SHARING_MESSAGES.tooManyUpdates);
      const fallback = await currentParts(tx, { ...row, currentVersion: version - 1 });
      if (share?.include?.diversityForm) await checkDiversityAccepted(tx, row.firmId);
      const { parts, frozen } = selectParts(await readCurrentData(tx, user), share?.include, fallback);
      const hashes = await documentHashes(
        ctx.storage,
        tx,
        frozen.documents.map((d) => d.id),
      );
      // Issue 67: nothing to send (the same content and parts, the same access end date) is 409, and the
      // transaction's rollback undoes the version number taken above: no version, no mail, no event.
      const sameAccessEnd = share?.accessUntil === undefined || share.accessUntil === before.accessUntil;
      const sameContent = await sameAsVersion(
        tx,
        { requestId, version: version - 1, parts, documentHashes: hashes, certifiedBy },
        frozen,
      );
      if (sameAccessEnd && sameContent) throw conflict(SHARING_MESSAGES.nothingChanged(version - 1));
      const stored = { requestId, version, attorneyUserId: user.id, sharedAt, parts, certifiedBy };
      const seal = await storeVersion(tx, { ...stored, typedName, documentHashes: hashes }, frozen);
      // Issues 64/67: how many answers changed from the version before, kept with the version.
      await storeChangeCounts(tx, { requestId, version, firmName: row.firmName });
      // PRODUCT.md §13: rows of the version before keep their answers; new rows wait for one.
      await syncRows(tx, requestId, conflictsRowsOf(frozen.conflictsForm), version);
      await recordVersionEvents(tx, {
        ...stored,
        type: 'updated',
        actor: attorneyActor(user),
        documents: frozen.documents.length,
        accessUntil: row.accessUntil,
        ...seal,
      });
      // PRODUCT.md §14: the firm's webhooks hear of the new version in this transaction.
      await enqueueWebhookEvent(tx, {
        firmId: row.firmId,
        type: 'request.updated',
        data: { requestId: row.id, status: row.status, version, at: sharedAt.toISOString() },
      });
      // Updates in quick succession are one mail per recipient, naming the latest version (and its receipt).
      await mailFirm(
        tx,
        row,
        'package_updated',
        packageUpdatedMail({
          receipt: receiptText(await signedHeadOf(tx, recordKey(ctx.config), requestId)),
          attorneyName: attorneyNameOf(user),
          firmName: row.firmName,
          positionTitle: row.positionTitle,
          url: firmRequestUrl(ctx, row),
          version,
        }),
        { mergeKey: `package_updated:${row.id}`, delayMs: SEND_UPDATE_LIMITS.mailMergeMinutes * 60_000 },
      );
      await recordActivity(tx, {
        userId: user.id,
        kind: 'request_updated',
        title: `Sent ${row.firmName} version ${version} of your LPQ for ${row.positionTitle}`,
        detail: { requestId: row.id, version },
      });
      return toAttorneyItem(row, { lpq: (await positionLpqOf(tx, row.id)) ?? null, include: parts });
    }),
  );
  ctx.onMailQueued();
  return result;
}

/**
 * Revoke access: from the next request on, the firm's package, PDF and every document link answer 404.
 * The request row stays in the firm's list, marked revoked; the firm is mailed. 409 when not shared.
 */
export async function revokeShare(
  ctx: AppContext,
  actor: Actor,
  input: { id: string },
): Promise<AttorneyRequestItem> {
  const user = authorize(policies.attorneyRequests, actor);
  const requestId = input.id;
  const result = await ctx.db.transaction(async (tx) => {
    const before = await loadAttorneyRequest(tx, user, requestId);
    const row = await endAccess(ctx, tx, {
      requestId,
      cause: 'attorney',
      actor: attorneyActor(user),
      attorneyName: attorneyNameOf(user),
      scope: attorneyRequestScope(user),
    });
    if (!row)
      throw conflict(
        before.status === 'revoked' ? SHARING_MESSAGES.alreadyRevoked : SHARING_MESSAGES.notShared,
      );
    await recordActivity(tx, {
      userId: user.id,
      kind: 'request_revoked',
      title: `Revoked ${row.firmName}'s access to your LPQ for ${row.positionTitle}`,
      detail: { requestId: row.id },
    });
    return toAttorneyItem(row, {
      lpq: (await positionLpqOf(tx, row.id)) ?? null,
      include: (await currentParts(tx, row)) ?? null,
    });
  });
  ctx.onMailQueued();
  return result;
}
