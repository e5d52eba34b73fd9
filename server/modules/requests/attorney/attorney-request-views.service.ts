import { type CandidateFirmProfile, toCandidateFirmProfile } from '@shared/firm-profile-view';
import { diffPackages } from '@shared/package-changes';
import { type FirmSpecificQuestions, PACKAGE_SHARED_STATUSES, type SharedPackage } from '@shared/requests';
import { type PackageChange, SHARING_MESSAGES } from '@shared/sharing';
import type { AppContext } from '../../../context';
import { conflict, notFound } from '../../../plugins/errors';
import { type Actor, authorize } from '../../../policies/authorize';
import { requestPolicies as policies } from '../../../policies/request.policy';
import { findFirmProfile } from '../../firm/firm.repo';
import { conflictsStateOf, precheckOf, presentRows } from '../conflicts/conflicts-rows.repo';
import { loadAttorneyRequest } from '../lifecycle/load-request';
import { loadVersion, readCurrentData, selectParts } from '../sharing/package-versions';
import { currentParts } from './attorney-requests.repo';

/**
 * What an attorney reads about one of their requests beyond the list: what changed since the firm's
 * latest version, and the firm's profile. Nothing here is stored or recorded.
 */

/**
 * GET /api/attorney/lpq-requests/{id}/changes: the answers that differ between the
 * version the firm has and what Send update would send now (the same parts), one entry per changed value,
 * worded as the firm's 'What changed'. 409 when the request is not shared (nothing to update).
 */
export async function changesSinceShare(
  ctx: AppContext,
  actor: Actor,
  input: { id: string },
): Promise<PackageChange[]> {
  const user = authorize(policies.attorneyRequests, actor);
  return ctx.db.transaction(async (tx) => {
    const row = await loadAttorneyRequest(tx, user, input.id);
    if (!PACKAGE_SHARED_STATUSES.includes(row.status) || row.currentVersion === null)
      throw conflict(SHARING_MESSAGES.notShared);
    const stored = await loadVersion(tx, row.id, row.currentVersion);
    if (!stored) throw notFound();
    const { frozen } = selectParts(await readCurrentData(tx, user), undefined, await currentParts(tx, row));
    const options = {
      firmName: row.firmName,
      firmSpecificQuestions: (row.firmSpecificQuestions as FirmSpecificQuestions | null) ?? null,
    };
    const { include: _parts, ...before } = stored;
    const now: SharedPackage = { ...before, ...frozen, positionLpq: null, versions: [] };
    return diffPackages({ ...before, positionLpq: null, versions: [] }, now, options);
  });
}

/**
 * GET /api/attorney/lpq-requests/{id}/firm-profile: the profile the inviting firm keeps
 * for candidates, for any request sent to the attorney. 404 while the firm has none.
 */
export async function firmProfileOfRequest(
  ctx: AppContext,
  actor: Actor,
  input: { id: string },
): Promise<CandidateFirmProfile> {
  const user = authorize(policies.attorneyRequests, actor);
  const row = await loadAttorneyRequest(ctx.db, user, input.id);
  const profile = await findFirmProfile(ctx.db, row.firmId);
  if (!profile) throw notFound();
  return toCandidateFirmProfile(profile);
}

/**
 * GET /api/attorney/lpq-requests/{id}/conflicts (PRODUCT.md §13): each row the conflicts team has, with its
 * answer and note to the attorney; no answer yet is null. The firm's other notes stay the firm's.
 */
export async function attorneyConflicts(ctx: AppContext, actor: Actor, input: { id: string }) {
  const user = authorize(policies.attorneyRequests, actor);
  const row = await loadAttorneyRequest(ctx.db, user, input.id);
  const rows = await presentRows(ctx.db, row.id);
  // The pre-check in force while the request is pending (PRODUCT.md §13); after the share it is the share's.
  const precheck = row.status === 'pending' ? await precheckOf(ctx.db, row.id) : undefined;
  const state = await conflictsStateOf(ctx.db, row.id);
  return {
    conflictsStatus: state?.conflictsStatus ?? null,
    precheckSentAt: precheck ? precheck.sentAt.toISOString() : null,
    rows: rows.map((r) => ({
      rowId: r.rowId,
      partyName: r.partyName,
      partyRole: r.partyRole,
      clientName: r.clientName,
      status: r.status,
      noteToAttorney: r.noteToAttorney,
    })),
  };
}
