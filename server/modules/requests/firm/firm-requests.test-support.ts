import { count } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { lpqRequests } from '../../../db/schema';
import { buildAttorney, uniqueEmail } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import { buildFirm } from '../../firm/firm.factories';
import { buildSharedPackage } from '../lifecycle/requests.factories';
import { requestBody } from '../sharing/sharing.test-support';

// The shared setup of the firm-requests.*.test.ts suites.

export const daysFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const newRequest = (overrides: Record<string, unknown> = {}) =>
  requestBody(uniqueEmail('invitee'), { dueDate: daysFromToday(14), ...overrides });

/** Request helpers around one test app. */
export function firmRequestsClient(t: () => TestApp) {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const requestCount = async () => (await t().db.select({ n: count() }).from(lpqRequests))[0].n;
  const send = (cookie: string, body: Record<string, unknown>) =>
    inject({ method: 'POST', url: '/api/firm/lpq-requests', headers: { cookie }, payload: body });

  /** A firm with a request shared by a named attorney. */
  async function sharedRequest(
    opts: { documents?: boolean; masterLpq?: Parameters<typeof buildSharedPackage>[1]['masterLpq'] } = {},
  ) {
    const firm = await buildFirm(t().app);
    const attorney = await buildAttorney(t().app, { firstName: 'Casey', lastName: 'Nguyen' });
    const created = await send(firm.cookie, newRequest({ attorneyEmail: attorney.user.email }));
    const item = created.json();
    await buildSharedPackage(t().db, {
      requestId: item.id,
      attorneyUserId: attorney.user.id,
      ...(opts.masterLpq ? { masterLpq: opts.masterLpq } : {}),
      documents: opts.documents
        ? [
            {
              id: '3f0b8a4e-8f0e-4a51-9d55-0b7f4a1a2c11',
              name: 'Resume.pdf',
              contentType: 'application/pdf',
              size: 20480,
            },
          ]
        : [],
      positionLpq: {
        formData: { name: 'Casey Nguyen' },
        firmAnswers: { 'fit-1': 'Your cross-border platform', 'fit-2': true },
      },
    });
    return { firm, attorney, item };
  }

  return { inject, requestCount, send, sharedRequest };
}
