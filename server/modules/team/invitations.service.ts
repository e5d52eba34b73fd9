import type { User } from '@shared/auth';
import { AUTH_MESSAGES } from '@shared/auth';
import { MEMBER_INVITATION_TTL_MS, TEAM_MESSAGES } from '@shared/team';
import type { AcceptInvitationInput, InviteMemberInput } from '@shared/team-forms';
import { isUuid } from '@shared/uuid';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { firmInvitations } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox';
import { badRequest, conflict, HttpError } from '../../plugins/errors';
import { type Actor, authorize, type FirmMember } from '../../policies/authorize';
import { teamPolicies as policies } from '../../policies/team.policy';
import { createUser } from '../auth/accounts';
import { toUser } from '../auth/auth.presenter';
import { hashToken, newToken, verifyPassword } from '../auth/crypto';
import { createSession, signedInUser, withVisit } from '../auth/sessions';
import { findUserByEmail, markEmailVerified } from '../auth/users.repo';
import { recordMemberAudit } from './firm-audit';
import { memberInvitationMail } from './team.mails';
import { actorName, checkRoleCombination } from './team.presenter';
import {
  findMembership,
  findOpenInvitation,
  findOpenInvitationTo,
  firmName,
  insertInvitation,
  insertMembership,
  listOpenInvitations,
  lockInvitationByToken,
  recordFirmAudit,
  updateInvitation,
} from './team.repo';

type InvitationRow = typeof firmInvitations.$inferSelect;

const toInvitation = (row: InvitationRow) => ({
  id: row.id,
  email: row.email,
  roles: row.roles,
  expiresAt: row.expiresAt.toISOString(),
  invitedByName: row.invitedByName,
  lastSentAt: row.lastSentAt.toISOString(),
});
export type Invitation = ReturnType<typeof toInvitation>;

/** A new token for the invitation's link: a resend makes the old link stop working. */
function freshToken() {
  const { token, hash } = newToken();
  return { token, tokenHash: hash, expiresAt: new Date(Date.now() + MEMBER_INVITATION_TTL_MS) };
}

async function mailInvitation(tx: Tx, ctx: AppContext, row: InvitationRow, token: string) {
  await enqueueMail(tx, {
    kind: 'member_invitation',
    to: row.email,
    ...memberInvitationMail({
      firmName: (await firmName(tx, row.firmId)) ?? 'A firm',
      invitedByName: row.invitedByName,
      roles: row.roles,
      url: `${ctx.publicUrl}/join?token=${encodeURIComponent(token)}`,
    }),
  });
}

/**
 * Who an address belongs to, for an invitation to it: nobody (a new account), a firm account without a firm
 * (it joins), or someone who cannot join — an attorney, or a member of a firm (409).
 */
async function checkInvitable(tx: Tx, firmId: string, email: string) {
  const user = await findUserByEmail(tx, email);
  if (!user) return null;
  if (user.userType === 'attorney') throw conflict(TEAM_MESSAGES.attorneyAddress);
  const membership = await findMembership(tx, user.id);
  if (membership)
    throw conflict(
      membership.firmId === firmId ? TEAM_MESSAGES.alreadyMember : TEAM_MESSAGES.memberOfOtherFirm,
    );
  return user;
}

export async function listInvitations(ctx: AppContext, actor: Actor): Promise<Invitation[]> {
  const admin = authorize(policies.administer, actor);
  return (await listOpenInvitations(ctx.db, admin.firm.id)).map(toInvitation);
}

/** POST /api/firm/invitations: one open invitation per address (409), mailed with a link valid 7 days. */
export async function inviteMember(
  ctx: AppContext,
  actor: Actor,
  input: InviteMemberInput & { email: string },
) {
  const admin = authorize(policies.administer, actor);
  const roles = input.roles as InvitationRow['roles'];
  checkRoleCombination(roles);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      await checkInvitable(tx, admin.firm.id, input.email);
      if (await findOpenInvitationTo(tx, admin.firm.id, input.email))
        throw conflict(TEAM_MESSAGES.invitationOpen);
      const { token, ...fresh } = freshToken();
      const inserted = await insertInvitation(tx, {
        firmId: admin.firm.id,
        email: input.email,
        roles,
        invitedByUserId: admin.id,
        invitedByName: actorName(admin),
        ...fresh,
      });
      await mailInvitation(tx, ctx, inserted, token);
      await recordMemberAudit(tx, admin, {
        action: 'member_invited',
        subject: input.email,
        detail: { roles },
      });
      return inserted;
    });
    ctx.onMailQueued();
    return toInvitation(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(TEAM_MESSAGES.invitationOpen);
    throw err;
  }
}

/** An open invitation of the admin's firm; another firm's, unknown or malformed: 404. */
async function ownInvitation(tx: Tx, admin: FirmMember, id: string) {
  const row = isUuid(id) ? await findOpenInvitation(tx, id) : undefined;
  authorize(policies.ownFirmRow, admin, row);
  return row!;
}

