import {
  ATTORNEY_ACTIVITY,
  type AttorneyDashboardStats,
  type AttorneyProfile,
  type AttorneyProfileBody,
  PROFILE_COMPLETION_FIELDS,
  PROFILE_FIELDS,
  PROFILE_MESSAGES,
} from '@shared/attorney';
import type { User } from '@shared/auth';
import { isFilled } from '@shared/form-fields';
import { masterLpqCompletion } from '@shared/master-lpq';
import { SHARED_DOCUMENT_STATUSES } from '@shared/requests';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { attorneyProfiles, lpqRequests, masterLpqs } from '../../db/schema';
import { conflict, notFound } from '../../plugins/errors';
import { attorneyRequestScope } from '../../policies/request-scope';
import { recordFormActivity } from './activity';
import {
  applyProfileChanges,
  findSelfIdentification,
  SELF_IDENTIFICATION_PROFILE_KEYS,
  saveSelfIdentification,
  selfIdentificationView,
} from './self-identification';

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

export async function getAttorneyProfile(ctx: AppContext, user: User): Promise<AttorneyProfile> {
  const [row] = await ctx.db.select().from(attorneyProfiles).where(eq(attorneyProfiles.userId, user.id));
  const selfId = await findSelfIdentification(ctx.db, user.id);
  if (row) return toAttorneyProfile(row, selfId?.data);
  if (!selfId) throw notFound();
  // The diversity form came first: the profile shows that record's part, so a save cannot erase it.
  return toAttorneyProfile(
    {
      userId: user.id,
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

export async function saveAttorneyProfile(
  ctx: AppContext,
  user: User,
  body: AttorneyProfileBody,
  mode: 'create' | 'upsert',
) {
  return ctx.db.transaction(async (tx) => {
    const profile = await writeAttorneyProfile(tx, user.id, body, mode);
    await recordFormActivity(tx, user.id, ATTORNEY_ACTIVITY.profileUpdated);
    return profile;
  });
}

/** PRODUCT.md §5: the four dashboard numbers, computed from what is stored. */
export async function getDashboardStats(ctx: AppContext, user: User): Promise<AttorneyDashboardStats> {
  const [[profile], [lpq], [pending], [shared]] = await Promise.all([
    ctx.db.select().from(attorneyProfiles).where(eq(attorneyProfiles.userId, user.id)),
    ctx.db.select().from(masterLpqs).where(eq(masterLpqs.userId, user.id)),
    ctx.db
      .select({ n: count() })
      .from(lpqRequests)
      .where(and(attorneyRequestScope(user), eq(lpqRequests.status, 'pending'))),
    ctx.db
      .select({ n: count() })
      .from(lpqRequests)
      .where(and(attorneyRequestScope(user), inArray(lpqRequests.status, SHARED_DOCUMENT_STATUSES))),
  ]);
  const profileFilled = profile
    ? PROFILE_COMPLETION_FIELDS.filter((k) => isFilled((profile as Record<string, unknown>)[k])).length
    : 0;
  return {
    lpqCompletion: masterLpqCompletion(lpq?.data ?? null, lpq?.isComplete ?? false),
    pendingRequests: Number(pending?.n ?? 0),
    sharedDocuments: Number(shared?.n ?? 0),
    profileCompletion: Math.round((profileFilled / PROFILE_COMPLETION_FIELDS.length) * 100),
  };
}
