import type { BusinessPlan, BusinessPlanBody } from '@shared/business-plan';
import type { ConflictsForm, ConflictsFormBody } from '@shared/conflicts';
import type { DiversityForm, DiversityFormBody } from '@shared/diversity';
import type { MasterLpq } from '@shared/master-lpq';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { businessPlans, conflictsForms, masterLpqs } from '../../db/schema';
import { findSelfIdentification } from '../attorney/self-identification';

/**
 * The attorney's forms: master LPQ, conflicts form, business plan and (through the self-identification
 * record) the diversity form. Every row is the attorney's own, selected by their id (policy
 * attorneyRecords.ownRecords). The read functions answer null before anything was saved; sharing and the
 * data export read through them, never through the service.
 */
type MasterLpqRow = typeof masterLpqs.$inferSelect;

function toMasterLpq(row: MasterLpqRow): MasterLpq {
  return {
    ...(row.data as Omit<MasterLpq, 'isComplete' | 'id' | 'attorneyId' | 'createdAt' | 'updatedAt'>),
    id: row.userId,
    attorneyId: row.userId,
    isComplete: row.isComplete,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toConflictsForm = (row: { data: unknown; updatedAt: Date }): ConflictsForm => ({
  ...(row.data as ConflictsFormBody),
  updatedAt: row.updatedAt.toISOString(),
});

const toBusinessPlan = (row: { data: unknown; updatedAt: Date }): BusinessPlan => ({
  ...(row.data as BusinessPlanBody),
  updatedAt: row.updatedAt.toISOString(),
});

export function toDiversityForm(row: {
  data: Record<string, unknown>;
  submittedAt: Date | null;
  updatedAt: Date;
}) {
  return {
    ...(row.data as Partial<DiversityFormBody>),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  } satisfies DiversityForm;
}

export async function readMasterLpq(db: Db | Tx, userId: string): Promise<MasterLpq | null> {
  const [row] = await db.select().from(masterLpqs).where(eq(masterLpqs.userId, userId));
  return row ? toMasterLpq(row) : null;
}

export async function readConflictsForm(db: Db | Tx, userId: string): Promise<ConflictsForm | null> {
  const [row] = await db.select().from(conflictsForms).where(eq(conflictsForms.userId, userId));
  return row ? toConflictsForm(row) : null;
}

/** The self-identification record, which the profile edits too; null until either has written it. */
export async function readDiversityForm(db: Db | Tx, userId: string): Promise<DiversityForm | null> {
  const row = await findSelfIdentification(db, userId);
  return row ? toDiversityForm(row) : null;
}

export async function readBusinessPlan(db: Db | Tx, userId: string): Promise<BusinessPlan | null> {
  const [row] = await db.select().from(businessPlans).where(eq(businessPlans.userId, userId));
  return row ? toBusinessPlan(row) : null;
}

/** The stored template, locked until the transaction ends (two saves never interleave their merges). */
export async function lockMasterLpqRow(tx: Tx, userId: string) {
  const [row] = await tx.select().from(masterLpqs).where(eq(masterLpqs.userId, userId)).for('update');
  return row;
}

export async function upsertMasterLpq(
  tx: Tx,
  userId: string,
  data: Record<string, unknown>,
  isComplete: boolean,
): Promise<MasterLpq> {
  const [row] = await tx
    .insert(masterLpqs)
    .values({ userId, data, isComplete })
    .onConflictDoUpdate({ target: masterLpqs.userId, set: { data, isComplete, updatedAt: new Date() } })
    .returning();
  return toMasterLpq(row);
}

export async function upsertConflictsForm(tx: Tx, userId: string, body: ConflictsFormBody) {
  const [row] = await tx
    .insert(conflictsForms)
    .values({ userId, data: body })
    .onConflictDoUpdate({ target: conflictsForms.userId, set: { data: body, updatedAt: new Date() } })
    .returning();
  return toConflictsForm(row);
}

export async function upsertBusinessPlan(tx: Tx, userId: string, body: BusinessPlanBody) {
  const [row] = await tx
    .insert(businessPlans)
    .values({ userId, data: body })
    .onConflictDoUpdate({ target: businessPlans.userId, set: { data: body, updatedAt: new Date() } })
    .returning();
  return toBusinessPlan(row);
}
