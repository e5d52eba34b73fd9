import { type FirmRole, READABLE_PARTS, type ReadablePart, TEAM_MESSAGES } from '@shared/team';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { firmMembers, firms, requestReviewers, users } from '../../../db/schema';
import { conflict } from '../../../plugins/errors';
import type { FirmMember } from '../../../policies/authorize';
import { packageParts, rolesReaching } from '../../../policies/request-scope';

export type AudiencePerson = { name: string; roles: FirmRole[] };
export type PartAudience = { part: ReadablePart; roles: FirmRole[]; people: AudiencePerson[] };

/** The firm's members with their roles, and whether each is assigned to the request. */
async function membersOf(db: Db | Tx, firmId: string, requestId: string) {
  return db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      roles: firmMembers.roles,
      assigned: sql<boolean>`exists (select 1 from ${requestReviewers} where ${requestReviewers.requestId} = ${requestId}
        and ${requestReviewers.userId} = ${users.id})`,
    })
    .from(firmMembers)
    .innerJoin(users, eq(users.id, firmMembers.userId))
    .where(eq(firmMembers.firmId, firmId))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/** Why the firm cannot receive self-identification data, or null when it can (PRODUCT.md §9). */
export async function diversityRefusal(db: Db | Tx, firmId: string): Promise<string | null> {
  const [row] = await db
    .select({
      accepts: firms.acceptSelfIdentification,
      officers: sql<number>`(select count(*) from ${firmMembers} where ${firmMembers.firmId} = ${firms.id}
        and 'diversity' = any(${firmMembers.roles}))::int`,
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  if (!row?.accepts) return TEAM_MESSAGES.selfIdentificationOff;
  if (!row.officers) return TEAM_MESSAGES.noDiversityOfficer;
  return null;
}

/** Sharing the diversity form with a firm that cannot receive it is refused (409), never silently stored. */
export async function checkDiversityAccepted(tx: Tx, firmId: string) {
  const refusal = await diversityRefusal(tx, firmId);
  if (refusal) throw conflict(refusal);
}

/**
 * PRODUCT.md §9: who at the firm can read each part of the package, by role and by name: the hiring parts
 * reach admins, recruiters and the reviewers assigned to this request; the conflicts form the conflicts role;
 * the diversity form the diversity role: `packageParts` (server/policies/request-scope.ts) decides.
 */
export async function partAudiences(db: Db | Tx, firmId: string, requestId: string): Promise<PartAudience[]> {
  const members = await membersOf(db, firmId, requestId);
  // Each member's parts by the one rule, as if they read the shared request now.
  const reach = members.map((m) => ({
    name: `${m.firstName} ${m.lastName}`.trim(),
    roles: m.roles,
    parts: packageParts(asMember(firmId, m.roles), { firmId, currentVersion: 1, assigned: m.assigned }),
  }));
  return READABLE_PARTS.map((part) => {
    const roles = rolesReaching(part);
    const people = reach
      .filter((m) => m.parts.includes(part))
      .map((m) => ({ name: m.name, roles: m.roles.filter((r) => roles.includes(r)) }));
    return { part, roles, people };
  });
}

/** A member's roles as the rule reads them (nothing else of the member matters to packageParts). */
const asMember = (firmId: string, roles: FirmRole[]): FirmMember => ({
  id: '',
  email: '',
  firstName: '',
  lastName: '',
  userType: 'firm',
  emailVerified: true,
  firm: { id: firmId, roles },
});
