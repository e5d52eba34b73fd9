import { ATTORNEY_ACTIVITY } from '@shared/attorney';
import type { User } from '@shared/auth';
import type { BusinessPlan, BusinessPlanBody } from '@shared/business-plan';
import type { ConflictsForm, ConflictsFormBody } from '@shared/conflicts';
import type { DiversityForm, DiversityFormBody } from '@shared/diversity';
import {
  MASTER_LPQ_SECTIONS,
  type MasterLpq,
  type MasterLpqBody,
  missingRequiredFields,
} from '@shared/master-lpq';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { businessPlans, conflictsForms, masterLpqs } from '../../db/schema';
import { badRequest, notFound, validationBody } from '../../plugins/errors';
import { recordFormActivity } from '../attorney/activity';
import { findSelfIdentification, saveSelfIdentification } from '../attorney/self-identification';

type MasterLpqRow = typeof masterLpqs.$inferSelect;

function toMasterLpq(row: MasterLpqRow): MasterLpq {
  return {
    ...(row.data as Omit<MasterLpqBody, 'isComplete'>),
    id: row.userId,
    attorneyId: row.userId,
    isComplete: row.isComplete,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getMasterLpq(ctx: AppContext, user: User): Promise<MasterLpq> {
  const [row] = await ctx.db.select().from(masterLpqs).where(eq(masterLpqs.userId, user.id));
  if (!row) throw notFound();
  return toMasterLpq(row);
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
export async function saveMasterLpq(ctx: AppContext, user: User, body: MasterLpqBody): Promise<MasterLpq> {
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(masterLpqs).where(eq(masterLpqs.userId, user.id)).for('update');
    const data: Record<string, unknown> = { ...(existing?.data ?? {}) };
    for (const key of STORED_KEYS) {
      const value = (body as Record<string, unknown>)[key];
      if (value !== undefined) data[key] = value;
    }
    // Save Template: the template as it will be stored must be complete, whichever sections this body carried.
    const missing = missingRequiredFields(data);
    if (body.isComplete && missing.length) {
      const { message, errors } = validationBody(missing);
      throw badRequest(message, errors);
    }
    const isComplete = missing.length === 0;
    const now = new Date();
    const [row] = await tx
      .insert(masterLpqs)
      .values({ userId: user.id, data, isComplete })
      .onConflictDoUpdate({
        target: masterLpqs.userId,
        set: { data, isComplete, updatedAt: now },
      })
      .returning();
    await recordFormActivity(
      tx,
      user.id,
      // 'Completed' once, when the saved template becomes complete, whichever save did it.
      isComplete && !existing?.isComplete
        ? ATTORNEY_ACTIVITY.masterLpqCompleted
        : ATTORNEY_ACTIVITY.masterLpqUpdated,
    );
    return toMasterLpq(row);
  });
}

export async function getConflictsForm(ctx: AppContext, user: User): Promise<ConflictsForm> {
  const [row] = await ctx.db.select().from(conflictsForms).where(eq(conflictsForms.userId, user.id));
  if (!row) throw notFound();
  return { ...(row.data as ConflictsFormBody), updatedAt: row.updatedAt.toISOString() };
}

export async function saveConflictsForm(
  ctx: AppContext,
  user: User,
  body: ConflictsFormBody,
): Promise<ConflictsForm> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(conflictsForms)
      .values({ userId: user.id, data: body })
      .onConflictDoUpdate({ target: conflictsForms.userId, set: { data: body, updatedAt: new Date() } })
      .returning();
    await recordFormActivity(tx, user.id, ATTORNEY_ACTIVITY.conflictsFormCompleted);
    return { ...(row.data as ConflictsFormBody), updatedAt: row.updatedAt.toISOString() };
  });
}

function toDiversityForm(row: { data: Record<string, unknown>; submittedAt: Date | null; updatedAt: Date }) {
  return {
    ...(row.data as Partial<DiversityFormBody>),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  } satisfies DiversityForm;
}

/** The self-identification record, which the profile edits too; 404 until either has written it. */
export async function getDiversityForm(ctx: AppContext, user: User): Promise<DiversityForm> {
  const row = await findSelfIdentification(ctx.db, user.id);
  if (!row) throw notFound();
  return toDiversityForm(row);
}

export async function saveDiversityForm(
  ctx: AppContext,
  user: User,
  body: DiversityFormBody,
): Promise<DiversityForm> {
  return ctx.db.transaction(async (tx) => {
    const existing = await findSelfIdentification(tx, user.id);
    const data: Record<string, unknown> = { ...(existing?.data ?? {}) };
    // The form decides every field it has: a field it leaves out (veteran details of a non-veteran) is cleared.
    for (const [key, value] of Object.entries(body)) {
      if (value === undefined || value === null || value === '') delete data[key];
      else data[key] = value;
    }
    const row = await saveSelfIdentification(tx, user.id, data, { submitted: true });
    await recordFormActivity(tx, user.id, ATTORNEY_ACTIVITY.diversityFormSubmitted);
    return toDiversityForm(row);
  });
}

export async function getBusinessPlan(ctx: AppContext, user: User): Promise<BusinessPlan> {
  const [row] = await ctx.db.select().from(businessPlans).where(eq(businessPlans.userId, user.id));
  if (!row) throw notFound();
  return { ...(row.data as BusinessPlanBody), updatedAt: row.updatedAt.toISOString() };
}

export async function saveBusinessPlan(
  ctx: AppContext,
  user: User,
  body: BusinessPlanBody,
): Promise<BusinessPlan> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(businessPlans)
      .values({ userId: user.id, data: body })
      .onConflictDoUpdate({ target: businessPlans.userId, set: { data: body, updatedAt: new Date() } })
      .returning();
    await recordFormActivity(tx, user.id, ATTORNEY_ACTIVITY.businessPlanSaved);
    return { ...(row.data as BusinessPlanBody), updatedAt: row.updatedAt.toISOString() };
  });
}
