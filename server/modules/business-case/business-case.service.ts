import {
  ASSUMPTION_MESSAGES,
  type Assumptions,
  type AssumptionsInput,
  type BusinessCase,
  businessCase,
  type Ledger,
} from '@shared/business-case';
import { isUuid } from '@shared/uuid';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { badRequest, notFound } from '../../plugins/errors';
import { hitFirmReadLimit } from '../../plugins/rate-limit';
import { type Actor, authorize, type FirmMember } from '../../policies/authorize';
import { requestPolicies as policies } from '../../policies/request.policy';
import { packageOpen, scopeFor } from '../../policies/request-scope';
import { teamPolicies } from '../../policies/team.policy';
import { recordAccess } from '../audit/audit.repo';
import {
  firmDefaultAssumptions as firmDefaults,
  readFirmDefaults,
  readRequestAssumptions,
  requestAssumptions,
  writeFirmDefaults,
  writeRequestAssumptions,
} from '../requests/firm/business-case-assumptions';
import { factsOf, findFirmRequest } from '../requests/firm/firm-requests.repo';
import { loadVersion } from '../requests/sharing/package-versions';
import { recordMemberAudit } from '../team/firm-audit';
import { businessCaseWorkbook } from './workbook';

export type VersionedCase = BusinessCase & { version: number };

/**
 * One request the member may model (policy request.firmBusinessCase) and one version of its package (the latest
 * unless `version` is given). 404 for another firm's, an unassigned reviewer's, an unknown or malformed id, a
 * version that does not exist, before sharing and once access has ended.
 */
async function loadCase(db: Db | Tx, member: FirmMember, requestId: string, version?: number) {
  const scope = scopeFor(policies.firmBusinessCase, member);
  const row = isUuid(requestId) ? await findFirmRequest(db, member, requestId, scope) : undefined;
  authorize(policies.firmBusinessCase, member, row && factsOf(row));
  const request = row!.request;
  if (!packageOpen(request) || request.currentVersion === null) throw notFound();
  const stored = await loadVersion(db, requestId, version ?? request.currentVersion);
  if (!stored) throw notFound();
  const ledger = (stored.masterLpq ?? {}) as Ledger;
  const attorneyName = `${row!.firstName ?? ''} ${row!.lastName ?? ''}`.trim();
  return { request, version: stored.version, ledger, attorneyName };
}

type Loaded = Awaited<ReturnType<typeof loadCase>>;

/**
 * PRODUCT.md §12: reading the case (or its workbook) is an access event the attorney sees, named ('Business
 * case'), and in the request's audit trail (sealed by trail.seal-reads, like the conflicts view): that it was
 * read, by whom, never what the firm assumed or computed.
 */
async function recordRead(db: Db | Tx, member: FirmMember, loaded: Loaded, kind: 'view' | 'export') {
  await recordAccess(db, {
    requestId: loaded.request.id,
    attorneyUserId: loaded.request.attorneyUserId!,
    firmUserId: member.id,
    firmId: member.firm.id,
    firmName: loaded.request.firmName,
    kind: kind === 'view' ? 'business_case_view' : 'business_case_export',
    readerRoles: [...member.firm.roles],
    parts: ['masterLpq'],
    inTrail: false,
  });
}

/** FIRM_READ_LIMIT: a read of the case counts with the package's reads, before it is recorded. */
const countRead = (ctx: AppContext, member: FirmMember, loaded: Loaded) =>
  hitFirmReadLimit(ctx.db, ctx.config, { memberId: member.id, requestId: loaded.request.id });

/** GET /api/firm/lpq-requests/{id}/business-case?version=N. */
export async function getBusinessCase(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; version?: number },
): Promise<VersionedCase> {
  const member = authorize(policies.firmBusinessCase, actor);
  const loaded = await loadCase(ctx.db, member, input.id, input.version);
  const assumptions = await requestAssumptions(ctx.db, member.firm.id, loaded.request.id);
  await countRead(ctx, member, loaded);
  await recordRead(ctx.db, member, loaded, 'view');
  return { version: loaded.version, ...businessCase(loaded.ledger, assumptions) };
}

