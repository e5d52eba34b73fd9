import type { User } from '@shared/auth';
import type { AttorneyRequestItem } from '@shared/lpq';
import { type PositionLpqFacts, prefillPositionLpq } from '@shared/prefill';
import { REQUEST_MESSAGES, SHARED_DOCUMENT_STATUSES } from '@shared/requests';
import {
  type PackageParts,
  type RevocationCause,
  SHARING_MESSAGES,
  type SharePreview,
  type ShareRequestInput,
} from '@shared/sharing';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { lpqRequests, masterLpqs, positionLpqs, sharedPackages } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox';
import { conflict, HttpError, notFound } from '../../plugins/errors';
import { attorneyRequestScope } from '../../policies/request-scope';
import { recordActivity } from '../audit/audit.service';
import { findAttorneyRequest, firmUserEmail, toAttorneyItem } from './attorney-requests.service';
import { readCurrentData, selectParts, storeVersion } from './package-versions';
import { latestOtherPositionLpq } from './previous-lpq';
import { transitionRequest } from './request-state';
import {
  packageRevokedMail,
  packageSharedAttorneyMail,
  packageSharedFirmMail,
  packageUpdatedMail,
} from './sharing.mails';

type RequestRow = typeof lpqRequests.$inferSelect;

const attorneyNameOf = (user: User) => `${user.firstName} ${user.lastName}`;
const firmRequestUrl = (ctx: AppContext, row: RequestRow) => `${ctx.publicUrl}/firm/requests/${row.id}`;

async function requireCompleteMasterLpq(tx: Tx, user: User) {
  const [lpq] = await tx
    .select({ isComplete: masterLpqs.isComplete })
    .from(masterLpqs)
    .where(eq(masterLpqs.userId, user.id));
  if (!lpq?.isComplete) throw conflict(REQUEST_MESSAGES.masterLpqIncomplete);
}

/**
 * Share: ONE transaction that checks the master LPQ is complete, moves pending → accepted with a guarded
 * update (of concurrent shares and declines exactly one wins, the rest get 409), freezes version 1 of the
 * parts the attorney chose, creates the position LPQ and writes the e-mails to the firm and the attorney.
 */
