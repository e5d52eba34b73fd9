import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { lpqRequests } from '../../db/schema';
import type { TestApp } from '../../test/harness';
import { sharedRequestFor } from '../requests/sharing/sharing.test-support';

// The shared setup of the position-lpq.*.test.ts suites.

/** Position LPQ helpers around one test app. */
export function positionLpqClient(t: () => TestApp) {
  const inject = (opts: InjectOptions) => t().app.inject(opts);

  /** A shared request and its position LPQ id. */
  async function sharedLpq(requestOverrides: Record<string, unknown> = {}) {
    return sharedRequestFor(t().app, {
      attorney: { firstName: 'Casey', lastName: 'Nguyen' },
      request: requestOverrides,
    });
  }
  const status = async (requestId: string) =>
    (await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, requestId)))[0].status;

  return { inject, sharedLpq, status };
}
