// `npm run demo`: a demo attorney with a complete Master LPQ and a demo firm with a verified
// address and a profile, the firm's invitation waiting in the attorney's list; prints how to sign in,
// then starts the app as `npm start` does. Runs on the settings `npm start` uses (.env, else the
// embedded defaults: PGlite under ./data, mail at /dev/mail). Running it again only prints the details.
// Everything goes through the app's own API, as the browser would; only the two verification links are
// followed here instead of in the mailbox.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { openDatabase } from './db/client';
import { DatabaseInUseError } from './db/folder-lock';
import { createMailTransport, type MailTransport } from './mail/transport';
import { businessPlan, completeMasterLpq, conflictsForm } from './modules/master-lpq/master-lpq.fixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const DEMO = {
  password: 'lateral-demo',
  attorney: { email: 'dana.whitfield@demo.lateralpassport.local', firstName: 'Dana', lastName: 'Whitfield' },
  firm: {
    email: 'recruiting@arden-vale.demo.lateralpassport.local',
    firmName: 'Arden & Vale LLP',
    contactPersonName: 'Morgan Lee',
  },
} as const;

function fail(lines: string[]): never {
  for (const line of lines) process.stderr.write(`${line}\n`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  loadDotEnv();
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) fail(err.problems);
  throw err;
}
if (config.env === 'production') fail(['npm run demo makes demo accounts: it does not run in production.']);

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({
    url: config.databaseUrl,
    poolMax: config.databasePoolMax,
    dataDir: path.join(config.dataDir, 'pglite'),
    lockDir: config.dataDir,
  });
} catch (err) {
  if (err instanceof DatabaseInUseError)
    fail([
      err.message,
      'Stop it (Ctrl-C in its terminal), then run npm run demo again: it starts the app itself.',
    ]);
  throw err;
}
await database.migrate();

// Verification mails are read here (their links followed below); every other mail goes to the mailbox.
const verificationMails = new Map<string, string>();
const mailbox = createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
const transport: MailTransport = {
  kind: mailbox.kind,
  async send(mail) {
    if (mail.kind === 'verify_email') verificationMails.set(mail.to, mail.text);
    else await mailbox.send(mail);
  },
  close: () => mailbox.close(),
};
const app = await buildApp({ config, db: database.db, mailTransport: transport, logger: false });
await app.ready();

type Answer = { status: number; json: () => Record<string, unknown> & { id?: string }; cookie?: string };
async function call(method: string, url: string, cookie?: string, payload?: unknown): Promise<Answer> {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: { ...(cookie ? { cookie } : {}), origin: config.publicUrl },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  const set = res.headers['set-cookie'];
  const first = Array.isArray(set) ? set[0] : set;
  return { status: res.statusCode, json: () => res.json(), cookie: first?.split(';')[0] };
}
async function must(what: string, answer: Promise<Answer>, ok = [200, 201, 202, 204]) {
  const res = await answer;
  if (!ok.includes(res.status)) fail([`Demo: ${what} failed (${res.status}).`]);
  return res;
}

/** Follows the verification link mailed to the address (the dispatcher sends it within a second or so). */
async function verify(email: string) {
  for (let i = 0; i < 100 && !verificationMails.has(email); i++) await new Promise((r) => setTimeout(r, 100));
  const token = verificationMails.get(email)?.match(/[?&]token=([^\s&]+)/)?.[1];
  if (!token) fail([`Demo: no verification mail reached ${email}.`]);
  await must(
    'verifying the address',
    call('POST', '/api/auth/verify-email', undefined, { token: decodeURIComponent(token) }),
  );
}

const signIn = (email: string) => call('POST', '/api/login', undefined, { email, password: DEMO.password });