export async function shareRequest(
  ctx: AppContext,
  user: User,
  requestId: string,
  input: ShareRequestInput | null | undefined,
): Promise<AttorneyRequestItem> {
  const result = await accountStillThere(
    ctx.db.transaction(async (tx) => {
      await findAttorneyRequest(tx, user, requestId);
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
          accessUntil: input?.accessUntil ?? null,
        },
        conflictMessage: REQUEST_MESSAGES.notPending,
      });
      const { parts, frozen } = selectParts(await readCurrentData(ctx, tx, user), input?.include);
      await storeVersion(tx, { requestId, version: 1, attorneyUserId: user.id, sharedAt, parts }, frozen);
      // Enter once: the name, e-mail, profile and master LPQ, then the attorney's previous LPQ for what
      // none of them holds; the firm's own questions start empty.
      const prefill = prefillPositionLpq({
        user,
        profile: frozen.profile as PositionLpqFacts['profile'],
        masterLpq: frozen.masterLpq as PositionLpqFacts['masterLpq'],
        previousLpq: await latestOtherPositionLpq(tx, user.id, requestId),
        documents: frozen.documents,
      });
      const [positionLpq] = await tx
        .insert(positionLpqs)
        .values({ requestId, attorneyUserId: user.id, formData: prefill.values })
        .returning({ id: positionLpqs.id });

      const facts = {
        attorneyName: attorneyNameOf(user),
        firmName: row.firmName,
        positionTitle: row.positionTitle,
      };
      const firmEmail = await firmUserEmail(tx, row.firmUserId);
      if (firmEmail)
        await enqueueMail(tx, {
          kind: 'package_shared',
          to: firmEmail,
          ...packageSharedFirmMail({ ...facts, url: firmRequestUrl(ctx, row) }),
        });
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
      return toAttorneyItem(row, positionLpq.id, parts);
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

/** The parts of the request's latest version: an update keeps them unless the attorney chooses again. */
async function currentParts(tx: Tx, row: RequestRow): Promise<PackageParts | undefined> {
  if (row.currentVersion === null) return undefined;
  const [pkg] = await tx
    .select({ include: sharedPackages.include })
    .from(sharedPackages)
    .where(and(eq(sharedPackages.requestId, row.id), eq(sharedPackages.version, row.currentVersion)));
  return pkg?.include;
}

/**
 * GET …/preview: the package the firm would receive now, in the firm's shape, with what exists and what
 * is chosen. Before sharing the choice is the share dialog's defaults; once shared it is the latest
 * version's, so the preview shows what 'Send update' would send. Nothing is stored or recorded.
 */
export async function previewPackage(
  ctx: AppContext,
  user: User,
  requestId: string,
  include: Partial<PackageParts>,
): Promise<SharePreview> {
  return ctx.db.transaction(async (tx) => {
    const row = await findAttorneyRequest(tx, user, requestId);
    const shareable = row.status === 'pending' || SHARED_DOCUMENT_STATUSES.includes(row.status);
    if (!shareable) throw conflict(SHARING_MESSAGES.cannotPreview);
    const data = await readCurrentData(ctx, tx, user);
    const { parts, frozen } = selectParts(data, include, await currentParts(tx, row));
    const version = (row.currentVersion ?? 0) + 1;
    const [lpq] = await tx.select().from(positionLpqs).where(eq(positionLpqs.requestId, row.id));
    return {
      ...frozen,
      version,
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
  user: User,
  requestId: string,
  input: ShareRequestInput | null | undefined,
): Promise<AttorneyRequestItem> {
  const result = await accountStillThere(
    ctx.db.transaction(async (tx) => {
      const before = await findAttorneyRequest(tx, user, requestId);
      await requireCompleteMasterLpq(tx, user);
      const sharedAt = new Date();
      const [row] = await tx
        .update(lpqRequests)
        .set({
          currentVersion: sql`${lpqRequests.currentVersion} + 1`,
          updatedAt: sharedAt,
          ...(input?.accessUntil !== undefined ? { accessUntil: input.accessUntil } : {}),
        })
        .where(
          and(
            eq(lpqRequests.id, requestId),
            attorneyRequestScope(user),
            inArray(lpqRequests.status, SHARED_DOCUMENT_STATUSES),
            sql`(${lpqRequests.accessUntil} is null or ${lpqRequests.accessUntil} >= (now() at time zone 'utc')::date)`,
          ),
        )
        .returning();
      if (!row)
        throw conflict(
          before.status === 'revoked' ? SHARING_MESSAGES.alreadyRevoked : SHARING_MESSAGES.notShared,
        );
      const version = row.currentVersion!;
      const fallback = await currentParts(tx, { ...row, currentVersion: version - 1 });
      const { parts, frozen } = selectParts(await readCurrentData(ctx, tx, user), input?.include, fallback);
      await storeVersion(tx, { requestId, version, attorneyUserId: user.id, sharedAt, parts }, frozen);
      const firmEmail = await firmUserEmail(tx, row.firmUserId);
      if (firmEmail)
        await enqueueMail(tx, {
          kind: 'package_updated',
          to: firmEmail,
          ...packageUpdatedMail({
            attorneyName: attorneyNameOf(user),
            firmName: row.firmName,
            positionTitle: row.positionTitle,
            url: firmRequestUrl(ctx, row),
            version,
          }),
        });
      await recordActivity(tx, {
        userId: user.id,
        kind: 'request_updated',
        title: `Sent ${row.firmName} version ${version} of your LPQ for ${row.positionTitle}`,
        detail: { requestId: row.id, version },
      });
      const [lpq] = await tx
        .select({ id: positionLpqs.id })
        .from(positionLpqs)
        .where(eq(positionLpqs.requestId, row.id));
      return toAttorneyItem(row, lpq?.id ?? null, parts);
    }),
  );
  ctx.onMailQueued();
  return result;
}

/**
 * Ends a firm's access inside the caller's transaction: shared → revoked with a guarded update, the firm
 * is mailed. Returns null when the request was not shared (already revoked, or never shared).
 */
export async function endAccess(
  ctx: Pick<AppContext, 'publicUrl'>,
  tx: Tx,
  input: {
    requestId: string;
    cause: RevocationCause;
    attorneyName: string;
    scope?: ReturnType<typeof attorneyRequestScope>;
  },
): Promise<RequestRow | null> {
  let row: RequestRow;
  try {
    row = await transitionRequest(tx, {
      requestId: input.requestId,
      to: 'revoked',
      scope: input.scope,
      set: { revokedAt: new Date(), revokedBy: input.cause },
    });
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409) return null;
    throw err;
  }
  const firmEmail = await firmUserEmail(tx, row.firmUserId);
  if (firmEmail)
    await enqueueMail(tx, {
      kind: 'package_revoked',
      to: firmEmail,
      ...packageRevokedMail({
        attorneyName: input.attorneyName,
        firmName: row.firmName,
        positionTitle: row.positionTitle,
        url: `${ctx.publicUrl}/firm/requests/${row.id}`,
        cause: input.cause,
      }),
    });
  return row;
}

/**
 * Revoke access: from the next request on, the firm's package, PDF and every document link answer 404.
 * The request row stays in the firm's list, marked revoked; the firm is mailed. 409 when not shared.
 */
export async function revokeShare(
  ctx: AppContext,
  user: User,
  requestId: string,
): Promise<AttorneyRequestItem> {
  const result = await ctx.db.transaction(async (tx) => {
    const before = await findAttorneyRequest(tx, user, requestId);
    const row = await endAccess(ctx, tx, {
      requestId,
      cause: 'attorney',
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
    const [lpq] = await tx
      .select({ id: positionLpqs.id })
      .from(positionLpqs)
      .where(eq(positionLpqs.requestId, row.id));
    return toAttorneyItem(row, lpq?.id ?? null, (await currentParts(tx, row)) ?? null);
  });
  ctx.onMailQueued();
  return result;
}