/**
 * PUT …/business-case/assumptions: the body replaces the request's assumptions (left out: the firm's default;
 * `clientHaircuts` left out: none), in the firm's audit, and the case is recomputed on the version asked for.
 * A haircut for a client the version does not have is a 400 that changes nothing. The answer is the case, so it
 * is a read the attorney sees like a GET (one transaction: the assumptions, the audit and the read).
 */
export async function saveBusinessCaseAssumptions(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; version?: number; assumptions: AssumptionsInput },
): Promise<VersionedCase> {
  const member = authorize(policies.firmBusinessCase, actor);
  const checked = await loadCase(ctx.db, member, input.id, input.version);
  // A haircut for a client the version does not have: refused before anything counts or changes. Versions
  // are frozen and the transaction reads the same one, so the count checked here holds there.
  const clients = checked.ledger.clientsInfo?.topClients?.length ?? 0;
  for (const key of Object.keys(input.assumptions.clientHaircuts ?? {}))
    if (Number(key) >= clients)
      throw badRequest(ASSUMPTION_MESSAGES.clientIndex, {
        [`clientHaircuts.${key}`]: ASSUMPTION_MESSAGES.clientIndex,
      });
  await countRead(ctx, member, checked);
  return ctx.db.transaction(async (tx) => {
    const loaded = await loadCase(tx, member, input.id, checked.version);
    const before = await readRequestAssumptions(tx, loaded.request.id);
    const body = { ...input.assumptions } as Record<string, unknown>;
    await writeRequestAssumptions(tx, loaded.request.id, body, member.id);
    await recordMemberAudit(tx, member, {
      action: 'business_case_assumptions_changed',
      subject: [loaded.request.positionTitle, loaded.attorneyName].filter(Boolean).join(' — '),
      detail: { requestId: loaded.request.id, from: before, to: body },
    });
    await recordRead(tx, member, loaded, 'view');
    const assumptions = await requestAssumptions(tx, member.firm.id, loaded.request.id);
    return { version: loaded.version, ...businessCase(loaded.ledger, assumptions) };
  });
}

/** GET …/business-case.xlsx: the workbook of the case, recorded as an export the attorney sees. */
export async function getBusinessCaseWorkbook(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; version?: number },
) {
  const member = authorize(policies.firmBusinessCase, actor);
  const loaded = await loadCase(ctx.db, member, input.id, input.version);
  const assumptions = await requestAssumptions(ctx.db, member.firm.id, loaded.request.id);
  const kase = businessCase(loaded.ledger, assumptions);
  const buffer = await businessCaseWorkbook(loaded.ledger, kase, {
    version: loaded.version,
    title: [loaded.request.positionTitle, loaded.attorneyName].filter(Boolean).join(' — '),
  });
  await countRead(ctx, member, loaded);
  await recordRead(ctx.db, member, loaded, 'export');
  return { buffer, version: loaded.version, positionTitle: loaded.request.positionTitle };
}

/** GET /api/firm/settings/business-case (admins). */
export async function getBusinessCaseDefaults(ctx: AppContext, actor: Actor): Promise<Assumptions> {
  const admin = authorize(teamPolicies.administer, actor);
  return firmDefaults(ctx.db, admin.firm.id);
}

/** PUT /api/firm/settings/business-case (admins): the defaults for new requests, in the firm's audit. */
export async function saveBusinessCaseDefaults(
  ctx: AppContext,
  actor: Actor,
  input: AssumptionsInput,
): Promise<Assumptions> {
  const admin = authorize(teamPolicies.administer, actor);
  if (input.clientHaircuts && Object.keys(input.clientHaircuts).length)
    throw badRequest(ASSUMPTION_MESSAGES.defaultsClientHaircuts, {
      clientHaircuts: ASSUMPTION_MESSAGES.defaultsClientHaircuts,
    });
  return ctx.db.transaction(async (tx) => {
    const before = await readFirmDefaults(tx, admin.firm.id);
    const { clientHaircuts: _none, ...body } = input;
    await writeFirmDefaults(tx, admin.firm.id, body);
    await recordMemberAudit(tx, admin, {
      action: 'business_case_defaults_changed',
      subject: null,
      detail: { from: before, to: body },
    });
    return firmDefaults(tx, admin.firm.id);
  });
}
