/**
 * What the journeys share. Make the state a test needs through the API, not through earlier screens: each
 * screen is driven by the journey that tests it, and every other test starts where it begins. The factories:
 * registerByApi + verifyAddressByApi (an attorney), registerFirmByApi (a verified firm with a profile),
 * addFirmMemberByApi (an invited member who accepted), inviteByApi (an LPQ request), uploadPdfByApi, and
 * attorneyInvitedWithCompleteLpq (ready to share); pagesFor opens a browser page signed in as a request
 * context. Mail is read from the server's local mailbox (latestMail). Screenshots for a person to look at go
 * through shot() only: with SHOTS=1 into e2e-shots/<spec>/ (ignored by git), else not taken. No fixed sleeps:
 * wait for the state (expect, expect.poll, settle) or drive time with page.clock.
 */

import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import {
  businessPlan,
  completeMasterLpq,
  conflictsForm,
  diversityForm,
  invitedAttorneyFields,
} from '../server/modules/master-lpq/master-lpq.fixtures';
import { TOASTS } from '../shared/texts';

export const PASSWORD = 'journey-secret-1';

export function uniqueEmail(prefix: string) {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

type Mail = { to: string; subject: string; text: string; kind: string };

/** The newest locally kept mail to an address (the app runs without SMTP_URL), waiting for it. */
export async function latestMail(request: APIRequestContext, to: string, kind?: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/dev/mail?format=json');
      const mails = (await res.json()) as Mail[];
      found = mails.find((m) => m.to === to && (!kind || m.kind === kind));
      return !!found;
    })
    .toBe(true);
  return found!;
}

export function linkFrom(mail: Mail, pathname: string): string {
  const match = mail.text.match(new RegExp(`https?://\\S+${pathname}\\?token=\\S+`));
  if (!match) throw new Error(`no ${pathname} link in "${mail.subject}"`);
  return match[0];
}

