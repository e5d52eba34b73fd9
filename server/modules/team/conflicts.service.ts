import { type ConflictsAnswer, conflictsRowsOf } from '@shared/conflicts';
import { listOf, recordOf } from '@shared/package-view-parts';
import type { ConflictsStatus } from '@shared/team';
import { isUuid } from '@shared/uuid';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../plugins/errors';
import { hitFirmReadLimit } from '../../plugins/rate-limit';
import { type Actor, authorize, type FirmMember } from '../../policies/authorize';
import { requestPolicies as policies } from '../../policies/request.policy';
import { allOf, packageOpen, packageOpenNow, packageParts, scopeFor } from '../../policies/request-scope';
import { recordAccess } from '../audit/audit.repo';
import { memberActor } from '../audit/audit-chain';
import { appendAuditEvent } from '../audit/trail-seal';
import {
  answerRow,
  conflictsStateOf,
  hasRows,
  presentRows,
  type StoredRow,
  syncRows,
} from '../requests/conflicts-rows.repo';
import { factsOf, findFirmRequest, fullName } from '../requests/firm-requests.repo';
import { loadVersion } from '../requests/package-versions';
import { clearancesOf, conflictsQueue } from './review-roles.repo';
import { actorName } from './team.presenter';

const textOf = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The conflicts role's scope: the firm's shared requests whose package is open now. */
const conflictsScope = (member: FirmMember) =>
  allOf(scopeFor(policies.firmConflicts, member), packageOpenNow());

/** GET /api/firm/conflicts?status= (the conflicts role): the queue, newest share first. */
export async function listConflictsQueue(ctx: AppContext, actor: Actor, input: { status?: ConflictsStatus }) {
  const member = authorize(policies.firmConflicts, actor);
  const rows = await conflictsQueue(ctx.db, conflictsScope(member), input.status);
  return rows.map((r) => ({
    requestId: r.requestId,
    attorneyName: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim(),
    positionTitle: r.positionTitle,
    practiceArea: r.practiceArea,
    sharedAt: r.sharedAt.toISOString(),
    version: r.version,
    conflictsStatus: r.conflictsStatus,
    conflictsWaiting: r.conflictsWaiting,
    conflictsFormShared: r.conflictsFormShared,
    decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
  }));
}

/** A shared request of the firm the conflicts member may clear (policy request.firmConflicts), open now. */
async function conflictsRequest(db: Db | Tx, member: FirmMember, requestId: string, lock = false) {
  const scope = scopeFor(policies.firmConflicts, member);
  const row = isUuid(requestId) ? await findFirmRequest(db, member, requestId, scope, { lock }) : undefined;
  authorize(policies.firmConflicts, member, row && factsOf(row));
  if (!packageOpen(row!.request)) throw notFound();
  return row!;
}

/**
 * The conflicts view (PRODUCT.md §9): the conflicts form, and of the master LPQ only the employers and the top
 * clients' names — no figures. Conflicts information serves conflicts only (ABA Model Rule 1.6(b)(7)). The
 * read is recorded for the attorney as a view of the conflicts form.
 */
async function conflictsView(
  db: Db | Tx,
  member: FirmMember,
  row: Awaited<ReturnType<typeof conflictsRequest>>,
) {
  const request = row.request;
  const stored = await loadVersion(db, request.id, request.currentVersion!);
  if (!stored) throw notFound();
  // The conflicts view is the conflicts form's reach, whatever else the member's roles reach.
  const parts = packageParts(member, factsOf(row)).filter((p) => p === 'conflictsForm');
  await recordAccess(db, {
    requestId: request.id,
    attorneyUserId: request.attorneyUserId!,
    firmUserId: member.id,
    firmId: member.firm.id,
    firmName: request.firmName,
    kind: 'conflicts_view',
    readerRoles: [...member.firm.roles],
    parts,
    inTrail: false,
  });
  const lpq = recordOf(stored.masterLpq);
  const current = recordOf(lpq.currentEmployment);
  const employers = [
    {
      employerName: textOf(current.employerName) ?? '',
      startDate: textOf(current.startDate),
      departureDate: null,
      current: true,
    },
    ...listOf(lpq.priorEmployment).map((p) => ({
      employerName: textOf(p.employerName) ?? '',
      startDate: textOf(p.startDate),
      departureDate: textOf(p.departureDate),
      current: false,
    })),
  ].filter((e) => e.employerName);
  const clientNames = listOf(recordOf(lpq.clientsInfo).topClients)
    .map((c) => textOf(c.clientName))
    .filter((n): n is string => !!n);
  const clearances = await clearancesOf(db, request.id);
  const rows = await rowsView(db, request);
  return {
    requestId: request.id,
    attorneyName: fullName(row) ?? '',
    attorneyEmail: stored.attorney.email,
    positionTitle: request.positionTitle,
    practiceArea: request.practiceArea,
    version: stored.version,
    sharedAt: stored.sharedAt,
    conflictsForm: stored.conflictsForm,
    employers,
    clientNames,
    ...rows,
    clearances: clearances.map((c) => ({
      status: c.status,
      note: c.note,
      decidedByName: c.decidedByName,
      version: c.version,
      createdAt: c.createdAt.toISOString(),
    })),
  };
}

