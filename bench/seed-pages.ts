/**
 * Seeds what the attorney and firm pages show, through the API as the journeys do (e2e/firm-review.spec.ts):
 * a verified firm invites an attorney, who registers through the invitation, fills the master LPQ and the
 * conflicts form and shares the package. Returns both sessions and the ids the detail pages need.
 * Needs the dev mail outbox (/dev/mail), so a server that is not NODE_ENV=production.
 */
import { randomBytes } from 'node:crypto';
import { completeMasterLpq, invitedAttorneyFields } from '../server/modules/master-lpq/master-lpq.fixtures';

const PASSWORD = 'bench-password-1';

export type SeededPages = {
  attorneyCookie: string;
  firmCookie: string;
  /** The firm's request the attorney shared (/firm/requests/:id, the firm's review screen). */
  requestId: string;
  /** The attorney's position LPQ for it (/lpq/:id). */
  lpqId: string;
};

async function call(base: string, method: string, path: string, cookie: string | null, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  const session = res.headers.getSetCookie().find((c) => c.startsWith('lp_session='));
  const text = await res.text();
  return { json: text ? JSON.parse(text) : undefined, cookie: session?.split(';')[0] ?? null };
}

async function mailToken(base: string, to: string, pathname: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mails = (await (await fetch(`${base}/dev/mail?format=json`)).json()) as {
      to: string;
      text: string;
    }[];
    const link = mails
      .find((m) => m.to === to && m.text.includes(pathname))
      ?.text.match(new RegExp(`https?://\\S+${pathname}\\?token=\\S+`))?.[0];
    if (link) return new URL(link).searchParams.get('token')!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${pathname} mail to ${to}`);
}

export async function seedPages(base: string): Promise<SeededPages> {
  const id = randomBytes(4).toString('hex');
  const firmEmail = `bench-firm-${id}@example.com`;
  const attorneyEmail = `bench-attorney-${id}@example.com`;

  const firm = await call(base, 'POST', '/api/register/firm', null, {
    firmName: 'Arden & Vale LLP',
    headquartersAddress: '200 Park Avenue, New York, NY',
    offices: [{ city: 'New York', state: 'NY', numberOfAttorneys: 40 }],
    contactPersonName: 'Morgan Vale',
    contactPersonTitle: 'Recruiting Director',
    contactPhone: '+1 212 555 0199',
    password: PASSWORD,
    agreeToTerms: true,
    email: firmEmail,
  });
  const firmCookie = firm.cookie!;
  const verifyToken = await mailToken(base, firmEmail, '/verify-email');
  await call(base, 'POST', '/api/auth/verify-email', firmCookie, { token: verifyToken });

  const invited = await call(base, 'POST', '/api/firm/lpq-requests', firmCookie, {
    attorneyEmail,
    positionTitle: 'Corporate Partner',
    practiceArea: 'Corporate',
    firmSpecificQuestions: {
      sections: [
        {
          title: 'Practice fit',
          questions: [{ id: 'why', text: 'Why our firm?', type: 'textarea', required: true }],
        },
      ],
    },
  });
  const requestId = invited.json.id as string;

  const invitationToken = await mailToken(base, attorneyEmail, '/register/attorney');
  const attorney = await call(base, 'POST', '/api/register/attorney', null, {
    ...invitedAttorneyFields(),
    email: attorneyEmail,
    password: PASSWORD,
    invitationToken,
  });
  const attorneyCookie = attorney.cookie!;
  await call(base, 'POST', '/api/attorney/master-lpq', attorneyCookie, completeMasterLpq());
  await call(base, 'PUT', '/api/attorney/conflicts-form', attorneyCookie, {
    attorneyName: 'Dana Whitfield',
    date: '2026-01-10',
    firmName: 'Hale & Stone LLP',
    currentClients: [
      {
        clientName: 'Acme Corp',
        businessDescription: 'Manufacturing',
        relationshipStartDate: '2016-01-15',
        typesOfWork: 'M&A',
        annualBillings: '800000',
      },
    ],
    certificationAgreement: true,
  });
  const shared = await call(base, 'POST', `/api/attorney/lpq-requests/${requestId}/share`, attorneyCookie);
  const lpqId = shared.json.lpqId as string;
  await call(base, 'PUT', `/api/lpqs/${lpqId}`, attorneyCookie, {
    formData: { name: 'Dana Whitfield', position: 'senior_partner' },
    firmAnswers: { why: 'Your platform.' },
  });
  return { attorneyCookie, firmCookie, requestId, lpqId };
}

/** Every attorney and firm page of web/routes.tsx, with the seeded ids in the detail pages' paths. */
export function signedInPages(seed: SeededPages): string[] {
  return [
    '/attorney/onboarding',
    '/attorney/dashboard',
    '/attorney/profile',
    '/attorney/access-log',
    '/attorney/activity',
    '/attorney/account',
    '/attorney/master-lpq',
    '/attorney/conflicts-form',
    '/attorney/diversity-form',
    '/attorney/business-plan',
    '/attorney/lpq-requests',
    `/lpq/${seed.lpqId}`,
    '/firm/dashboard',
    '/firm/profile',
    '/firm/requests',
    '/firm/requests/new',
    `/firm/requests/${seed.requestId}`,
    '/firm/custom-sections',
    // The admin's settings (PRODUCT.md §9, and §12's business case defaults).
    '/firm/settings',
  ];
}