/** Signs up through the /auth screen. */
export async function signUpThroughUi(
  page: Page,
  opts: { email: string; role: 'Attorney' | 'Law Firm'; firstName?: string },
) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await page.getByLabel('First Name').fill(opts.firstName ?? 'Jordan');
  await page.getByLabel('Last Name').fill('Avery');
  await page.getByLabel('Email').fill(opts.email);
  await page.getByRole('combobox', { name: 'I am a...' }).click();
  await page.getByRole('option', { name: opts.role }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Fills the sign-in form of the open /auth screen and presses Sign In. */
export async function signInThroughUi(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in through the API (faster than the screen), sharing cookies with the page. */
export async function signInByApi(page: Page, email: string, password = PASSWORD) {
  const res = await page.request.post('/api/login', { data: { email, password } });
  expect(res.status()).toBe(200);
}

export async function registerByApi(
  page: Page,
  opts: { email: string; userType: 'attorney' | 'firm'; firstName?: string },
) {
  const res = await page.request.post('/api/register', {
    data: {
      email: opts.email,
      password: PASSWORD,
      firstName: opts.firstName ?? 'Jordan',
      lastName: 'Avery',
      userType: opts.userType,
    },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

/** Verifies an address with the link of its newest verification mail (through the API, no page). */
export async function verifyAddressByApi(request: APIRequestContext, email: string) {
  const mail = await latestMail(request, email, 'verify_email');
  const token = new URL(linkFrom(mail, '/verify-email')).searchParams.get('token');
  const res = await request.post('/api/auth/verify-email', { data: { token } });
  expect(res.ok()).toBe(true);
}

/**
 * Registers a law firm (account, profile, one office) through the API; the request's cookies sign it in.
 * Its address is verified from the mail, as sending invitations needs (PRODUCT.md §6).
 */
export async function registerFirmByApi(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string | undefined) ?? uniqueEmail('firm');
  const res = await request.post('/api/register/firm', {
    data: {
      firmName: 'Arden & Vale LLP',
      headquartersAddress: '200 Park Avenue, New York, NY',
      offices: [{ city: 'New York', state: 'NY', numberOfAttorneys: 40 }],
      contactPersonName: 'Morgan Vale',
      contactPersonTitle: 'Recruiting Director',
      contactPhone: '+1 212 555 0199',
      password: PASSWORD,
      agreeToTerms: true,
      ...overrides,
      email,
    },
  });
  expect(res.status()).toBe(201);
  await verifyAddressByApi(request, email);
  return email;
}

/**
 * The signed-in firm admin (`admin`) invites a colleague with `roles` (PRODUCT.md §9), and the colleague
 * accepts from the mailed /join link with `member` (a request context of their own, signed in by accepting).
 */
export async function addFirmMemberByApi(
  admin: APIRequestContext,
  member: APIRequestContext,
  roles: string[],
  name: { firstName: string; lastName: string } = { firstName: 'Dana', lastName: 'Reed' },
) {
  const email = uniqueEmail(roles.join('-'));
  const invited = await admin.post('/api/firm/invitations', { data: { email, roles } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL(
    linkFrom(await latestMail(admin, email, 'member_invitation'), '/join'),
  ).searchParams.get('token');
  const accepted = await member.post('/api/auth/accept-invitation', {
    data: { token, ...name, password: PASSWORD },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { email, id: ((await accepted.json()) as { id: string }).id };
}

/**
 * The invited attorney registers through the mailed /register/attorney link (which verifies the address) as
 * Dana Whitfield, a senior partner at Hale & Stone LLP; `overrides` change or add registration fields.
 */
export async function registerInvitedAttorneyByApi(
  request: APIRequestContext,
  attorneyEmail: string,
  overrides: Record<string, unknown> = {},
) {
  const token = new URL(
    linkFrom(await latestMail(request, attorneyEmail), '/register/attorney'),
  ).searchParams.get('token');
  const signedUp = await request.post('/api/register/attorney', {
    data: {
      ...invitedAttorneyFields(),
      email: attorneyEmail,
      password: PASSWORD,
      ...overrides,
      invitationToken: token,
    },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
}

/** The signed-in firm invites an address to 'Corporate Partner' with one required question ('why'); returns the request id. */
export async function inviteByApi(
  request: APIRequestContext,
  attorneyEmail: string,
  overrides: Record<string, unknown> = {},
) {
  const res = await request.post('/api/firm/lpq-requests', {
    data: {
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
      ...overrides,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id as string;
}

/**
 * Answers every disclosure question on the master LPQ's Disclosures step: No, except the questions
 * matching `yes` (by part of their text), which are answered Yes.
 */
export async function answerDisclosures(page: Page, yes: (string | RegExp)[] = []) {
  const questions = page.getByRole('radiogroup');
  await expect(questions.first()).toBeVisible();
  const count = await questions.count();
  for (let i = 0; i < count; i++) await questions.nth(i).getByLabel('No', { exact: true }).check();
  for (const question of yes)
    await page.getByRole('radiogroup', { name: question }).getByLabel('Yes', { exact: true }).check();
}

/** Uploads a PDF through the API as the request's user (ticket, PUT, confirm); returns its objectPath. */
export async function uploadPdfByApi(request: APIRequestContext, filename: string, size = 2048) {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size, 'x')]);
  const ticket = await request.post('/api/objects/upload', {
    data: { filename, contentType: 'application/pdf', size: pdf.length },
  });
  expect(ticket.status()).toBe(200);
  const { uploadURL, objectPath } = (await ticket.json()) as { uploadURL: string; objectPath: string };
  const put = await request.put(uploadURL, { data: pdf, headers: { 'content-type': 'application/pdf' } });
  expect(put.status()).toBe(200);
  expect((await request.post(`/api/objects/${objectPath.split('/').pop()}/confirm`)).status()).toBe(200);
  return objectPath;
}

/** Chooses a file in the resume uploader of the open /attorney/profile, through its file input. */
export async function chooseResume(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page
    .getByTestId('resume-uploader')
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name, mimeType, buffer });
}

/**
 * After signing out or deleting the account: the app stays home, with no expired-session toast and no
 * detour to sign-in once its requests are answered (the signed-in page it leaves must not
 * see the missing user before the navigation home and take the session for expired).
 */
export async function expectQuietlyHome(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  // Every request the page made has been answered (none for 500 ms): a 401 among them would have shown the
  // toast at once and kept it on screen until the redirect, UI_TIMING.unauthorizedRedirectMs later.
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(TOASTS.unauthorized.title, { exact: true })).toHaveCount(0);
}

/**
 * Whether a text ever appears on the page, across navigations, checked on every DOM change. The spec's
 * unauthorised toast is on screen for 500 ms before a full-page redirect to sign-in, which can fall
 * between two of expect's polls on a loaded machine (CI's two workers missed it once). Call it before
 * the page's first navigation; await the returned check.
 */
export async function watchForText(page: Page, text: string) {
  let seen = false;
  await page.exposeBinding('__lpSawText', () => {
    seen = true;
  });
  await page.addInitScript((wanted) => {
    const report = (window as unknown as { __lpSawText: () => void }).__lpSawText;
    const observer = new MutationObserver(() => {
      if (!document.body?.textContent?.includes(wanted)) return;
      observer.disconnect();
      report();
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  }, text);
  return () => expect.poll(() => seen, { message: `"${text}" was never shown`, timeout: 15_000 }).toBe(true);
}

/**
 * PRODUCT.md §11: the share and update dialogs ask the attorney to certify the package by typing their
 * full name (the account's name, case and spacing aside).
 */
export async function certifyInDialog(dialog: Locator, fullName: string) {
  await dialog.getByLabel('Your full name').fill(fullName);
}

/** The WCAG 2.1 A and AA rules the journeys hold every screen to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits for the page to settle: two frames (so a transition just triggered, by a click or a resize, has
 * started), then the end of its finite CSS transitions and animations, such as a modal opening or a toast
 * fading (at most 2 s). Before axe reads colours, a screenshot, or a measure of the layout.
 */
export async function settle(page: Page) {
  await page.evaluate(async () => {
    // A page in the background gets no frames: then 100 ms instead.
    const frames = new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.race([frames, new Promise((resolve) => setTimeout(resolve, 100))]);
    await Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}

/** Screenshots only with SHOTS=1, into one folder ignored by git: e2e-shots/<spec file>/<name>.png. */
export const SHOTS_DIR = 'e2e-shots';
export const shotsWanted = process.env.SHOTS === '1';

/** The path of a file to keep for a person to look at (a screenshot, a PDF's page), or undefined without SHOTS=1. */
export function shotPath(name: string): string | undefined {
  if (!shotsWanted) return undefined;
  const dir = path.join(SHOTS_DIR, path.basename(test.info().file, '.spec.ts'));
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

/**
 * A screenshot of the page (full page unless `fullPage: false`; `clip` for a part of it) or of one element,
 * with SHOTS=1 only.
 */
export async function shot(
  target: Page | Locator,
  name: string,
  opts: { fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } } = {},
) {
  const file = shotPath(`${name}.png`);
  if (!file) return;
  if ('goto' in target)
    await target.screenshot({ path: file, fullPage: opts.fullPage ?? true, clip: opts.clip });
  else await target.screenshot({ path: file });
}

/**
 * At 1280 and then 390 px wide (`height` tall): `each(width)` (axe, a measure of the layout, a settle), then
 * a screenshot `<name>-<width>` (SHOTS=1 only); back at 1280 × 800 after.
 */
export async function atEachWidth(
  page: Page,
  name: string,
  each: (width: number) => Promise<unknown> = async () => undefined,
  height = 900,
) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height });
    await each(width);
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Once nothing is loading: no serious or critical axe finding (a soft check) and a screenshot, at each width. */
export async function checkAtEachWidth(page: Page, name: string, height = 900) {
  await expect(page.locator('[aria-label^="Loading"]')).toHaveCount(0);
  await atEachWidth(
    page,
    name,
    async (width) => expect.soft(await seriousAxeFindings(page), `axe on ${name} at ${width} px`).toEqual([]),
    height,
  );
}

type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * Axe's violations on the page as it is now (WCAG_TAGS' rules, or every rule with 'all'), each with only
 * the elements found in two reads, each after the page settled: a toast that starts to fade out while axe
 * reads its colours is read at part opacity once, a real contrast or naming fault is read twice.
 */
export async function axeViolations(page: Page, tags: string[] | 'all' = WCAG_TAGS): Promise<AxeViolation[]> {
  const read = async () => {
    await settle(page);
    // Legacy mode: axe.run in the page (same-origin frames included; the app has no others). The default
    // runs axe per frame and then opens a new blank page, a renderer process of its own, to merge the
    // results: about 1 s more per read on the two-core CI machine, for the same violations, passes and
    // incomplete results (compared on the sign-in page and the master LPQ, WCAG tags and every rule).
    const builder = new AxeBuilder({ page }).setLegacyMode();
    return (await (tags === 'all' ? builder : builder.withTags(tags)).analyze()).violations;
  };
  const first = await read();
  if (first.length === 0) return first;
  const key = (v: AxeViolation, html: string) => `${v.id} ${html}`;
  const again = new Set((await read()).flatMap((v) => v.nodes.map((n) => key(v, n.html))));
  return first
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => again.has(key(v, n.html))) }))
    .filter((v) => v.nodes.length > 0);
}

/** Axe's serious and critical findings on the page as it is now (axeViolations), each with the markup it found. */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.html.slice(0, 140)).join(' | ')}`);
}

/** The parts of an attorney's package, each saved through its own route. */
export type AttorneyParts = {
  profile?: object;
  masterLpq?: object;
  conflicts?: object;
  diversity?: object;
  businessPlan?: object;
};
const PART_ROUTES = {
  profile: ['post', '/api/attorney/profile'],
  masterLpq: ['post', '/api/attorney/master-lpq'],
  conflicts: ['put', '/api/attorney/conflicts-form'],
  diversity: ['put', '/api/attorney/diversity-form'],
  businessPlan: ['put', '/api/attorney/business-plan'],
} as const;

/** The complete master LPQ of the fixtures, marked complete (a resume or other changes in `overrides`). */
export const completeLpq = (overrides: Record<string, unknown> = {}) => ({
  ...completeMasterLpq(),
  isComplete: true,
  ...overrides,
});

/** Saves `parts` of the signed-in attorney's package through the API, in the order given, each answered OK. */
export async function saveAttorneyPartsByApi(attorney: APIRequestContext, parts: AttorneyParts) {
  for (const [part, data] of Object.entries(parts)) {
    const [method, route] = PART_ROUTES[part as keyof AttorneyParts];
    const res = await attorney[method](route, { data });
    expect(res.ok(), `${route}: ${await res.text()}`).toBe(true);
  }
}

/**
 * An attorney (`firstName`, else Jordan, Avery) signed in on `page` with a verified address, and `parts` of
 * the package saved through the API; returns the address.
 */
export async function verifiedAttorneyByApi(
  page: Page,
  tag: string,
  parts: AttorneyParts = {},
  firstName?: string,
) {
  const email = uniqueEmail(tag);
  await registerByApi(page, { email, userType: 'attorney', firstName });
  await verifyAddressByApi(page.request, email);
  await saveAttorneyPartsByApi(page.request, parts);
  return email;
}

/** The firm's page and the attorney's, each in a browser context of its own (close each page's context). */
export async function firmAndAttorneyPages(browser: Browser) {
  const firm = await (await browser.newContext()).newPage();
  const attorney = await (await browser.newContext()).newPage();
  return { firm, attorney };
}

/**
 * An attorney signed in on `page` with a verified address and a complete master LPQ, invited by a new firm
 * (Arden & Vale LLP) signed in on a context of its own: ready to share. Close `firm` at the end.
 */
export async function attorneyInvitedWithCompleteLpq(page: Page, browser: Browser, tag: string) {
  const email = await verifiedAttorneyByApi(page, tag, { masterLpq: completeLpq() });
  const firm = await browser.newContext();
  await registerFirmByApi(firm.request);
  const requestId = await inviteByApi(firm.request, email);
  return { email, firm, requestId };
}

/**
 * PRODUCT.md §13 on the conflicts view: answers one row (named after its party and role, e.g.
 * 'Acme Corp (Client)') with a status and an optional note to the attorney.
 */
export async function answerConflictsRow(page: Page, label: string, status: string, note?: string) {
  await page.getByLabel(`Answer for ${label}`, { exact: true }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
  if (note !== undefined)
    await page.getByLabel(`Note to the attorney for ${label}`, { exact: true }).fill(note);
  await conflictsRow(page, label).getByRole('button', { name: 'Save' }).click();
}

/** One row of the conflicts view, by its party and role. */
export const conflictsRow = (page: Page, label: string) => page.locator(`li[aria-label="${label}"]`);

/** Every row of the conflicts view answered with `status`, one after the other. */
export async function answerEveryConflictsRow(page: Page, status: string) {
  const labels = await page
    .locator('li[aria-label]')
    .evaluateAll((items) => items.map((li) => li.getAttribute('aria-label') ?? ''));
  for (const label of labels) {
    await answerConflictsRow(page, label, status);
    await expect(conflictsRow(page, label).getByText('Answered by')).toBeVisible();
  }
}

/**
 * The signed-in attorney's profile (a partner at Hale & Stone LLP), master LPQ (complete, no resume),
 * conflicts, diversity and business plan forms, each saved through the API; `overrides` replace parts.
 */
export async function fillEveryAttorneyFormByApi(attorney: APIRequestContext, overrides: AttorneyParts = {}) {
  const { resumeUrl: _, ...masterLpq } = completeMasterLpq();
  await saveAttorneyPartsByApi(attorney, {
    profile: {
      phone: '+1 617 555 0100',
      currentFirm: 'Hale & Stone LLP',
      position: 'partner',
      practiceAreas: ['Corporate'],
    },
    masterLpq,
    conflicts: conflictsForm(),
    diversity: diversityForm(),
    businessPlan: businessPlan(),
    ...overrides,
  });
}
