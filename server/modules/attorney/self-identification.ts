import type { AttorneyProfile } from '@shared/attorney';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { selfIdentifications } from '../../db/schema';

/**
 * The profile's Military Service and Voluntary Self-Identification sections and the diversity form edit
 * ONE record, stored in the diversity form's spellings (PRODUCT.md §3). These are the profile's view of it.
 */
type SelfIdData = Record<string, unknown>;
type Mapping = {
  profileKey: keyof AttorneyProfile;
  recordKey: string;
  /** The profile's value for a stored one (null when unset). */
  toProfile: (stored: unknown) => unknown;
  /** The stored value for a profile value; undefined removes the key. */
  toRecord: (value: unknown) => unknown;
};

const invert = (map: Record<string, string>) =>
  Object.fromEntries(Object.entries(map).map(([k, v]) => [v, k]));
const spelling = (profileToRecord: Record<string, string>) => {
  const recordToProfile = invert(profileToRecord);
  return {
    toProfile: (v: unknown) => (typeof v === 'string' ? (recordToProfile[v] ?? v) : null),
    toRecord: (v: unknown) => (typeof v === 'string' ? (profileToRecord[v] ?? v) : undefined),
  };
};
/** A yes/no record field seen as a boolean; `unset` is what a cleared boolean is stored as. */
const yesNo = (yes: string, no: string, unset: string | undefined) => ({
  toProfile: (v: unknown) => (v === yes ? true : v === no ? false : null),
  toRecord: (v: unknown) => (v === true ? yes : v === false ? no : unset),
});
const same = {
  toProfile: (v: unknown) => v ?? null,
  toRecord: (v: unknown) => (v === null || v === '' ? undefined : v),
};

const MAPPINGS: Mapping[] = [
  { profileKey: 'gender', recordKey: 'gender', ...spelling({ non_binary: 'non-binary' }) },
  {
    profileKey: 'ethnicity',
    recordKey: 'raceEthnicity',
    ...spelling({
      black: 'black-african',
      hispanic: 'hispanic-latino',
      native_american: 'native-american',
      pacific_islander: 'native-hawaiian-pacific',
      two_or_more: 'two-or-more-races',
    }),
  },
  // PRODUCT.md §3: isLgbtqia unset ↔ lgbtqia decline.
  { profileKey: 'isLgbtqia', recordKey: 'lgbtqia', ...yesNo('yes', 'no', 'decline') },
  {
    profileKey: 'isVeteran',
    recordKey: 'veteranStatus',
    ...yesNo('veteran-active', 'no-military', undefined),
  },
  { profileKey: 'hasDisability', recordKey: 'disability', ...yesNo('yes', 'no', undefined) },
  { profileKey: 'militaryBranch', recordKey: 'veteranBranch', ...same },
  { profileKey: 'militaryRank', recordKey: 'veteranRank', ...same },
  { profileKey: 'yearsOfService', recordKey: 'veteranYearsOfService', ...same },
  {
    profileKey: 'dischargeDate',
    recordKey: 'veteranDischargeDate',
    // Stored as the calendar day (the diversity form's yyyy-mm-dd); the profile sends and reads ISO strings.
    toProfile: (v) => (typeof v === 'string' && v ? `${v}T00:00:00.000Z` : null),
    toRecord: (v) => (typeof v === 'string' && v ? v.slice(0, 10) : undefined),
  },
];

export const SELF_IDENTIFICATION_PROFILE_KEYS = MAPPINGS.map((m) => m.profileKey);

export type SelfIdentificationView = Pick<
  AttorneyProfile,
  | 'gender'
  | 'ethnicity'
  | 'isLgbtqia'
  | 'isVeteran'
  | 'hasDisability'
  | 'militaryBranch'
  | 'militaryRank'
  | 'yearsOfService'
  | 'dischargeDate'
>;

export function selfIdentificationView(data: SelfIdData | undefined): SelfIdentificationView {
  const view: Record<string, unknown> = {};
  for (const m of MAPPINGS) view[m.profileKey] = m.toProfile(data?.[m.recordKey]);
  return view as SelfIdentificationView;
}

/**
 * Applies the profile fields present in `changes` to the record. A field whose profile view does not change
 * keeps its stored value, so a diversity answer the profile cannot show (e.g. veteran 'decline') survives
 * a profile save.
 */
export function applyProfileChanges(data: SelfIdData, changes: Record<string, unknown>): SelfIdData | null {
  const next = { ...data };
  let changed = false;
  const before = selfIdentificationView(data) as Record<string, unknown>;
  for (const m of MAPPINGS) {
    const value = changes[m.profileKey];
    if (value === undefined) continue;
    const stored = m.toRecord(value);
    if (m.toProfile(stored) === before[m.profileKey]) continue;
    if (stored === undefined) delete next[m.recordKey];
    else next[m.recordKey] = stored;
    changed = true;
  }
  return changed ? next : null;
}

export async function findSelfIdentification(tx: Tx, userId: string) {
  const [row] = await tx.select().from(selfIdentifications).where(eq(selfIdentifications.userId, userId));
  return row ?? null;
}

/** Creates or replaces the record's data; the diversity form also marks it submitted. */
export async function saveSelfIdentification(
  tx: Tx,
  userId: string,
  data: SelfIdData,
  opts: { submitted?: boolean } = {},
) {
  const now = new Date();
  const submitted = opts.submitted ? { submittedAt: now } : {};
  const [row] = await tx
    .insert(selfIdentifications)
    .values({ userId, data, ...submitted })
    .onConflictDoUpdate({ target: selfIdentifications.userId, set: { data, updatedAt: now, ...submitted } })
    .returning();
  return row;
}
