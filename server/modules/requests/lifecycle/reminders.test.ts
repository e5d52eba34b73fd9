import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lpqRequests, outbox } from '../../../db/schema';
import { systemJob } from '../../../policies/authorize';
import { buildAttorney, uniqueEmail } from '../../../test/factories';
import { createTwoApps, dbKinds, describeEachDb, linkIn } from '../../../test/harness';
import { buildFirm } from '../../firm/firm.factories';
import { sendRequest } from '../sharing/sharing.test-support';
import { REMINDER_JOB, sendDueDateReminders } from './request-jobs.service';

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describeEachDb('due-date reminders', (t) => {
  const reminders = async (to: string) =>
    await t()
      .db.select()
      .from(outbox)
      .where(and(eq(outbox.to, to), eq(outbox.kind, 'lpq_reminder')));

  it('mails the attorney once, 3 days before a pending request is due; never for later, answered or undated ones', async () => {
    const firm = await buildFirm(t().app);
    const soon = uniqueEmail('soon');
    const later = uniqueEmail('later');
    const undated = uniqueEmail('undated');
    const declined = uniqueEmail('declined');
    const soonId = await sendRequest(t().app, firm.cookie, soon, { dueDate: daysFromToday(2) });
    await sendRequest(t().app, firm.cookie, later, { dueDate: daysFromToday(10) });
    await sendRequest(t().app, firm.cookie, undated, { dueDate: undefined });
    const declinedId = await sendRequest(t().app, firm.cookie, declined, { dueDate: daysFromToday(1) });
    await t().db.update(lpqRequests).set({ status: 'declined' }).where(eq(lpqRequests.id, declinedId));

    await t().app.ctx.scheduler.runJob(REMINDER_JOB);
    const [mail] = await reminders(soon);
    expect(mail.subject).toBe('Reminder: Whitfield & Cole LLP requests your LPQ for Corporate Partner');
    expect(mail.text).toContain('is still waiting for your reply');
    // No account yet: the reminder carries a fresh sign-up link, like the invitation.
    expect(linkIn(mail.text, '/register/attorney').searchParams.get('token')).toBeTruthy();
    for (const other of [later, undated, declined]) expect(await reminders(other)).toHaveLength(0);

    await t().app.ctx.scheduler.runJob(REMINDER_JOB);
    expect(await reminders(soon)).toHaveLength(1);
    const [row] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, soonId));
    expect(row.reminderSentAt).not.toBeNull();
  });

  it('an attorney with an account is sent to their request list', async () => {
    const firm = await buildFirm(t().app);
    const attorney = await buildAttorney(t().app);
    const id = await sendRequest(t().app, firm.cookie, attorney.user.email, { dueDate: daysFromToday(3) });
    await sendDueDateReminders(t().app.ctx, systemJob(REMINDER_JOB));
    const [mail] = await reminders(attorney.user.email);
    expect(mail.text).toContain(`/attorney/lpq-requests?request=${id}`);
    expect(mail.text).not.toContain('token=');
  });
});

for (const kind of dbKinds.filter((k) => k === 'postgres')) {
  describe(`due-date reminders with two app processes [${kind}]`, () => {
    it('send each reminder exactly once, however the processes race', async () => {
      const { a, b, database, close } = await createTwoApps(kind);
      try {
        await a.ready();
        await b.ready();
        const firm = await buildFirm(a);
        const emails = Array.from({ length: 6 }, (_, i) => uniqueEmail(`race-${i}`));
        for (const email of emails) await sendRequest(a, firm.cookie, email, { dueDate: daysFromToday(1) });
        // Both schedulers poll at once, and both run the job body directly at once.
        await Promise.all([
          a.ctx.scheduler.runDue(),
          b.ctx.scheduler.runDue(),
          sendDueDateReminders(a.ctx, systemJob(REMINDER_JOB)),
          sendDueDateReminders(b.ctx, systemJob(REMINDER_JOB)),
        ]);
        const rows = await database.db.select().from(outbox).where(eq(outbox.kind, 'lpq_reminder'));
        expect(rows.map((r) => r.to).sort()).toEqual([...emails].sort());
      } finally {
        await close();
      }
    });
  });
}
