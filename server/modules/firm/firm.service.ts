import type { User } from '@shared/auth';
import {
  FIRM_MESSAGES,
  type FirmDashboardStats,
  type FirmProfile,
  type FirmProfileValues,
  type firmRegistrationSchema,
  type Office,
} from '@shared/firm';
import { SHARED_STATUSES, UNDER_REVIEW_STATUSES } from '@shared/requests';
import { asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { firmOffices, firmProfiles, lpqRequests } from '../../db/schema';
import { conflict, notFound } from '../../plugins/errors';
import { type AuthContext, createUser } from '../auth/auth.service';
import { createSession } from '../auth/sessions';

type ProfileRow = typeof firmProfiles.$inferSelect;
type OfficeRow = typeof firmOffices.$inferSelect;
type FirmRegistration = z.output<typeof firmRegistrationSchema>;

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
export async function findFirmProfile(tx: Tx, firmUserId: string): Promise<FirmProfile | null> {
  const [row] = await tx.select().from(firmProfiles).where(eq(firmProfiles.userId, firmUserId));
  if (!row) return null;
  const offices = await tx
    .select()
    .from(firmOffices)
    .where(eq(firmOffices.firmUserId, firmUserId))
    .orderBy(asc(firmOffices.position));
  return toFirmProfile(row, offices);
}

export async function getFirmProfile(ctx: { db: Tx }, user: User): Promise<FirmProfile> {
  const profile = await findFirmProfile(ctx.db, user.id);
  if (!profile) throw notFound();
  return profile;
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

async function writeFirmProfile(tx: Tx, firmUserId: string, input: FirmProfileValues, create: boolean) {
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

/** POST: creates (409 when one exists). PUT: creates or replaces. Offices in the same transaction. */
export async function saveFirmProfile(
  ctx: { db: Tx },
  user: User,
  input: FirmProfileValues,
  mode: 'create' | 'replace',
): Promise<FirmProfile> {
  return ctx.db.transaction(async (tx) => {
    await writeFirmProfile(tx, user.id, input, mode === 'create');
    return (await findFirmProfile(tx, user.id))!;
  });
}

/** "Jordan Lee Avery" → first name "Jordan", last name "Lee Avery": the account carries the contact's name. */
function splitPersonName(name: string) {
  const [firstName, ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/**
 * Spec 2.7 / PRODUCT.md §2: one transaction for the account, the firm profile, its offices, the
 * verification mail and the session.
 */
export async function registerFirm(ctx: AuthContext, input: FirmRegistration) {
  const { email, password, agreeToTerms: _, invitationToken, ...profile } = input;
  const result = await ctx.db.transaction(async (tx) => {
    const user = await createUser(tx, ctx, {
      email,
      password,
      ...splitPersonName(profile.contactPersonName),
      userType: 'firm',
      invitationToken,
    });
    await writeFirmProfile(tx, user.id, { ...profile, email }, true);
    const session = await createSession(tx, user.id);
    return { user, session };
  });
  ctx.onMailQueued();
  return result;
}

/** PRODUCT.md §4/§5: Shared = accepted + in_progress + completed; Under Review = reviewed. */
export async function firmDashboardStats(ctx: { db: Tx }, user: User): Promise<FirmDashboardStats> {
  const rows = await ctx.db
    .select({ status: lpqRequests.status, n: count() })
    .from(lpqRequests)
    .where(eq(lpqRequests.firmUserId, user.id))
    .groupBy(lpqRequests.status);
  const of = (statuses: string[]) =>
    rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
  return {
    invitationsSent: rows.reduce((sum, r) => sum + Number(r.n), 0),
    pending: of(['pending']),
    shared: of(SHARED_STATUSES),
    underReview: of(UNDER_REVIEW_STATUSES),
    declined: of(['declined']),
  };
}
