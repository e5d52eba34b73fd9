import type { AttorneyProfile, AttorneyProfileBody } from '@shared/attorney';
import { PROFILE_FIELDS, PROFILE_MESSAGES } from '@shared/attorney';
import type { User } from '@shared/auth';
import { PACKAGE_SHARED_STATUSES } from '@shared/requests';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  attorneyProfiles,
  businessPlans,
  conflictsForms,
  lpqRequests,
  masterLpqs,
  selfIdentifications,
} from '../../db/schema';
import { conflict } from '../../plugins/errors';
import { attorneyRequestScope } from '../../policies/request-scope';
import {
  applyProfileChanges,
  findSelfIdentification,
  SELF_IDENTIFICATION_PROFILE_KEYS,
  saveSelfIdentification,
  selfIdentificationView,
} from './self-identification';

/**
 * The attorney's profile row and its part of the self-identification record. Every read and write is by
 * the attorney's own id (policy attorneyRecords.ownRecords); other modules read a profile through
 * `readAttorneyProfile`, never through the service.
 */
type ProfileRow = typeof attorneyProfiles.$inferSelect;

function toAttorneyProfile(row: ProfileRow, selfId: Record<string, unknown> | undefined): AttorneyProfile {
  return {
    userId: row.userId,
    phone: row.phone,
    currentFirm: row.currentFirm,
    position: row.position as AttorneyProfile['position'],
    yearsExperience: row.yearsExperience,
    lawSchool: row.lawSchool,
    graduationYear: row.graduationYear,
    barAdmissions: row.barAdmissions,
    practiceAreas: row.practiceAreas,
    resumeUrl: row.resumeUrl,
    ...selfIdentificationView(selfId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns of attorney_profiles a body sets: only the fields it carries. */
function profileColumns(body: Partial<AttorneyProfileBody>) {
  const columns: Partial<typeof attorneyProfiles.$inferInsert> = {};
  for (const key of PROFILE_FIELDS) {
    const value = body[key];
    if (value === undefined) continue;
    // An empty text clears the field like null does.
    (columns as Record<string, unknown>)[key] = value === '' ? null : value;
  }
  return columns;
}

/** The profile as the attorney sees it, or null before anything was saved. */
export async function readAttorneyProfile(db: Db | Tx, userId: string): Promise<AttorneyProfile | null> {
  const [row] = await db.select().from(attorneyProfiles).where(eq(attorneyProfiles.userId, userId));
  const selfId = await findSelfIdentification(db, userId);
  if (row) return toAttorneyProfile(row, selfId?.data);
  if (!selfId) return null;
  // The diversity form came first: the profile shows that record's part, so a save cannot erase it.
  return toAttorneyProfile(
    {
      userId,
      phone: null,
      currentFirm: null,
      position: null,
      yearsExperience: null,
      lawSchool: null,
      graduationYear: null,
      barAdmissions: null,
      practiceAreas: [],
      resumeUrl: null,
      createdAt: selfId.createdAt,
      updatedAt: selfId.updatedAt,
    },
    selfId.data,
  );
}

/**
 * Writes the profile row and its part of the self-identification record in one transaction.
 * mode 'create' refuses an existing profile (POST); 'upsert' creates or updates (PUT).
 */
export async function writeAttorneyProfile(
  tx: Tx,
  userId: string,
  body: Partial<AttorneyProfileBody>,
  mode: 'create' | 'upsert',
): Promise<AttorneyProfile> {
  const columns = profileColumns(body);
  const now = new Date();
  const insert = tx.insert(attorneyProfiles).values({ userId, ...columns });
  const [row] =
    mode === 'create'
      ? await insert.onConflictDoNothing().returning()
      : await insert
          .onConflictDoUpdate({ target: attorneyProfiles.userId, set: { ...columns, updatedAt: now } })
          .returning();
  if (!row) throw conflict(PROFILE_MESSAGES.profileExists);

  const selfIdChanges = Object.fromEntries(
    SELF_IDENTIFICATION_PROFILE_KEYS.map((k) => [k, (body as Record<string, unknown>)[k]]),
  );
  const selfId = await findSelfIdentification(tx, userId);
  const nextSelfId = applyProfileChanges(selfId?.data ?? {}, selfIdChanges);
  const data = nextSelfId ? (await saveSelfIdentification(tx, userId, nextSelfId)).data : selfId?.data;
  return toAttorneyProfile(row, data);
}

/** The rows the dashboard's four numbers are computed from. */
export async function dashboardFacts(db: Db, user: User) {
  const saved = (table: typeof conflictsForms | typeof businessPlans) =>
    sql<boolean>`exists (select 1 from ${table} where ${table.userId} = ${user.id})`;
  const [[profile], [lpq], [pending], [shared], [forms]] = await Promise.all([
    db.select().from(attorneyProfiles).where(eq(attorneyProfiles.userId, user.id)),
    db.select().from(masterLpqs).where(eq(masterLpqs.userId, user.id)),
    db
      .select({ n: count() })
      .from(lpqRequests)
      .where(and(attorneyRequestScope(user), eq(lpqRequests.status, 'pending'))),
    db
      .select({ n: count() })
      .from(lpqRequests)
      .where(and(attorneyRequestScope(user), inArray(lpqRequests.status, PACKAGE_SHARED_STATUSES))),
    // The forms the quick actions mark done: saved, or (diversity) submitted.
    db
      .select({
        conflictsForm: saved(conflictsForms),
        businessPlan: saved(businessPlans),
        diversityForm: sql<boolean>`exists (select 1 from ${selfIdentifications} where ${selfIdentifications.userId} = ${user.id} and ${selfIdentifications.submittedAt} is not null)`,
      })
      .from(sql`(select 1) as one`),
  ]);
  return {
    profile,
    lpq,
    pending: Number(pending?.n ?? 0),
    shared: Number(shared?.n ?? 0),
    forms: {
      conflictsForm: !!forms?.conflictsForm,
      businessPlan: !!forms?.businessPlan,
      diversityForm: !!forms?.diversityForm,
    },
  };
}
