import type { FirmProfile, FirmProfileValues, Office } from '@shared/firm';
import { FIRM_MESSAGES } from '@shared/firm';
import { asc, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { firmOffices, firmProfiles, firmRequestCounts, lpqRequests } from '../../db/schema';
import { conflict } from '../../plugins/errors';
import type { FirmMember } from '../../policies/authorize';
import { requestPolicies } from '../../policies/request.policy';
import { memberRef } from '../../policies/request-scope';

/** The firm's profile and offices; every row is selected by the firm's id (policy firm.readProfile). */
type ProfileRow = typeof firmProfiles.$inferSelect;
type OfficeRow = typeof firmOffices.$inferSelect;

function toFirmProfile(row: ProfileRow, offices: OfficeRow[]): FirmProfile {
  return {
    ...(row.data as Omit<FirmProfileValues, 'firmName' | 'offices'>),
    // The spec's userId of the firm profile: the firm's own id now that a firm is a team.
    userId: row.firmId,
    firmName: row.firmName,
    offices: offices.map((o) => ({
      id: o.id,
      city: o.city,
      state: o.state,
      numberOfAttorneys: o.numberOfAttorneys,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The firm's profile with its offices in their saved order, or null when it has none yet. */
export async function findFirmProfile(tx: Db | Tx, firmId: string): Promise<FirmProfile | null> {
  const [row] = await tx.select().from(firmProfiles).where(eq(firmProfiles.firmId, firmId));
  if (!row) return null;
  const offices = await tx
    .select()
    .from(firmOffices)
    .where(eq(firmOffices.firmId, firmId))
    .orderBy(asc(firmOffices.position));
  return toFirmProfile(row, offices);
}

/** The office list is replaced as a whole: the screen always sends every row. */
async function replaceOffices(tx: Tx, firmId: string, offices: Office[]) {
  await tx.delete(firmOffices).where(eq(firmOffices.firmId, firmId));
  if (offices.length === 0) return;
  await tx.insert(firmOffices).values(
    offices.map((o, position) => ({
      firmId,
      position,
      city: o.city,
      state: o.state,
      numberOfAttorneys: o.numberOfAttorneys,
    })),
  );
}

function splitProfile(input: FirmProfileValues) {
  const { firmName, offices, ...data } = input;
  // jsonb keeps only what was given: an unset number stays absent, not null.
  const stored = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
  return { firmName, offices, data: stored };
}

export async function writeFirmProfile(tx: Tx, firmId: string, input: FirmProfileValues, create: boolean) {
  const { firmName, offices, data } = splitProfile(input);
  if (create) {
    const inserted = await tx
      .insert(firmProfiles)
      .values({ firmId, firmName, data })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw conflict(FIRM_MESSAGES.profileExists);
  } else {
    await tx
      .insert(firmProfiles)
      .values({ firmId, firmName, data })
      .onConflictDoUpdate({
        target: firmProfiles.firmId,
        set: { firmName, data, updatedAt: new Date() },
      });
  }
  await replaceOffices(tx, firmId, offices);
}

/**
 * The firm's requests counted by status: its rows of firm_request_counts (at most one per status), kept by
 * a trigger on lpq_requests, so the read does not grow with the firm's requests (the hot path).
 */
export async function requestCountsByStatus(db: Db | Tx, firmId: string) {
  return db
    .select({ status: firmRequestCounts.status, n: firmRequestCounts.count })
    .from(firmRequestCounts)
    .where(eq(firmRequestCounts.firmId, firmId));
}

/** The counts by status of the requests a member sees (policy request.firmSees): a reviewer's are few. */
export async function visibleRequestCounts(db: Db | Tx, member: FirmMember) {
  return db
    .select({ status: lpqRequests.status, n: count() })
    .from(lpqRequests)
    .where(requestPolicies.firmSees.scope(memberRef(member), lpqRequests))
    .groupBy(lpqRequests.status);
}
