import type { FastifyInstance } from 'fastify';
import { buildAttorney } from '../../../test/factories';
import { buildFirm } from '../../firm/firm.factories';
import { completeMasterLpq } from '../../master-lpq/master-lpq.fixtures';

/** A request body for POST /api/firm/lpq-requests with one required and one optional firm question. */
export function requestBody(attorneyEmail: string, overrides: Record<string, unknown> = {}) {
  return {
    attorneyEmail,
    positionTitle: 'Corporate Partner',
    practiceArea: 'Corporate',
    additionalMessage: 'We would love to hear from you.',
    firmSpecificQuestions: {
      sections: [
        {
          title: 'Practice fit',
          questions: [
            { id: 'fit-1', text: 'Why our firm?', type: 'textarea', required: true },
            { id: 'fit-2', text: 'Relocate?', type: 'yesno', required: false },
          ],
        },
      ],
    },
    ...overrides,
  };
}

/** The firm sends a request to the address; returns its id. */
export async function sendRequest(
  app: FastifyInstance,
  firmCookie: string,
  attorneyEmail: string,
  overrides = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/firm/lpq-requests',
    headers: { cookie: firmCookie },
    payload: requestBody(attorneyEmail, overrides),
  });
  if (res.statusCode !== 201) throw new Error(`request failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

/** Saves a complete master LPQ through Save Template. */
export async function completeMasterLpqFor(app: FastifyInstance, cookie: string, overrides = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/attorney/master-lpq',
    headers: { cookie },
    payload: { ...completeMasterLpq(overrides), isComplete: true },
  });
  if (res.statusCode !== 200 && res.statusCode !== 201)
    throw new Error(`master LPQ failed: ${res.statusCode} ${res.body}`);
}

/** The attorney shares the request (POST …/share, which must answer 200); returns its position LPQ's id. */
export async function shareRequest(app: FastifyInstance, attorneyCookie: string, requestId: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/attorney/lpq-requests/${requestId}/share`,
    headers: { cookie: attorneyCookie },
  });
  if (res.statusCode !== 200) throw new Error(`share failed: ${res.statusCode} ${res.body}`);
  return res.json().lpqId as string;
}

/** A firm, an attorney with a complete master LPQ, and the firm's request to the attorney, shared. */
export async function sharedRequestFor(
  app: FastifyInstance,
  opts: {
    firm?: Record<string, unknown>;
    attorney?: Parameters<typeof buildAttorney>[1];
    request?: Record<string, unknown>;
  } = {},
) {
  const firm = await buildFirm(app, opts.firm);
  const attorney = await buildAttorney(app, opts.attorney);
  await completeMasterLpqFor(app, attorney.cookie);
  const requestId = await sendRequest(app, firm.cookie, attorney.user.email, opts.request);
  const lpqId = await shareRequest(app, attorney.cookie, requestId);
  return { firm, attorney, requestId, lpqId };
}