/** GET /api/firm/lpq-requests/{id}/conflicts (the conflicts role). */
export async function getConflictsView(ctx: AppContext, actor: Actor, input: { id: string }) {
  const member = authorize(policies.firmConflicts, actor);
  const row = await conflictsRequest(ctx.db, member, input.id);
  // FIRM_READ_LIMIT: counted before the view is read and recorded; a refused read records nothing. (A
  // decision answers the view too, but a decision is never refused for it.)
  await hitFirmReadLimit(ctx.db, ctx.config, { memberId: member.id, requestId: row.request.id });
  return conflictsView(ctx.db, member, row);
}

/** PRODUCT.md §13: a row as the conflicts team sees it. */
const presentRow = (r: StoredRow) => ({
  rowId: r.rowId,
  partyName: r.partyName,
  partyRole: r.partyRole,
  clientName: r.clientName,
  matterDescription: r.matterDescription,
  current: r.current,
  openedOn: r.openedOn,
  closedOn: r.closedOn,
  clientMayObject: r.clientMayObject,
  partyCount: r.partyCount,
  version: r.version,
  status: r.status,
  noteToAttorney: r.noteToAttorney,
  answeredByName: r.answeredByName,
  answeredAt: r.answeredAt ? r.answeredAt.toISOString() : null,
});

/**
 * The request's rows and their derived status. A request shared before rows existed is given its rows from
 * its current version once (with its §9 decision as their answer, conflicts-rows.repo.ts): nothing is lost.
 */
async function rowsView(db: Db | Tx, request: { id: string; currentVersion: number | null }) {
  if (request.currentVersion !== null && !(await hasRows(db, request.id))) {
    const stored = await loadVersion(db, request.id, request.currentVersion);
    if (stored?.conflictsForm)
      await db.transaction((tx) =>
        syncRows(tx, request.id, conflictsRowsOf(stored.conflictsForm), request.currentVersion),
      );
  }
  const state = await conflictsStateOf(db, request.id);
  const rows = await presentRows(db, request.id);
  return {
    conflictsStatus: state?.conflictsStatus ?? null,
    conflictsWaiting: state?.conflictsWaiting ?? 0,
    rows: rows.map(presentRow),
  };
}

/**
 * PUT /api/firm/lpq-requests/{id}/conflicts/rows/{rowId} { status, noteToAttorney? } (PRODUCT.md §13): one
 * answer, recorded in the request's trail (who answered what; two answers at once are two events, the later
 * one stands). 404 for a row the request does not have now.
 */
export async function answerConflictsRow(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; rowId: string } & ConflictsAnswer,
) {
  const member = authorize(policies.firmConflicts, actor);
  return ctx.db.transaction(async (tx) => {
    const row = await conflictsRequest(tx, member, input.id, true);
    const answered = await answerRow(tx, row.request.id, input.rowId, {
      status: input.status,
      noteToAttorney: input.noteToAttorney || null,
      userId: member.id,
      name: actorName(member),
    });
    if (!answered) throw notFound();
    await appendAuditEvent(tx, {
      requestId: row.request.id,
      actor: memberActor(member),
      type: 'conflicts_answered',
      details: { rowId: input.rowId, status: input.status, version: answered.version },
    });
    return rowsView(tx, row.request);
  });
}
