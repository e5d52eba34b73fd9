import type { FirmRole } from '@shared/team';
import { and, asc, desc, eq, gt, inArray, isNull, max, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  firmAuditEvents,
  firmInvitations,
  firmMembers,
  firmProfiles,
  firms,
  requestReviewers,
  sessions,
  users,
} from '../../db/schema';
import { hasSecondFactorSql } from '../../policies/session-scope';

/**
 * The firm's team: members, invitations, settings and the firm's audit trail. Every read is selected by the
 * firm's id (policies team.*), and a row of another firm is never returned.
 */

export async function listMembers(db: Db | Tx, firmId: string) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      roles: firmMembers.roles,
      twoFactorEnabled: hasSecondFactorSql(users.id).mapWith(Boolean),
      lastActiveAt:
        sql<Date | null>`(select ${max(sessions.lastUsedAt)} from ${sessions} where ${sessions.userId} = ${users.id})`.mapWith(
          (v) => (v ? new Date(v as string) : null),
        ),
    })
    .from(firmMembers)
    .innerJoin(users, eq(users.id, firmMembers.userId))
    .where(eq(firmMembers.firmId, firmId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}
export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

/** One member of any firm, locked with the firm's other admins' rows for a role change or a removal. */
export async function lockFirmMembers(tx: Tx, firmId: string) {
  return tx
    .select({ userId: firmMembers.userId, firmId: firmMembers.firmId, roles: firmMembers.roles })
    .from(firmMembers)
    .where(eq(firmMembers.firmId, firmId))
    .orderBy(asc(firmMembers.userId))
    .for('update');
}

export async function findMembership(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({ userId: firmMembers.userId, firmId: firmMembers.firmId, roles: firmMembers.roles })
    .from(firmMembers)
    .where(eq(firmMembers.userId, userId));
  return row;
}

export async function insertMembership(
  tx: Tx,
  userId: string,
  placement: { firmId: string; roles: FirmRole[] },
) {
  await tx.insert(firmMembers).values({ userId, ...placement });
}

export async function setRoles(tx: Tx, userId: string, roles: FirmRole[]) {
  await tx.update(firmMembers).set({ roles }).where(eq(firmMembers.userId, userId));
}

export async function deleteMembership(tx: Tx, userId: string) {
  await tx.delete(firmMembers).where(eq(firmMembers.userId, userId));
}

/** A member who no longer reviews is no longer assigned to anything. */
export async function unassignEverywhere(tx: Tx, userId: string) {
  await tx.delete(requestReviewers).where(eq(requestReviewers.userId, userId));
}

export async function firmName(db: Db | Tx, firmId: string) {
  const [row] = await db
    .select({ name: firmProfiles.firmName })
    .from(firmProfiles)
    .where(eq(firmProfiles.firmId, firmId));
  return row?.name ?? null;
}

// ---- Invitations

const open = and(isNull(firmInvitations.acceptedAt), isNull(firmInvitations.cancelledAt));

export async function listOpenInvitations(db: Db | Tx, firmId: string) {
  return db
    .select()
    .from(firmInvitations)
    .where(and(eq(firmInvitations.firmId, firmId), open))
    .orderBy(desc(firmInvitations.createdAt), asc(firmInvitations.id));
}

export async function findOpenInvitation(db: Db | Tx, id: string) {
  const [row] = await db
    .select()
    .from(firmInvitations)
    .where(and(eq(firmInvitations.id, id), open));
  return row;
}

export async function findOpenInvitationTo(db: Db | Tx, firmId: string, email: string) {
  const [row] = await db
    .select({ id: firmInvitations.id })
    .from(firmInvitations)
    .where(and(eq(firmInvitations.firmId, firmId), eq(firmInvitations.email, email), open));
  return row;
}

/** The open, unexpired invitation a mailed token names, locked for its acceptance. */
export async function lockInvitationByToken(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(firmInvitations)
    .where(and(eq(firmInvitations.tokenHash, tokenHash), open, gt(firmInvitations.expiresAt, new Date())))
    .for('update');
  return row;
}

export async function insertInvitation(tx: Tx, values: typeof firmInvitations.$inferInsert) {
  const [row] = await tx.insert(firmInvitations).values(values).returning();
  return row;
}

export async function updateInvitation(
  tx: Tx,
  id: string,
  set: Partial<typeof firmInvitations.$inferInsert>,
) {
  const [row] = await tx.update(firmInvitations).set(set).where(eq(firmInvitations.id, id)).returning();
  return row;
}

// ---- Settings and the audit trail

export async function readSettings(db: Db | Tx, firmId: string) {
  const [row] = await db
    .select({
      requireTwoFactor: firms.requireTwoFactor,
      acceptSelfIdentification: firms.acceptSelfIdentification,
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  return row;
}

export async function writeSettings(
  tx: Tx,
  firmId: string,
  settings: { requireTwoFactor: boolean; acceptSelfIdentification: boolean },
) {
  const [row] = await tx
    .update(firms)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(firms.id, firmId))
    .returning({
      requireTwoFactor: firms.requireTwoFactor,
      acceptSelfIdentification: firms.acceptSelfIdentification,
    });
  return row;
}

export type FirmAuditInput = {
  firmId: string;
  actor: { id: string | null; name: string };
  action: string;
  subject?: string | null;
  detail?: Record<string, unknown> | null;
};

/** PRODUCT.md §9: one line of the firm's audit trail, in the transaction of the change it records. */
export async function recordFirmAudit(tx: Tx, input: FirmAuditInput) {
  await tx.insert(firmAuditEvents).values({
    firmId: input.firmId,
    actorUserId: input.actor.id,
    actorName: input.actor.name,
    action: input.action,
    subject: input.subject ?? null,
    detail: input.detail ?? null,
  });
}

export async function listFirmAudit(db: Db | Tx, firmId: string, limit: number) {
  return db
    .select()
    .from(firmAuditEvents)
    .where(eq(firmAuditEvents.firmId, firmId))
    .orderBy(desc(firmAuditEvents.createdAt), desc(firmAuditEvents.id))
    .limit(limit);
}

// ---- Reviewers

/** The request's assigned reviewers, by name. */
export async function reviewersOf(db: Db | Tx, requestId: string) {
  return db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(requestReviewers)
    .innerJoin(users, eq(users.id, requestReviewers.userId))
    .where(eq(requestReviewers.requestId, requestId))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/** Of these users, the members of the firm holding the reviewer role. */
export async function assignableReviewers(db: Db | Tx, firmId: string, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(firmMembers)
    .innerJoin(users, eq(users.id, firmMembers.userId))
    .where(
      and(
        eq(firmMembers.firmId, firmId),
        inArray(firmMembers.userId, userIds),
        sql`'reviewer' = any(${firmMembers.roles})`,
      ),
    );
}

/** The request's reviewers become exactly these; answers the ones newly assigned. */
export async function replaceReviewers(tx: Tx, requestId: string, userIds: string[], assignedBy: string) {
  await tx
    .delete(requestReviewers)
    .where(
      and(
        eq(requestReviewers.requestId, requestId),
        userIds.length ? notInArray(requestReviewers.userId, userIds) : undefined,
      ),
    );
  if (!userIds.length) return [];
  const added = await tx
    .insert(requestReviewers)
    .values(userIds.map((userId) => ({ requestId, userId, assignedByUserId: assignedBy })))
    .onConflictDoNothing()
    .returning({ userId: requestReviewers.userId });
  return added.map((a) => a.userId);
}
