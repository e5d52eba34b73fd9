import type { FirmProfile, FirmProfileValues, firmRegistrationSchema } from '@shared/firm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../plugins/errors';
import { accountPolicies } from '../../policies/account.policy';
import { type Actor, authorize } from '../../policies/authorize';
import { firmPolicies as policies } from '../../policies/firm.policy';
import { createUser } from '../auth/accounts';
import { createSession, withVisit } from '../auth/sessions';
import { findFirmProfile, writeFirmProfile } from './firm.repo';

type FirmRegistration = z.output<typeof firmRegistrationSchema>;

export async function getFirmProfile(ctx: AppContext, actor: Actor): Promise<FirmProfile> {
  const member = authorize(policies.readProfile, actor);
  const profile = await findFirmProfile(ctx.db, member.firm.id);
  if (!profile) throw notFound();
  return profile;
}

/** POST: creates (409 when one exists). PUT: creates or replaces. Offices in the same transaction. */
export async function saveFirmProfile(
  ctx: AppContext,
  actor: Actor,
  input: { profile: FirmProfileValues; mode: 'create' | 'replace' },
): Promise<FirmProfile> {
  const admin = authorize(policies.manageFirm, actor);
  return ctx.db.transaction(async (tx) => {
    await writeFirmProfile(tx, admin.firm.id, input.profile, input.mode === 'create');
    return (await findFirmProfile(tx, admin.firm.id))!;
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
export async function registerFirm(ctx: AppContext, actor: Actor, input: FirmRegistration) {
  authorize(accountPolicies.register, actor);
  const { email, password, agreeToTerms: _, invitationToken, ...profile } = input;
  const result = await ctx.db.transaction(async (tx) => {
    const user = await createUser(tx, ctx, {
      email,
      password,
      ...splitPersonName(profile.contactPersonName),
      userType: 'firm',
      invitationToken,
    });
    await writeFirmProfile(tx, user.firm!.id, { ...profile, email }, true);
    const session = await createSession(tx, user.id);
    return { user: withVisit(user, session), session };
  });
  ctx.onMailQueued();
  return result;
}
