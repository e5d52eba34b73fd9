import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { lpqRequests } from '../../db/schema';
import { buildAttorney } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { buildFirm } from '../firm/firm.factories';
import { completeMasterLpqFor, sendRequest } from '../requests/sharing/sharing.test-support';

// The shared setup of the position-lpq.*.test.ts suites.

/** Position LPQ helpers around one test app. */
export function positionLpqClient(t: () => TestApp) {
  const inject = (opts: InjectOptions) => t().app.inject(opts);

  /** A shared request and its position LPQ id. */
  async function sharedLpq(requestOverrides: Record<string, unknown> = {}) {
    const firm = await buildFirm(t().app);
    const attorney = await buildAttorney(t().app, { firstName: 'Casey', lastName: 'Nguyen' });
    await completeMasterLpqFor(t().app, attorney.cookie);
    const requestId = await sendRequest(t().app, firm.cookie, attorney.user.email, requestOverrides);
    const shared = await inject({
      method: 'POST',
      url: `/api/attorney/lpq-requests/${requestId}/share`,
      headers: { cookie: attorney.cookie },
    });
    return { firm, attorney, requestId, lpqId: shared.json().lpqId as string };
  }
  const status = async (requestId: string) =>
    (await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, requestId)))[0].status;

  return { inject, sharedLpq, status };
}
