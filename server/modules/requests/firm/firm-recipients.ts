import { and, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { firmMembers, requestReviewers, users } from '../../../db/schema';
import type { MailContent } from '../../../mail/layout';
import { enqueueMail } from '../../../mail/outbox';

type RequestRef = { id: string; firmId: string; createdByUserId: string | null };
export type FirmRecipient = { email: string; firstName: string };

/**
 * PRODUCT.md §9: a mail that went to "the firm user who sent the request" goes to the member who sent it
 * (while still a member of the firm) and to the request's assigned reviewers; when none of them is left, to
 * the firm's recruiters and admins, so a request never goes unheard.
 */
export async function firmRecipients(tx: Db | Tx, request: RequestRef): Promise<FirmRecipient[]> {
  const ofFirm = eq(firmMembers.firmId, request.firmId);
  const direct = await tx
    .selectDistinct({ email: users.email, firstName: users.firstName })
    .from(users)
    .innerJoin(firmMembers, and(eq(firmMembers.userId, users.id), ofFirm))
    .where(
      or(
        request.createdByUserId ? eq(users.id, request.createdByUserId) : sql`false`,
        sql`('reviewer' = any(${firmMembers.roles}) and exists (select 1 from ${requestReviewers}
          where ${requestReviewers.requestId} = ${request.id} and ${requestReviewers.userId} = ${users.id}))`,
      ),
    );
  if (direct.length) return direct;
  return tx
    .selectDistinct({ email: users.email, firstName: users.firstName })
    .from(users)
    .innerJoin(firmMembers, and(eq(firmMembers.userId, users.id), ofFirm))
    .where(sql`${firmMembers.roles} && '{admin,recruiter}'::text[]`);
}

/**
 * Writes one mail to each of the request's firm recipients, in the caller's transaction (the outbox). With
 * `merge`, a recipient's mail still waiting under the same key is replaced instead (server/mail/outbox.ts).
 */
export async function mailFirm(
  tx: Tx,
  request: RequestRef,
  kind: string,
  mail: MailContent,
  merge?: { mergeKey: string; delayMs: number },
) {
  for (const recipient of await firmRecipients(tx, request))
    await enqueueMail(tx, {
      kind,
      to: recipient.email,
      ...mail,
      ...(merge && { mergeKey: `${merge.mergeKey}:${recipient.email}`, delayMs: merge.delayMs }),
    });
}
