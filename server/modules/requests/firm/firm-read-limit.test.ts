import { FIRM_READ_LIMIT, SHARING_MESSAGES } from '@shared/sharing';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { accessEvents, auditEvents, rateLimits } from '../../../db/schema';
import { describeEachDb, testConfig } from '../../../test/harness';
import { addFirmMember } from '../../team/team.factories';
import { sendRequest } from '../sharing/sharing.test-support';
import { sharingControlClient } from '../sharing/sharing-control.test-support';

/**
 * Unlimited, one firm could produce a flood of reads in minutes, each an access event the attorney's log and
 * the audit trail keep. A member's reads of one request's package — the package, a version, what changed, the
 * PDF, a document, the conflicts view — are at most FIRM_READ_LIMIT a minute; past it 429, and the refused
 * read is recorded nowhere. Another request, or another member, is not affected.
 */
describeEachDb('firm reads of one request: rate limited', (t) => {
  const { as, post, get, world } = sharingControlClient(t);
  const max = FIRM_READ_LIMIT.perMinute;

  const eventsOf = async (requestId: string, firmUserId: string) =>
    (await t().db.select().from(accessEvents).where(eq(accessEvents.requestId, requestId))).filter(
      (e) => e.firmUserId === firmUserId,
    ).length;
  const trailOf = async (requestId: string) =>
    (await t().db.select().from(auditEvents).where(eq(auditEvents.requestId, requestId))).length;

  it(`refuses a member's read past ${max} a minute on every package path, and records nothing for it`, async () => {
    const w = await world();
    expect((await post(w.attorney, `${w.base}/share`)).statusCode).toBe(200);
    const firstView = await get(w.firm, w.firmUrl);
    expect(firstView.statusCode).toBe(200);
    const documentUrl = firstView.json().package.documents[0].url as string;
    // The limit is one count for every path of the request: views, a version, a document, what changed.
    for (let i = 1; i < max; i++) {
      const url = [w.firmUrl, `${w.firmUrl}?version=1`, documentUrl, `${w.firmUrl}/changes?from=1&to=1`][
        i % 4
      ];
      expect((await get(w.firm, url)).statusCode, `read ${i + 1} (${url})`).toBe(200);
    }
    expect(await eventsOf(w.requestId, w.firm.user.id)).toBe(max);
    const trail = await trailOf(w.requestId);

    for (const url of [
      w.firmUrl,
      `${w.firmUrl}?version=1`,
      documentUrl,
      `${w.firmUrl}/changes?from=1&to=1`,
      `${w.firmUrl}/package.pdf`,
      `${w.firmUrl}/conflicts`,
    ]) {
      const refused = await get(w.firm, url);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json(), url).toEqual({ message: SHARING_MESSAGES.tooManyReads });
      expect(Number(refused.headers['retry-after']), url).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after']), url).toBeLessThanOrEqual(60);
    }
    // Nothing of the refused reads: no access event, no entry counted, nothing in the trail.
    expect(await eventsOf(w.requestId, w.firm.user.id)).toBe(max);
    const log = (await get(w.attorney, `/api/attorney/access-log?requestId=${w.requestId}`)).json();
    expect(log.reduce((n: number, e: { count: number }) => n + e.count, 0)).toBe(max);
    expect(await trailOf(w.requestId)).toBe(trail);
    // A HEAD reads nothing and is not refused.
    expect((await as(w.firm, { method: 'HEAD', url: w.firmUrl })).statusCode).toBe(200);

    // Once the minute has passed, the member reads again.
    await t().db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` });
    expect((await get(w.firm, w.firmUrl)).statusCode).toBe(200);
    expect(await eventsOf(w.requestId, w.firm.user.id)).toBe(max + 1);
  }, 120_000);

  it('counts per member and per request: another member, or another request, reads on', async () => {
    const w = await world();
    expect((await post(w.attorney, `${w.base}/share`)).statusCode).toBe(200);
    const otherId = await sendRequest(t().app, w.firm.cookie, w.attorney.user.email);
    expect((await post(w.attorney, `/api/attorney/lpq-requests/${otherId}/share`)).statusCode).toBe(200);
    const colleague = await addFirmMember(t().app, w.firm.firmId, ['recruiter'], {
      firstName: 'Remy',
      lastName: 'Stone',
    });
    for (let i = 0; i < max; i++) expect((await get(w.firm, w.firmUrl)).statusCode).toBe(200);
    expect((await get(w.firm, w.firmUrl)).statusCode).toBe(429);

    expect((await get(colleague, w.firmUrl)).statusCode).toBe(200);
    expect((await get(w.firm, `/api/firm/lpq-requests/${otherId}`)).statusCode).toBe(200);
    expect(await eventsOf(w.requestId, colleague.user.id)).toBe(1);
    expect(await eventsOf(otherId, w.firm.user.id)).toBe(1);
    expect(await eventsOf(w.requestId, w.firm.user.id)).toBe(max);
  }, 120_000);
});

/** FIRM_READ_LIMIT_PER_MINUTE sets the limit (a load test raises it); unset, FIRM_READ_LIMIT. */
describeEachDb(
  'firm reads of one request: the configured limit',
  (t) => {
    const { post, get, world } = sharingControlClient(t);

    it('reads the limit from the config, the hot read and the other paths alike', async () => {
      const env = { NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' };
      expect(loadConfig(env).rateLimit.firmReadsPerMinute).toBe(FIRM_READ_LIMIT.perMinute);
      expect(loadConfig({ ...env, FIRM_READ_LIMIT_PER_MINUTE: '3' }).rateLimit.firmReadsPerMinute).toBe(3);

      const w = await world();
      expect((await post(w.attorney, `${w.base}/share`)).statusCode).toBe(200);
      expect((await get(w.firm, w.firmUrl)).statusCode).toBe(200);
      expect((await get(w.firm, `${w.firmUrl}/changes?from=1&to=1`)).statusCode).toBe(200);
      expect((await get(w.firm, w.firmUrl)).statusCode).toBe(200);
      expect((await get(w.firm, w.firmUrl)).statusCode).toBe(429);
      expect((await get(w.firm, `${w.firmUrl}/package.pdf`)).statusCode).toBe(429);
    });
  },
  { config: { rateLimit: { ...testConfig().rateLimit, firmReadsPerMinute: 3 } } },
);