let created = false;
if ((await signIn(DEMO.attorney.email)).status !== 200) {
  created = true;
  // The firm: account, profile and offices at once; its address verified so it may invite.
  const firm = await must(
    'registering the demo firm',
    call('POST', '/api/register/firm', undefined, {
      firmName: DEMO.firm.firmName,
      founded: 1987,
      headquartersAddress: '200 Park Avenue, New York, NY 10166',
      website: 'https://arden-vale.example.com',
      description:
        'A full-service firm of 240 lawyers, known for cross-border M&A, private equity and complex litigation.',
      totalAttorneys: 240,
      numberOfOffices: 3,
      totalStaff: 410,
      practiceAreas: ['Corporate', 'Litigation', 'M&A', 'Tax'],
      offices: [
        { city: 'New York', state: 'NY', numberOfAttorneys: 150 },
        { city: 'Boston', state: 'MA', numberOfAttorneys: 60 },
        { city: 'Chicago', state: 'IL', numberOfAttorneys: 30 },
      ],
      contactPersonName: DEMO.firm.contactPersonName,
      contactPersonTitle: 'Director of Lateral Recruiting',
      contactPhone: '+1 212 555 0148',
      email: DEMO.firm.email,
      password: DEMO.password,
      agreeToTerms: true,
    }),
  );
  await verify(DEMO.firm.email);
  await must(
    'completing the firm profile',
    call('PUT', '/api/firm/profile', firm.cookie, {
      firmName: DEMO.firm.firmName,
      founded: 1987,
      headquartersAddress: '200 Park Avenue, New York, NY 10166',
      website: 'https://arden-vale.example.com',
      description:
        'A full-service firm of 240 lawyers, known for cross-border M&A, private equity and complex litigation.',
      totalAttorneys: 240,
      numberOfOffices: 3,
      totalStaff: 410,
      practiceAreas: ['Corporate', 'Litigation', 'M&A', 'Tax'],
      offices: [
        { city: 'New York', state: 'NY', numberOfAttorneys: 150 },
        { city: 'Boston', state: 'MA', numberOfAttorneys: 60 },
        { city: 'Chicago', state: 'IL', numberOfAttorneys: 30 },
      ],
      partnershipTiers: 2,
      bonusStructure: 'hybrid',
      partnerCompensationMin: 900000,
      partnerCompensationMax: 2400000,
      partnershipRequirements: 'A portable book of $1.5M or more.',
      genderDiversityFemale: 41,
      genderDiversityMale: 59,
      ethnicDiversity: 24,
      contactPersonName: DEMO.firm.contactPersonName,
      contactPersonTitle: 'Director of Lateral Recruiting',
      contactPhone: '+1 212 555 0148',
      email: DEMO.firm.email,
    }),
  );

  // The attorney: account and profile, a complete Master LPQ and the forms beside it, onboarding done.
  const attorney = await must(
    'registering the demo attorney',
    call('POST', '/api/register/attorney', undefined, {
      ...DEMO.attorney,
      phone: '+1 617 555 0100',
      password: DEMO.password,
      currentFirm: 'Hale & Stone LLP',
      position: 'partner',
      yearsExperience: 14,
      lawSchool: 'Boston University School of Law',
      graduationYear: 2011,
      barAdmissions: 'Massachusetts\nNew York',
      practiceAreas: ['Corporate', 'M&A'],
    }),
  );
  await verify(DEMO.attorney.email);
  const lpq = completeMasterLpq();
  await must(
    'saving the master LPQ',
    call('POST', '/api/attorney/master-lpq', attorney.cookie, {
      ...lpq,
      generalInfo: {
        ...lpq.generalInfo,
        name: `${DEMO.attorney.firstName} ${DEMO.attorney.lastName}`,
        email: DEMO.attorney.email,
      },
      isComplete: true,
    }),
  );
  await must(
    'saving the conflicts form',
    call('PUT', '/api/attorney/conflicts-form', attorney.cookie, conflictsForm()),
  );
  await must(
    'saving the business plan',
    call('PUT', '/api/attorney/business-plan', attorney.cookie, businessPlan()),
  );
  await must('finishing onboarding', call('POST', '/api/attorney/onboarding/complete', attorney.cookie));

  // The firm's invitation, with two questions of its own.
  await must(
    'sending the invitation',
    call('POST', '/api/firm/lpq-requests', firm.cookie, {
      attorneyEmail: DEMO.attorney.email,
      positionTitle: 'Corporate Partner',
      practiceArea: 'Corporate',
      additionalMessage: 'We would be glad to hear from you before the partners’ meeting next month.',
      firmSpecificQuestions: {
        sections: [
          {
            title: 'About the move',
            questions: [
              { id: 'start', text: 'When could you start?', type: 'date', required: true },
              { id: 'team', text: 'Would any associates join you?', type: 'yesno', required: false },
            ],
          },
        ],
      },
    }),
  );
}
await app.close();
await database.close();

const url = config.publicUrl;
console.log(
  [
    '',
    created ? 'Demo accounts ready.' : 'The demo accounts already exist.',
    `  Attorney  ${DEMO.attorney.email}  /  ${DEMO.password}   (complete Master LPQ, invited by the firm)`,
    `  Firm      ${DEMO.firm.email}  /  ${DEMO.password}   (${DEMO.firm.firmName}, verified, with a profile)`,
    `  Sign in at ${url}/auth — use two browsers (or a private window) to be both at once.`,
    config.smtpUrl ? '' : `  Mail (the invitation, share notices) arrives at ${url}/dev/mail.`,
    '',
  ].join('\n'),
);

// Then the app, exactly as `npm start` runs it.
const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 1));
