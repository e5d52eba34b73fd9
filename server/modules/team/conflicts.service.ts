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
  precheckAttorneyId,
  precheckOf,
  presentRows,
  type StoredRow,
  syncRows,
} from '../requests/conflicts/conflicts-rows.repo';
import { factsOf, findFirmRequest, fullName } from '../requests/firm/firm-requests.repo';
import { loadVersion } from '../requests/sharing/package-versions';
import { conflictsCsv, conflictsXlsx } from './conflicts-export';
import { clearancesOf, conflictsQueue, precheckQueue } from './review-roles.repo';
import { actorName } from './team.presenter';

const textOf = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The conflicts role's scope: the firm's shared requests whose package is open now. */
const conflictsScope = (member: FirmMember) =>
  allOf(scopeFor(policies.firmConflicts, member), packageOpenNow());

/** GET /api/firm/conflicts?status= (the conflicts role): the queue, newest share first. */
export async function listConflictsQueue(ctx: AppContext, actor: Actor, input: { status?: ConflictsStatus }) {
  const member = authorize(policies.firmConflicts, actor);
  const rows = await conflictsQueue(ctx.db, conflictsScope(member), input.status);
  // PRODUCT.md §13: pre-checks first (they wait on the conflicts team alone), with the position and nothing else.
  const prechecks = await precheckQueue(ctx.db, scopeFor(policies.firmPrecheck, member), input.status);
  return [
    ...prechecks.map((r) => ({
      requestId: r.requestId,
      attorneyName: null,
      positionTitle: r.positionTitle,
      practiceArea: null,
      sharedAt: null,
      version: null,
      precheck: true,
      precheckSentAt: r.sentAt.toISOString(),
      conflictsStatus: r.conflictsStatus,
      conflictsWaiting: r.conflictsWaiting,
      conflictsFormShared: true,
      decidedAt: null,
    })),
    ...rows.map((r) => ({
      requestId: r.requestId,
      attorneyName: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim(),
      positionTitle: r.positionTitle,
      practiceArea: r.practiceArea,
      sharedAt: r.sharedAt.toISOString(),
      version: r.version,
      precheck: false,
      precheckSentAt: null,
      conflictsStatus: r.conflictsStatus,
      conflictsWaiting: r.conflictsWaiting,
      conflictsFormShared: r.conflictsFormShared,
      decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
    })),
  ];
}

type FoundRequest = NonNullable<Awaited<ReturnType<typeof findFirmRequest>>>;

/**
 * A request whose rows the conflicts member reads or answers: shared and open now (policy request.firmConflicts),
 * or pending with a pre-check in force (policy request.firmPrecheck). Anything else: 404.
 */
async function rowsRequest(
  db: Db | Tx,
  member: FirmMember,
  requestId: string,
  lock = false,
): Promise<{ row: FoundRequest; precheck: boolean }> {
  if (!isUuid(requestId)) throw notFound();
  const shared = await findFirmRequest(db, member, requestId, conflictsScope(member), { lock });
  if (shared) return { row: await conflictsRequest(db, member, requestId, lock), precheck: false };
  const pre = await findFirmRequest(db, member, requestId, scopeFor(policies.firmPrecheck, member), { lock });
  authorize(
    policies.firmPrecheck,
    member,
    pre && { firmId: pre.request.firmId, status: pre.request.status, prechecked: true },
  );
  return { row: pre!, precheck: true };
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
    precheck: false,
    precheckSentAt: null,
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
  const { row, precheck } = await rowsRequest(ctx.db, member, input.id);
  // FIRM_READ_LIMIT: counted before the view is read and recorded; a refused read records nothing. (A
  // decision answers the view too, but a decision is never refused for it.)
  await hitFirmReadLimit(ctx.db, ctx.config, { memberId: member.id, requestId: row.request.id });
  return precheck ? precheckView(ctx.db, member, row) : conflictsView(ctx.db, member, row);
}

/**
 * PRODUCT.md §13, the pre-check as the conflicts team sees it: the position and the rows (names, party roles,
 * current or former, dates), no attorney, no matter description, no figure, no other part. The read is
 * recorded for the attorney as a view of the conflicts form.
 */
