import { ACCESS_LOG_MESSAGES } from '@shared/sharing';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { accessEvents } from '../../db/schema';
import { buildAttorney } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { sharedRequestFor } from '../requests/sharing/sharing.test-support';

/** The access log: an entry says what was viewed, downloaded and exported, and opens into its reads. */
describeEachDb('access log reads', (t) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);

  async function world() {
    const { firm, attorney, requestId } = await sharedRequestFor(t().app, {
      firm: { firmName: 'Arden & Vale' },
    });
    // One run of reads within 30 minutes: 5 views, 2 downloads of one file, 1 of another, 1 PDF export.
    const now = Date.now();
    const event = (
      kind: 'package_view' | 'document_download' | 'pdf_download',
      secondsAgo: number,
      fileName: string | null = null,
    ) => ({
      requestId,
      attorneyUserId: attorney.user.id,
      firmUserId: firm.user.id,
      firmId: firm.firmId,
      firmName: 'Arden & Vale',
      kind,
      fileName,
      createdAt: new Date(now - secondsAgo * 1000),
    });
    await t()
      .db.insert(accessEvents)
      .values([
        ...[600, 500, 400, 300, 200].map((s) => event('package_view', s)),
        event('document_download', 450, 'Jordan Avery CV.pdf'),
        event('document_download', 350, 'Jordan Avery CV.pdf'),
        event('document_download', 250, 'Writing sample.pdf'),
        event('pdf_download', 100),
      ]);
    const log = await inject({
      method: 'GET',
      url: '/api/attorney/access-log',
      headers: { cookie: attorney.cookie },
    });
    return { firm, attorney, requestId, entries: log.json() };
  }

  const readsUrl = (e: { requestId: string; readerId: string; firstAt: string; at: string }, more = '') =>
    `/api/attorney/access-log/reads?requestId=${e.requestId}&readerId=${e.readerId}&from=${encodeURIComponent(e.firstAt)}&to=${encodeURIComponent(e.at)}${more}`;

  it('names what was viewed, downloaded and exported, each with its count', async () => {
    const { entries, firm } = await world();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      readerId: firm.user.id,
      action: 'exported',
      count: 9,
      reads: [
        { action: 'viewed', what: 'Shared package', count: 5 },
        { action: 'downloaded', what: 'Jordan Avery CV.pdf', count: 2 },
        { action: 'downloaded', what: 'Writing sample.pdf', count: 1 },
        { action: 'exported', what: 'Package PDF', count: 1 },
      ],
    });
  });

  it('lists the reads of one entry, newest first, a page at a time with a Link to the next', async () => {
    const { attorney, entries } = await world();
    const get = (url: string) => inject({ method: 'GET', url, headers: { cookie: attorney.cookie } });
    const first = await get(readsUrl(entries[0], '&limit=4'));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([
      { at: entries[0].at, action: 'exported', what: 'Package PDF' },
      { at: expect.any(String), action: 'viewed', what: 'Shared package' },
      { at: expect.any(String), action: 'downloaded', what: 'Writing sample.pdf' },
      { at: expect.any(String), action: 'viewed', what: 'Shared package' },
    ]);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    const second = await get(next!);
    expect(second.json().map((r: { what: string }) => r.what)).toEqual([
      'Jordan Avery CV.pdf',
      'Shared package',
      'Jordan Avery CV.pdf',
      'Shared package',
    ]);
    const third = await get(/<([^>]+)>; rel="next"/.exec(String(second.headers.link))![1]);
    expect(third.json()).toEqual([{ at: entries[0].firstAt, action: 'viewed', what: 'Shared package' }]);
    expect(third.headers.link).toBeUndefined();
    // Every read once: 9 in all.
    const all = await get(readsUrl(entries[0], '&limit=50'));
    expect(all.json()).toHaveLength(9);
  });

  it('401 signed out, 403 firm user, another attorney gets nothing, bad input is 400 with the message', async () => {
    const { firm, entries } = await world();
    const url = readsUrl(entries[0]);
    expect((await inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url, headers: { cookie: firm.cookie } })).statusCode).toBe(403);
    const other = await buildAttorney(t().app);
    const theirs = await inject({ method: 'GET', url, headers: { cookie: other.cookie } });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([]);
    for (const [query, field, message] of [
      [url.replace(/requestId=[^&]+/, 'requestId=nope'), 'requestId', ACCESS_LOG_MESSAGES.badGroup],
      [url.replace(/from=[^&]+/, 'from=yesterday'), 'from', ACCESS_LOG_MESSAGES.badMoment],
      [`${url}&cursor=bm9wZQ`, 'cursor', 'This page link is no longer valid. Reload the list.'],
    ]) {
      const bad = await inject({ method: 'GET', url: query, headers: { cookie: other.cookie } });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().errors[field]).toBe(message);
    }
  });
});
