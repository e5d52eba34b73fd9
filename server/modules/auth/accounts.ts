import { AUTH_MESSAGES, type RegisterInput, type User, type UserType } from '@shared/auth';
import { TOKEN_TTL } from '@shared/limits';
import { type FirmRole, REGISTRANT_ROLES } from '@shared/team';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { firmMembers, firms, users } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox';
import { badRequest, HttpError } from '../../plugins/errors';
import { verifyEmailMail } from './auth.mails';
import { toUser } from './auth.presenter';
import { hashPassword } from './crypto';
import { consumeEmailToken, createEmailToken } from './tokens';

/** What creating an account needs of the context (registration of either kind shares it). */
export type AuthContext = Pick<AppContext, 'db' | 'publicUrl' | 'onMailQueued' | 'config'>;

export async function sendVerificationMail(
  tx: Tx,
  ctx: AuthContext,
  user: { id: string; email: string; firstName: string; userType: UserType },
) {
  const token = await createEmailToken(tx, {
    purpose: 'verify_email',
    email: user.email,
    userId: user.id,
    ttlMs: TOKEN_TTL.verifyEmailMs,
  });
  const url = `${ctx.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await enqueueMail(tx, {
    kind: 'verify_email',
    to: user.email,
    ...verifyEmailMail({ firstName: user.firstName, url, userType: user.userType }),
  });
}

/**
 * PRODUCT.md §9: a firm user belongs to exactly one firm. Registering a firm account creates the firm with
 * the registrant as admin, recruiter, reviewer and conflicts; accepting a member invitation joins its firm.
 */
async function placeInFirm(tx: Tx, userId: string, join?: { firmId: string; roles: FirmRole[] }) {
  const placement = join ?? {
    firmId: (await tx.insert(firms).values({}).returning({ id: firms.id }))[0].id,
    roles: [...REGISTRANT_ROLES],
  };
  await tx.insert(firmMembers).values({ userId, ...placement });
  return placement;
}

/**
 * Creates a user inside the caller's transaction (registration screens add their profile in the same one).
 * A valid invitation token for the same address proves it: the user starts verified and gets no
 * verification mail. An invalid or used token is ignored (the address is verified by mail instead);
 * a token for another address is refused.
 */
export async function createUser(
  tx: Tx,
  ctx: AuthContext,
  input: RegisterInput & { email: string },
  opts: { joinFirm?: { firmId: string; roles: FirmRole[] }; verified?: boolean } = {},
): Promise<User> {
  let verified = opts.verified ?? false;
  if (input.invitationToken) {
    const invitation = await consumeEmailToken(tx, 'invitation', input.invitationToken);
    if (invitation && invitation.email.toLowerCase() !== input.email) {
      throw badRequest(AUTH_MESSAGES.invitationEmailMismatch, {
        email: AUTH_MESSAGES.invitationEmailMismatch,
      });
    }
    verified ||= invitation !== null;
  }
  const passwordHash = await hashPassword(input.password);
  let row: typeof users.$inferSelect;
  try {
    [row] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        userType: input.userType,
        emailVerifiedAt: verified ? new Date() : null,
      })
      .returning();
  } catch (err) {
    if (isUniqueViolation(err))
      throw new HttpError(409, AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
    throw err;
  }
  if (!verified) await sendVerificationMail(tx, ctx, row);
  if (row.userType === 'firm') {
    const placement = await placeInFirm(tx, row.id, opts.joinFirm);
    return toUser(row, placement);
  }
  return toUser(row);
}