async function precheckView(db: Db | Tx, member: FirmMember, row: FoundRequest) {
  const request = row.request;
  const attorneyUserId = await precheckAttorneyId(db, request.attorneyEmail);
  if (attorneyUserId)
    await recordAccess(db, {
      requestId: request.id,
      attorneyUserId,
      firmUserId: member.id,
      firmId: member.firm.id,
      firmName: request.firmName,
      kind: 'conflicts_view',
      readerRoles: [...member.firm.roles],
      parts: ['conflictsForm'],
      inTrail: false,
    });
  const pre = await precheckOf(db, request.id);
  return {
    requestId: request.id,
    attorneyName: null,
    attorneyEmail: null,
    positionTitle: request.positionTitle,
    practiceArea: null,
    version: null,
    sharedAt: null,
    precheck: true,
    precheckSentAt: pre ? pre.sentAt.toISOString() : null,
    conflictsForm: null,
    employers: [],
    clientNames: [],
    ...(await rowsView(db, request)),
    clearances: [],
  };
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
    const { row } = await rowsRequest(tx, member, input.id, true);
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
      // A pre-check's answer names the conflicts form as its part: no one else at the firm learns of it.
      details: {
        rowId: input.rowId,
        status: input.status,
        version: answered.version,
        ...(answered.version === null ? { parts: ['conflictsForm'] } : {}),
      },
    });
    return rowsView(tx, row.request);
  });
}

export type ConflictsFile = { body: string | Buffer; fileName: string; contentType: string };

const CSV_TYPE = 'text/csv; charset=utf-8';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One access event per export and request (PRODUCT.md §13: every export is an access event). */
async function recordExport(db: Db | Tx, member: FirmMember, row: FoundRequest, fileName: string) {
  const request = row.request;
  const attorneyUserId = request.attorneyUserId ?? (await precheckAttorneyId(db, request.attorneyEmail));
  if (!attorneyUserId) return;
  await recordAccess(db, {
    requestId: request.id,
    attorneyUserId,
    firmUserId: member.id,
    firmId: member.firm.id,
    firmName: request.firmName,
    kind: 'conflicts_export',
    fileName,
    readerRoles: [...member.firm.roles],
    parts: ['conflictsForm'],
    inTrail: false,
  });
}

/**
 * GET /api/firm/lpq-requests/{id}/conflicts.csv and .xlsx (the conflicts role): the request's rows for the
 * firm's conflicts system, what the conflicts view shows of each (a pre-check: no matter description).
 */
export async function exportConflicts(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; format: 'csv' | 'xlsx' },
): Promise<ConflictsFile> {
  const member = authorize(policies.firmConflicts, actor);
  const { row } = await rowsRequest(ctx.db, member, input.id);
  await hitFirmReadLimit(ctx.db, ctx.config, { memberId: member.id, requestId: row.request.id });
  const { rows } = await rowsView(ctx.db, row.request);
  const fileName = `conflicts-${row.request.id.slice(0, 8)}.${input.format}`;
  await recordExport(ctx.db, member, row, fileName);
  const requests = [{ requestId: row.request.id, positionTitle: row.request.positionTitle, rows }];
  return input.format === 'csv'
    ? { body: conflictsCsv(requests), fileName, contentType: CSV_TYPE }
    : { body: await conflictsXlsx(requests), fileName, contentType: XLSX_TYPE };
}

/**
 * GET /api/firm/conflicts.csv (the conflicts role): every request with rows awaiting an answer (shared and open,
 * or a pre-check in force), one line per row of each; one access event per request in it.
 */
export async function exportConflictsWaiting(ctx: AppContext, actor: Actor): Promise<ConflictsFile> {
  const member = authorize(policies.firmConflicts, actor);
  const ids = [
    ...(await precheckQueue(ctx.db, scopeFor(policies.firmPrecheck, member), 'pending')),
    ...(await conflictsQueue(ctx.db, conflictsScope(member), 'pending')),
  ].map((r) => r.requestId);
  const fileName = `conflicts-waiting-${new Date().toISOString().slice(0, 10)}.csv`;
  const requests = [];
  for (const id of ids) {
    const { row } = await rowsRequest(ctx.db, member, id);
    const { rows } = await rowsView(ctx.db, row.request);
    await recordExport(ctx.db, member, row, fileName);
    requests.push({ requestId: row.request.id, positionTitle: row.request.positionTitle, rows });
  }
  return { body: conflictsCsv(requests), fileName, contentType: CSV_TYPE };
}