/** POST /api/firm/invitations/{id}/resend: a new link (the old one stops working), valid 7 days again. */
export async function resendInvitation(ctx: AppContext, actor: Actor, input: { id: string }) {
  const admin = authorize(policies.administer, actor);
  const row = await ctx.db.transaction(async (tx) => {
    const open = await ownInvitation(tx, admin, input.id);
    const { token, ...fresh } = freshToken();
    const updated = await updateInvitation(tx, open.id, { ...fresh, lastSentAt: new Date() });
    await mailInvitation(tx, ctx, updated, token);
    await recordMemberAudit(tx, admin, { action: 'invitation_resent', subject: open.email });
    return updated;
  });
  ctx.onMailQueued();
  return toInvitation(row);
}

/** DELETE /api/firm/invitations/{id}: the link stops working. */
export async function cancelInvitation(ctx: AppContext, actor: Actor, input: { id: string }) {
  const admin = authorize(policies.administer, actor);
  await ctx.db.transaction(async (tx) => {
    const open = await ownInvitation(tx, admin, input.id);
    await updateInvitation(tx, open.id, { cancelledAt: new Date() });
    await recordMemberAudit(tx, admin, { action: 'invitation_cancelled', subject: open.email });
  });
}

const invalidToken = () =>
  badRequest(TEAM_MESSAGES.invitationInvalid, { token: TEAM_MESSAGES.invitationInvalid });

/** POST /api/auth/invitation: what the link is for, so the accept screen asks for the right fields. */
export async function lookupInvitation(ctx: AppContext, actor: Actor, input: { token: string }) {
  authorize(policies.acceptInvitation, actor);
  return ctx.db.transaction(async (tx) => {
    const invitation = await lockInvitationByToken(tx, hashToken(input.token));
    if (!invitation) throw invalidToken();
    const existing = await checkInvitable(tx, invitation.firmId, invitation.email);
    return {
      firmName: (await firmName(tx, invitation.firmId)) ?? 'A firm',
      email: invitation.email,
      roles: invitation.roles,
      accountExists: !!existing,
    };
  });
}

/**
 * POST /api/auth/accept-invitation (PRODUCT.md §9): the mailed token proves the address. A new account is
 * created with the name and password given (verified, in the firm with the invitation's roles); an existing
 * firm account without a firm joins with its password; an attorney's address or a member of a firm is 409.
 * One transaction; the invitation is used once. Signs in.
 */
export async function acceptInvitation(
  ctx: AppContext,
  actor: Actor,
  input: AcceptInvitationInput,
): Promise<{ user: User; session: { token: string; expiresAt: Date } }> {
  authorize(policies.acceptInvitation, actor);
  return ctx.db.transaction(async (tx) => {
    const invitation = await lockInvitationByToken(tx, hashToken(input.token));
    if (!invitation) throw invalidToken();
    const existing = await checkInvitable(tx, invitation.firmId, invitation.email);
    const placement = { firmId: invitation.firmId, roles: invitation.roles };
    let user: User;
    if (existing) {
      if (!input.password || !(await verifyPassword(existing.passwordHash, input.password)))
        throw new HttpError(401, AUTH_MESSAGES.invalidCredentials, {
          password: AUTH_MESSAGES.invalidCredentials,
        });
      await markEmailVerified(tx, existing.id);
      await insertMembership(tx, existing.id, placement);
      user = toUser({ ...existing, emailVerifiedAt: existing.emailVerifiedAt ?? new Date() }, placement);
    } else {
      const missing: Record<string, string> = {};
      if (!input.firstName) missing.firstName = AUTH_MESSAGES.firstNameRequired;
      if (!input.lastName) missing.lastName = AUTH_MESSAGES.lastNameRequired;
      if (!input.password) missing.password = AUTH_MESSAGES.passwordMin;
      const first = Object.values(missing)[0];
      if (first) throw badRequest(first, missing);
      user = await createUser(
        tx,
        ctx,
        {
          email: invitation.email,
          password: input.password!,
          firstName: input.firstName!,
          lastName: input.lastName!,
          userType: 'firm',
        },
        { joinFirm: placement, verified: true },
      );
    }
    await updateInvitation(tx, invitation.id, { acceptedAt: new Date() });
    // As a session read gives it: a firm that requires a second factor sends its new member to enrol (§10).
    user = (await signedInUser(tx, user.id)) ?? user;
    await recordFirmAudit(tx, {
      firmId: invitation.firmId,
      actor: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() },
      action: 'member_joined',
      subject: user.email,
      detail: { roles: invitation.roles },
    });
    const session = await createSession(tx, user.id);
    return { user: withVisit(user, session), session };
  });
}
