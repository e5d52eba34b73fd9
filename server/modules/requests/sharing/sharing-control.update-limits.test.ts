import { SEND_UPDATE_LIMITS, SHARING_MESSAGES } from '@shared/sharing';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { lpqRequests, outbox, sharedPackages } from '../../../db/schema';
import { describeEachDb } from '../../../test/harness';
import { sharingControlClient } from './sharing-control.test-support';

/**
 * 'Send update' is limited per request (a burst of updates would otherwise store a version and mail the firm
 * for each), and the firm's mails of updates in quick succession are one mail per recipient.
 */
describeEachDb('send update: limits and merged mails', (t, kind) => {
  const { post, world, mails, updateWithChange } = sharingControlClient(t);
  const { perHour } = SEND_UPDATE_LIMITS;

  async function shared() {
    const w = await world();
    expect((await post(w.attorney, `${w.base}/share`)).statusCode).toBe(200);
    return w;
  }
  const versionsOf = async (requestId: string) =>
    (await t().db.select().from(sharedPackages).where(eq(sharedPackages.requestId, requestId))).length;
  /** Moves every version of the request `minutes` into the past, as if it had been shared then. */
  const age = (requestId: string, minutes: number) =>
    t()
      .db.update(sharedPackages)
      .set({ sharedAt: sql`${sharedPackages.sharedAt} - make_interval(mins => ${minutes})` })
      .where(eq(sharedPackages.requestId, requestId));

  it(`refuses the update after ${perHour} in an hour (429, nothing stored or mailed), and allows it an hour on`, async () => {
    const w = await shared();
    for (let i = 0; i < perHour; i++)
      expect((await updateWithChange(w.attorney, `${w.base}/update`)).statusCode).toBe(200);
    const mailsBefore = await mails('package_updated');
    const refused = await updateWithChange(w.attorney, `${w.base}/update`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: SHARING_MESSAGES.tooManyUpdates });
    expect(await versionsOf(w.requestId)).toBe(perHour + 1);
    const [row] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, w.requestId));
    expect(row.currentVersion).toBe(perHour + 1);
    expect(await mails('package_updated')).toEqual(mailsBefore);

    await age(w.requestId, 61);
    const later = await updateWithChange(w.attorney, `${w.base}/update`);
    expect(later.statusCode).toBe(200);
    expect(later.json().version).toBe(perHour + 2);
  });

  it('merges the firm’s mails of updates in quick succession into one naming the latest version', async () => {
    const w = await shared();
    for (let i = 0; i < 3; i++)
      expect((await updateWithChange(w.attorney, `${w.base}/update`)).statusCode).toBe(200);
    const ofFirm = async () => (await mails('package_updated')).filter((m) => m.to === w.firm.user.email);
    const pending = await ofFirm();
    // One mail to the registrant who sent the request, not yet due: it waits for more updates.
    expect(pending).toHaveLength(1);
    expect(pending[0].text).toContain('version 4');
    expect(pending[0].text).not.toContain('version 2');
    expect(pending[0].nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);

    // Once the dispatcher has taken the mail, the next update is a mail of its own.
    await t()
      .db.update(outbox)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(outbox.id, pending[0].id));
    expect((await updateWithChange(w.attorney, `${w.base}/update`)).statusCode).toBe(200);
    const after = await ofFirm();
    expect(after).toHaveLength(2);
    expect(after.find((m) => m.status === 'pending')?.text).toContain('version 5');
  });

  it.runIf(kind === 'postgres')(
    'many updates at once: exactly the limit goes through, the rest 429, one pending mail',
    async () => {
      const w = await shared();
      const results = await Promise.all(
        // Each with an access end date of its own: at once, none is an update with nothing changed.
        Array.from({ length: perHour + 6 }, (_, i) =>
          post(w.attorney, `${w.base}/update`, { accessUntil: `2099-01-${String(i + 1).padStart(2, '0')}` }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(perHour);
      expect(codes.filter((c) => c === 429)).toHaveLength(6);
      expect(await versionsOf(w.requestId)).toBe(perHour + 1);
      const pending = await t()
        .db.select()
        .from(outbox)
        .where(and(eq(outbox.kind, 'package_updated'), eq(outbox.status, 'pending')));
      expect(pending.filter((m) => m.to === w.firm.user.email)).toHaveLength(1);
      expect(pending.find((m) => m.to === w.firm.user.email)?.text).toContain(`version ${perHour + 1}`);
    },
  );
});
