import { FIRM_READ_LIMIT } from '@shared/sharing';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accessEvents, accessLogEntries } from '../../db/schema';
import { describeEachDb } from '../../test/harness';
import { sharingControlClient } from '../requests/sharing/sharing-control.test-support';

/**
 * The access log is kept on write (access_log_entries, counted by a trigger in each read's
 * transaction), so the page reads its entries and never the reads behind them. Every read counts once, also
 * when a member's reads arrive at the same moment.
 */
describeEachDb('access log entries kept on write', (t, kind) => {
  const { post, get, world } = sharingControlClient(t);

  const entriesOf = (requestId: string) =>
    t().db.select().from(accessLogEntries).where(eq(accessLogEntries.requestId, requestId));
  const eventsOf = (requestId: string) =>
    t().db.select().from(accessEvents).where(eq(accessEvents.requestId, requestId));

  it('counts each read into its entry: what was read, how often, by whom with which roles', async () => {
    const w = await world();
    expect((await post(w.attorney, `${w.base}/share`)).statusCode).toBe(200);
    const view = await get(w.firm, w.firmUrl);
    const documentUrl = view.json().package.documents[0].url as string;
    for (let i = 0; i < 4; i++) expect((await get(w.firm, w.firmUrl)).statusCode).toBe(200);
    expect((await get(w.firm, documentUrl)).statusCode).toBe(200);

    const [entry, ...more] = await entriesOf(w.requestId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      attorneyUserId: w.attorney.user.id,
      firmUserId: w.firm.user.id,
      firmName: 'Arden & Vale',
      count: 6,
      // A package view is counted by the parts it carried (migration 0027): here the hiring parts and the
      // conflicts form of a member with every role but diversity.
      reads: {
        'package_view[profile,masterLpq,positionLpq,businessPlan,documents,conflictsForm]': 5,
        'document_download:writing-sample.pdf': 1,
      },
    });
    expect([...entry.readerRoles].sort()).toEqual(['admin', 'conflicts', 'recruiter', 'reviewer']);
    const events = await eventsOf(w.requestId);
    expect(entry.firstAt).toEqual(events.map((e) => e.createdAt).sort((a, b) => +a - +b)[0]);
    expect(entry.lastAt).toEqual(events.map((e) => e.createdAt).sort((a, b) => +b - +a)[0]);

    const [shown] = (await get(w.attorney, '/api/attorney/access-log')).json();
    expect(shown).toMatchObject({
      count: 6,
      readerId: w.firm.user.id,
      reads: [
        { action: 'viewed', what: 'Shared package', count: 5 },
        { action: 'downloaded', what: 'writing-sample.pdf', count: 1 },
      ],
    });
  });

  it.runIf(kind === 'postgres')('reads at the same moment: one entry, every read counted', async () => {
    const w = await world();
    expect((await post(w.attorney, `${w.base}/share`)).statusCode).toBe(200);
    const reads = Math.min(30, FIRM_READ_LIMIT.perMinute);
    const answers = await Promise.all(Array.from({ length: reads }, () => get(w.firm, w.firmUrl)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(reads).fill(200));
    expect(await eventsOf(w.requestId)).toHaveLength(reads);
    expect((await entriesOf(w.requestId)).map((e) => e.count)).toEqual([reads]);
  });
});
