import type { attorneyRegistrationSchema } from '@shared/attorney';
import { ATTORNEY_ACTIVITY, type AttorneyProfileBody } from '@shared/attorney';
import type { User } from '@shared/auth';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { accountPolicies as policies } from '../../policies/account.policy';
import { type Actor, authorize } from '../../policies/authorize';
import { createUser } from '../auth/accounts';
import { createSession, withVisit } from '../auth/sessions';
import { recordFormActivity } from './activity';
import { writeAttorneyProfile } from './attorney.repo';

type AttorneyRegistration = z.output<typeof attorneyRegistrationSchema>;

/**
 * Spec 2.6 + PRODUCT.md §2: the account, the attorney profile and the session in one transaction,
 * so a failure leaves neither half behind.
 */
export async function registerAttorney(ctx: AppContext, actor: Actor, input: AttorneyRegistration) {
  authorize(policies.register, actor);
  const { firstName, lastName, email, password, invitationToken, ...profile } = input;
  const result = await ctx.db.transaction(async (tx) => {
    const user: User = await createUser(tx, ctx, {
      firstName,
      lastName,
      email,
      password,
      invitationToken,
      userType: 'attorney',
    });
    await recordFormActivity(tx, user.id, ATTORNEY_ACTIVITY.accountCreated);
    await writeAttorneyProfile(tx, user.id, profile satisfies Partial<AttorneyProfileBody>, 'create');
    const session = await createSession(tx, user.id);
    return { user: withVisit(user, session), session };
  });
  ctx.onMailQueued();
  return result;
}
