import { TOKEN_TTL } from '@shared/limits';
import { attorneyRequestLink } from '@shared/return-path';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { type lpqRequests, users } from '../../../db/schema';
import { enqueueMail } from '../../../mail/outbox';
import { createEmailToken } from '../../auth/tokens';
import { lpqInvitationMail } from '../lifecycle/requests.mails';

type RequestRow = typeof lpqRequests.$inferSelect;

/**
 * The same statements whether or not the address has an account (a lookup, a sign-up token, the mail), so
 * the firm's response time does not tell them apart. Only the mail's link and wording differ; with an
 * account the token is never sent and simply expires.
 */
export async function sendInvitationMail(
  tx: Tx,
  ctx: Pick<AppContext, 'publicUrl'>,
  request: RequestRow,
  opts: { reminder?: boolean } = {},
) {
  const [account] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, request.attorneyEmail))
    .limit(1);
  const token = await createEmailToken(tx, {
    purpose: 'invitation',
    email: request.attorneyEmail,
    requestId: request.id,
    ttlMs: TOKEN_TTL.invitationMs,
  });
  const url = account
    ? attorneyRequestLink(ctx.publicUrl, request.id)
    : `${ctx.publicUrl}/register/attorney?token=${encodeURIComponent(token)}&email=${encodeURIComponent(request.attorneyEmail)}`;
  await enqueueMail(tx, {
    kind: opts.reminder ? 'lpq_reminder' : 'lpq_invitation',
    to: request.attorneyEmail,
    ...lpqInvitationMail({ ...request, url, hasAccount: !!account, reminder: opts.reminder }),
  });
}
