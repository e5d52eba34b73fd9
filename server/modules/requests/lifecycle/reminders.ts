import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { lpqRequests } from '../../../db/schema';
import { systemActor } from '../../audit/audit-chain';
import { appendAuditEvent } from '../../audit/trail-seal';
import { sendInvitationMail } from '../firm/invitations';

export const REMINDER_JOB = 'due-date-reminders';
export const REMINDER_EVERY_MS = 15 * 60 * 1000;
/** PRODUCT.md §7: the reminder goes 3 days before the due date. */
export const REMINDER_DAYS_BEFORE = 3;
const BATCH = 200;

/** Pending, not yet reminded, due within the next 3 days (and not past). */
const due = and(
  eq(lpqRequests.status, 'pending'),
  isNull(lpqRequests.reminderSentAt),
  sql`${lpqRequests.dueDate} <= current_date + ${REMINDER_DAYS_BEFORE}::int`,
  sql`${lpqRequests.dueDate} >= current_date`,
);

/**
 * Mails each due reminder once. The scheduler runs this once per period across processes; besides that,
 * each request is claimed by the guarded UPDATE that stamps reminder_sent_at, in the transaction that
 * writes its mail to the outbox: two runs racing on one request send one mail.
 */
export async function remindDueRequests(ctx: AppContext): Promise<number> {
  let sent = 0;
  for (;;) {
    const candidates = await ctx.db
      .select({ id: lpqRequests.id })
      .from(lpqRequests)
      .where(due)
      .orderBy(asc(lpqRequests.dueDate))
      .limit(BATCH);
    for (const { id } of candidates) {
      const claimed = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .update(lpqRequests)
          .set({ reminderSentAt: new Date() })
          .where(and(eq(lpqRequests.id, id), due))
          .returning();
        if (row) {
          await sendInvitationMail(tx, ctx, row, { reminder: true });
          await appendAuditEvent(tx, {
            requestId: row.id,
            actor: systemActor(REMINDER_JOB),
            type: 'reminded',
            details: { to: row.attorneyEmail, dueDate: row.dueDate },
          });
        }
        return !!row;
      });
      if (claimed) sent++;
    }
    if (candidates.length < BATCH) break;
  }
  if (sent) ctx.onMailQueued();
  return sent;
}
