import { ATTORNEY_ACTIVITY } from '@shared/attorney';
import { attorneyChecks, type Ledger } from '@shared/business-case';
import type { BusinessPlan, BusinessPlanBody } from '@shared/business-plan';
import { type ConflictsForm, type ConflictsFormBody, uniqueMatterIds } from '@shared/conflicts';
import type { DiversityForm, DiversityFormBody } from '@shared/diversity';
import {
  MASTER_LPQ_SECTIONS,
  type MasterLpq,
  type MasterLpqBody,
  missingRequiredFields,
} from '@shared/master-lpq';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { badRequest, notFound, validationBody } from '../../plugins/errors';
import { attorneyRecordPolicies as policies } from '../../policies/attorney-records.policy';
import { type Actor, authorize } from '../../policies/authorize';
import { recordFormActivity } from '../attorney/activity';
import { readAttorneyProfile } from '../attorney/attorney.repo';
import { findSelfIdentification, saveSelfIdentification } from '../attorney/self-identification';
import { resolveFileReferences } from '../files/file-references.service';
import {
  lockMasterLpqRow,
  readBusinessPlan,
  readConflictsForm,
  readDiversityForm,
  readMasterLpq,
  toDiversityForm,
  upsertBusinessPlan,
  upsertConflictsForm,
  upsertMasterLpq,
} from './master-lpq.repo';

/** A saved record, or 404 before the first save. */
const orNotFound = <T>(record: T | null): T => {
  if (!record) throw notFound();
  return record;
};

/**
 * The saved template. Its resume is the attorney's one resume: every upload sets the profile's (PUT
 * /api/attorney/resume, from any page), so a newer one uploaded from the profile replaces the link the
 * template was saved with rather than standing beside it.
 */
export async function getMasterLpq(ctx: AppContext, actor: Actor): Promise<MasterLpq> {
  const attorney = authorize(policies.ownRecords, actor);
  const lpq = orNotFound(await readMasterLpq(ctx.db, attorney.id));
  const resumeUrl = (await readAttorneyProfile(ctx.db, attorney.id))?.resumeUrl;
  return resumeUrl ? { ...lpq, resumeUrl } : lpq;
}

/**
 * GET /api/attorney/master-lpq/checks (PRODUCT.md §12): the saved template's figures and the flags firms are
 * likely to ask about, on the default assumptions. The attorney's own; never read by a firm.
 */
export async function getMasterLpqChecks(ctx: AppContext, actor: Actor) {
  const attorney = authorize(policies.ownRecords, actor);
  const lpq = orNotFound(await readMasterLpq(ctx.db, attorney.id));
  return attorneyChecks(lpq as Ledger);
}

/** The keys of the master LPQ body other than isComplete: each present one replaces the stored one. */
const STORED_KEYS = [
  ...MASTER_LPQ_SECTIONS,
  'resumeUrl',
  'conflictsFormUrl',
  'diversityFormUrl',
  'documents',
];

/**
 * POST upserts: every section the body carries replaces the stored section, the others stay, so a wizard
 * may save what one step holds. Completion is a fact about the saved data (PRODUCT.md §5): Save Template
 * (isComplete true) refuses an incomplete template with the missing fields; any other save stores whether
 * the merged template is complete, so moving through a complete template's steps never undoes it.
 */
export async function saveMasterLpq(ctx: AppContext, actor: Actor, body: MasterLpqBody): Promise<MasterLpq> {
  const attorney = authorize(policies.ownRecords, actor);
  // Each document as the attorney's own confirmed file, whatever URL named it (before the transaction:
  // confirming an upload opens its own).
  const documents =
    body.documents &&
    (await resolveFileReferences(ctx, attorney, { references: body.documents, field: 'documents' }));
  return ctx.db.transaction(async (tx) => {
    const existing = await lockMasterLpqRow(tx, attorney.id);
    const data: Record<string, unknown> = { ...(existing?.data ?? {}) };
    for (const key of STORED_KEYS) {
      const value = key === 'documents' ? documents : (body as Record<string, unknown>)[key];
      if (value !== undefined) data[key] = value;
    }
    // Save Template: the template as it will be stored must be complete, whichever sections this body carried.
    const missing = missingRequiredFields(data);
    if (body.isComplete && missing.length) {
      const { message, errors } = validationBody(missing);
      throw badRequest(message, errors);
    }
    const isComplete = missing.length === 0;
    const saved = await upsertMasterLpq(tx, attorney.id, data, isComplete);
    await recordFormActivity(
      tx,
      attorney.id,
      // 'Completed' once, when the saved template becomes complete, whichever save did it.
      isComplete && !existing?.isComplete
        ? ATTORNEY_ACTIVITY.masterLpqCompleted
        : ATTORNEY_ACTIVITY.masterLpqUpdated,
    );
    return saved;
  });
}

/** The reader of one of the attorney's forms: the form as saved, or 404 before the first save. */
const formReader =
  <T>(read: (db: AppContext['db'], attorneyId: string) => Promise<T | null>) =>
  async (ctx: AppContext, actor: Actor): Promise<T> => {
    const attorney = authorize(policies.ownRecords, actor);
    return orNotFound(await read(ctx.db, attorney.id));
  };

/** The saver of one of the attorney's forms: the write and its activity, in one transaction. */
const formSaver =
  <B, T>(
    activity: { kind: string; title: string },
    write: (tx: Tx, attorneyId: string, body: B) => Promise<T>,
  ) =>
  (ctx: AppContext, actor: Actor, body: B): Promise<T> => {
    const attorney = authorize(policies.ownRecords, actor);
    return ctx.db.transaction(async (tx) => {
      const saved = await write(tx, attorney.id, body);
      await recordFormActivity(tx, attorney.id, activity);
      return saved;
    });
  };

export const getConflictsForm = formReader(readConflictsForm);
export const saveConflictsForm = formSaver(
  ATTORNEY_ACTIVITY.conflictsFormCompleted,
  (tx, attorneyId, body: ConflictsFormBody): Promise<ConflictsForm> =>
    // PRODUCT.md §13: a matter's id keys its rows, so a repeated one gets a new id.
    upsertConflictsForm(tx, attorneyId, { ...body, matters: uniqueMatterIds(body.matters) }),
);

/** The self-identification record, which the profile edits too; 404 until either has written it. */
export const getDiversityForm = formReader(readDiversityForm);
export const saveDiversityForm = formSaver(
  ATTORNEY_ACTIVITY.diversityFormSubmitted,
  async (tx, attorneyId, body: DiversityFormBody): Promise<DiversityForm> => {
    const existing = await findSelfIdentification(tx, attorneyId);
    const data: Record<string, unknown> = { ...(existing?.data ?? {}) };
    // The form decides every field it has: a field it leaves out (veteran details of a non-veteran) is cleared.
    for (const [key, value] of Object.entries(body)) {
      if (value === undefined || value === null || value === '') delete data[key];
      else data[key] = value;
    }
    return toDiversityForm(await saveSelfIdentification(tx, attorneyId, data, { submitted: true }));
  },
);

export const getBusinessPlan = formReader(readBusinessPlan);
export const saveBusinessPlan = formSaver(
  ATTORNEY_ACTIVITY.businessPlanSaved,
  (tx, attorneyId, body: BusinessPlanBody): Promise<BusinessPlan> => upsertBusinessPlan(tx, attorneyId, body),
);
