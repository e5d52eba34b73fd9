import type { FirmProfile, FirmProfileValues, Office } from '@shared/firm';
import { FIRM_MESSAGES } from '@shared/firm';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { firmOffices, firmProfiles, firmRequestCounts } from '../../db/schema';
import { conflict } from '../../plugins/errors';

/** The firm's profile and offices; every row is selected by the firm user's id (policy firm.ownFirm). */
type ProfileRow = typeof firmProfiles.$inferSelect;
type OfficeRow = typeof firmOffices.$inferSelect;

function toFirmProfile(row: ProfileRow, offices: OfficeRow[]): FirmProfile {
  return {
    ...(row.data as Omit<FirmProfileValues, 'firmName' | 'offices'>),
    userId: row.userId,
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
export async function findFirmProfile(tx: Db | Tx, firmUserId: string): Promise<FirmProfile | null> {
  const [row] = await tx.select().from(firmProfiles).where(eq(firmProfiles.userId, firmUserId));
  if (!row) return null;
  const offices = await tx
    .select()
    .from(firmOffices)
    .where(eq(firmOffices.firmUserId, firmUserId))
    .orderBy(asc(firmOffices.position));
  return toFirmProfile(row, offices);
}

/** The office list is replaced as a whole: the screen always sends every row. */
async function replaceOffices(tx: Tx, firmUserId: string, offices: Office[]) {
  await tx.delete(firmOffices).where(eq(firmOffices.firmUserId, firmUserId));
  if (offices.length === 0) return;
  await tx.insert(firmOffices).values(
    offices.map((o, position) => ({
      firmUserId,
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

export async function writeFirmProfile(
  tx: Tx,
  firmUserId: string,
  input: FirmProfileValues,
  create: boolean,
) {
  const { firmName, offices, data } = splitProfile(input);
  if (create) {
    const inserted = await tx
      .insert(firmProfiles)
      .values({ userId: firmUserId, firmName, data })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw conflict(FIRM_MESSAGES.profileExists);
  } else {
    await tx
      .insert(firmProfiles)
      .values({ userId: firmUserId, firmName, data })
      .onConflictDoUpdate({
        target: firmProfiles.userId,
        set: { firmName, data, updatedAt: new Date() },
      });
  }
  await replaceOffices(tx, firmUserId, offices);
}

/**
 * The firm's requests counted by status: its rows of firm_request_counts (at most one per status), kept by
 * a trigger on lpq_requests, so the read does not grow with the firm's requests (issue 17).
 */
export async function requestCountsByStatus(db: Db | Tx, firmUserId: string) {
  return db
    .select({ status: firmRequestCounts.status, n: firmRequestCounts.count })
    .from(firmRequestCounts)
    .where(eq(firmRequestCounts.firmUserId, firmUserId));
}
