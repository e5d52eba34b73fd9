import { type FirmRole, TEAM_MESSAGES } from '@shared/team';
import type { FirmSettings } from '@shared/team-forms';
import { isUuid } from '@shared/uuid';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { enqueueMail } from '../../mail/outbox';
import { conflict, notFound } from '../../plugins/errors';
import { type Actor, authorize, type FirmMember } from '../../policies/authorize';
import { teamPolicies as policies } from '../../policies/team.policy';
import { hasSecondFactor } from '../auth/second-factors';
import { deleteUserSessions } from '../auth/sessions';
import { findUserById } from '../auth/users.repo';
import { recordMemberAudit } from './firm-audit';
import { memberRemovedMail, rolesChangedMail } from './team.mails';
import { actorName, checkRoleCombination, type Member, toMember } from './team.presenter';
import {
  deleteMembership,
  firmName,
  listFirmAudit,
  listMembers,
  lockFirmMembers,
  readSettings,
  setRoles,
  unassignEverywhere,
  writeSettings,
} from './team.repo';

export async function listFirmMembers(ctx: AppContext, actor: Actor): Promise<Member[]> {
  const member = authorize(policies.listMembers, actor);
  return (await listMembers(ctx.db, member.firm.id)).map(toMember);
}

/**
 * The firm's members, locked in a fixed order for the transaction, and the one being changed (404 when not a
 * member of the admin's firm). Two admins demoting each other at once are serialised here, so at least one
 * admin always remains.
 */
async function lockTarget(tx: Tx, admin: FirmMember, userId: string) {
  const members = isUuid(userId) ? await lockFirmMembers(tx, admin.firm.id) : [];
  const target = members.find((m) => m.userId === userId);
  authorize(policies.ownFirmRow, admin, target);
  return { members, target: target! };
}

const adminsLeft = (members: { userId: string; roles: FirmRole[] }[], without: string) =>
  members.some((m) => m.userId !== without && m.roles.includes('admin'));

/** PUT /api/firm/members/{userId}: new roles; the last admin keeps the admin role (409). Mailed. */
export async function updateMemberRoles(
  ctx: AppContext,
  actor: Actor,
  input: { userId: string; roles: FirmRole[] },
): Promise<Member> {
  const admin = authorize(policies.administer, actor);
  checkRoleCombination(input.roles);
  const result = await ctx.db.transaction(async (tx) => {
    const { members, target } = await lockTarget(tx, admin, input.userId);
    if (
      !input.roles.includes('admin') &&
      target.roles.includes('admin') &&
      !adminsLeft(members, target.userId)
    )
      throw conflict(TEAM_MESSAGES.lastAdmin);
    await setRoles(tx, target.userId, input.roles);
    if (!input.roles.includes('reviewer')) await unassignEverywhere(tx, target.userId);
    await recordMemberAudit(tx, admin, {
      action: 'roles_changed',
      subject: (await findUserById(tx, target.userId))?.email ?? null,
      detail: { from: target.roles, to: input.roles },
    });
    const user = await findUserById(tx, target.userId);
    if (user)
      await enqueueMail(tx, {
        kind: 'member_roles_changed',
        to: user.email,
        ...rolesChangedMail({
          firstName: user.firstName,
          firmName: (await firmName(tx, admin.firm.id)) ?? 'your firm',
          changedByName: actorName(admin),
          roles: input.roles,
          url: `${ctx.publicUrl}/firm/dashboard`,
        }),
      });
    const row = (await listMembers(tx, admin.firm.id)).find((m) => m.userId === target.userId)!;
    return toMember(row);
  });
  ctx.onMailQueued();
  return result;
}

/**
 * DELETE /api/firm/members/{userId}: the member leaves the firm (their account stays, without a firm), their
 * sessions end at once and their assignments go; their notes keep their name. The last admin stays (409).
 */
export async function removeMember(ctx: AppContext, actor: Actor, input: { userId: string }) {
  const admin = authorize(policies.administer, actor);
  await ctx.db.transaction(async (tx) => {
    const { members, target } = await lockTarget(tx, admin, input.userId);
    if (target.roles.includes('admin') && !adminsLeft(members, target.userId))
      throw conflict(TEAM_MESSAGES.lastAdmin);
    const user = await findUserById(tx, target.userId);
    await deleteMembership(tx, target.userId);
    await unassignEverywhere(tx, target.userId);
    await deleteUserSessions(tx, target.userId);
    await recordMemberAudit(tx, admin, {
      action: 'member_removed',
      subject: user?.email ?? null,
      detail: { roles: target.roles },
    });
    if (user)
      await enqueueMail(tx, {
        kind: 'member_removed',
        to: user.email,
        ...memberRemovedMail({
          firstName: user.firstName,
          firmName: (await firmName(tx, admin.firm.id)) ?? 'your firm',
          removedByName: actorName(admin),
        }),
      });
  });
  ctx.onMailQueued();
}

export async function getFirmSettings(ctx: AppContext, actor: Actor): Promise<FirmSettings> {
  const admin = authorize(policies.administer, actor);
  const settings = await readSettings(ctx.db, admin.firm.id);
  if (!settings) throw notFound();
  return settings;
}

/** PUT /api/firm/settings: each change is in the firm's audit trail. */
export async function saveFirmSettings(
  ctx: AppContext,
  actor: Actor,
  input: FirmSettings,
): Promise<FirmSettings> {
  const admin = authorize(policies.administer, actor);
  return ctx.db.transaction(async (tx) => {
    const before = await readSettings(tx, admin.firm.id);
    // PRODUCT.md §10: an admin cannot lock the team out of what they have not set up themselves.
    if (input.requireTwoFactor && !before?.requireTwoFactor && !(await hasSecondFactor(tx, admin.id)))
      throw conflict(TEAM_MESSAGES.enrolBeforeRequiring);
    const after = await writeSettings(tx, admin.firm.id, input);
    const changed = (Object.keys(input) as (keyof FirmSettings)[]).filter((k) => before?.[k] !== after[k]);
    for (const setting of changed)
      await recordMemberAudit(tx, admin, {
        action: 'setting_changed',
        subject: setting,
        detail: { from: before?.[setting] ?? null, to: after[setting] },
      });
    return after;
  });
}

/** GET /api/firm/audit: member and settings changes, newest first (the latest 500). */
export async function listFirmAuditTrail(ctx: AppContext, actor: Actor) {
  const admin = authorize(policies.administer, actor);
  const rows = await listFirmAudit(ctx.db, admin.firm.id, 500);
  return rows.map((r) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    actorName: r.actorName,
    action: r.action,
    subject: r.subject,
    detail: r.detail ?? null,
  }));
}
