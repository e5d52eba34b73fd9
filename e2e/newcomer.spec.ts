import { mkdirSync, readFileSync } from 'node:fs';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { completeMasterLpq, conflictsForm } from '../server/modules/master-lpq/master-lpq.fixtures';
import { TOASTS } from '../shared/texts';
import {
  certifyInDialog,
  inviteByApi,
  latestMail,
  linkFrom,
  PASSWORD,
  registerByApi,
  registerFirmByApi,
  seriousAxeFindings,
  uniqueEmail,
  uploadPdfByApi,
} from './helpers';

/**
 * What a newcomer to the product meets, one journey per behaviour. Every
 * state a journey passes through is looked at (a screenshot under SHOTS) and checked by axe at 1280 and
 * at 390 px, toasts and dialogs open.
 */
const SHOTS = process.env.SHOTS ?? '/tmp/newcomer-shots';
mkdirSync(SHOTS, { recursive: true });
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function axe(page: Page, state: string) {
  await expect(page.locator('[aria-label^="Loading"]')).toHaveCount(0);
  const blocking = await seriousAxeFindings(page);
  expect.soft(blocking, `serious or critical axe findings on ${state}`).toEqual([]);
}

/**
 * The state on screen, at 1280 and at 390 px: a screenshot of each and axe on each; nothing scrolls
 * sideways on the phone. A toast on screen is held (hovered) so that it is part of both looks.
 */
async function look(page: Page, state: string) {
  const name = state.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  const toast = page.locator('.mantine-Notification-root');
  const hold = async () => {
    if (await toast.count())
      await toast
        .first()
        .hover({ timeout: 2000 })
        .catch(() => undefined);
  };
  const original = page.viewportSize() ?? WIDE;
  for (const [size, label] of [
    [WIDE, '1280'],
    [PHONE, '390'],
  ] as const) {
    await page.setViewportSize(size);
    await hold();
    await page.waitForTimeout(350);
    await page.screenshot({
      path: `${SHOTS}/${name}-${label}.png`,
      fullPage: !(await page.getByRole('dialog').count()),
    });
    await axe(page, `${state} at ${label} px`);
    if (label === '390') {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect.soft(overflow, `${state}: nothing scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
    }
  }
  await page.setViewportSize(original);
}

/** Records whether a text ever shows on the page (toasts come and go between polls). */
async function watch(page: Page, texts: string[]) {
  const seen = new Set<string>();
  await page.exposeBinding('__newcomerSaw', (_source, text: string) => {
    seen.add(text);
  });
  await page.addInitScript((wanted) => {
    const report = (window as unknown as { __newcomerSaw: (t: string) => void }).__newcomerSaw;
    const observer = new MutationObserver(() => {
      const body = document.body?.textContent ?? '';
      for (const text of wanted) if (body.includes(text)) report(text);
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  }, texts);
  return (text: string) => seen.has(text);
}

type World = {
  firm: Page;
  attorney: Page;
  attorneyEmail: string;
  requestId: string;
  close: () => Promise<void>;
};

/**
 * A verified firm (Arden & Vale LLP) invites an address; the attorney registers through the mailed link
 * (verified), uploads a resume and saves a complete Master LPQ, a conflicts form and a business plan.
 */
async function world(browser: Browser, opts: { firmName?: string; share?: boolean } = {}): Promise<World> {
  const firmContext = await browser.newContext({ viewport: WIDE });
  const attorneyContext = await browser.newContext({ viewport: WIDE });
  const firm = await firmContext.newPage();
  const attorney = await attorneyContext.newPage();
  const attorneyEmail = uniqueEmail('newcomer');
  await registerFirmByApi(firm.request, { firmName: opts.firmName ?? 'Arden & Vale LLP' });
  const requestId = await inviteByApi(firm.request, attorneyEmail);
  await attorneyFromInvitation(attorney.request, attorneyEmail);
  if (opts.share) {
    const shared = await attorney.request.post(`/api/attorney/lpq-requests/${requestId}/share`);
    expect(shared.status(), await shared.text()).toBe(200);
  }
  return {
    firm,
    attorney,
    attorneyEmail,
    requestId,
    close: async () => {
      await firmContext.close();
      await attorneyContext.close();
    },
  };
}

async function attorneyFromInvitation(request: APIRequestContext, attorneyEmail: string) {
  const token = new URL(
    linkFrom(await latestMail(request, attorneyEmail), '/register/attorney'),
  ).searchParams.get('token');
  const signedUp = await request.post('/api/register/attorney', {
    data: {
      firstName: 'Dana',
      lastName: 'Whitfield',
      email: attorneyEmail,
      phone: '+1 617 555 0100',
      password: PASSWORD,
      currentFirm: 'Hale & Stone LLP',
      position: 'partner',
      yearsExperience: 14,
      barAdmissions: 'Massachusetts\nNew York',
      practiceAreas: ['Corporate', 'M&A'],
      invitationToken: token,
    },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  const resume = await uploadPdfByApi(request, 'Dana Whitfield resume.pdf', 20_000);
  expect((await request.put('/api/attorney/resume', { data: { resumeURL: resume } })).ok()).toBe(true);
  const lpq = await request.post('/api/attorney/master-lpq', {
    data: { ...completeMasterLpq({ resumeUrl: resume }), isComplete: true },
  });
  expect(lpq.ok(), await lpq.text()).toBe(true);
  expect((await request.put('/api/attorney/conflicts-form', { data: conflictsForm() })).ok()).toBe(true);
  const { businessPlan } = await import('../server/modules/master-lpq/master-lpq.fixtures');
  expect((await request.put('/api/attorney/business-plan', { data: businessPlan() })).ok()).toBe(true);
}

const card = (page: Page, firmName = 'Arden & Vale LLP') =>
  page.getByRole('article', { name: new RegExp(firmName) });
const count = (page: Page, label: string) => page.getByRole('group', { name: new RegExp(`^${label}: `) });

test.describe.configure({ timeout: 240_000 });

test('submitting the position LPQ is an event of its own; counters and badges read as the spec says', async ({
  browser,
}) => {
  const w = await world(browser);
  // A second firm invites the same attorney: shared with two firms.
  const other = await browser.newContext();
  const otherFirm = other.request;
  await registerFirmByApi(otherFirm, { firmName: 'Baxter Lowe LLP' });
  const second = await inviteByApi(otherFirm, w.attorneyEmail);
  expect((await w.attorney.request.post(`/api/attorney/lpq-requests/${second}/share`)).ok()).toBe(true);

  const { attorney, firm } = w;
  await attorney.goto('/attorney/lpq-requests');
  await card(attorney).getByRole('button', { name: 'Share LPQ' }).click();
  const dialog = attorney.getByRole('dialog', { name: 'Share LPQ Package' });
  await certifyInDialog(dialog, 'Dana Whitfield');
  await dialog.getByRole('button', { name: 'Share LPQ' }).click();
  await expect(attorney.getByText('LPQ Shared Successfully')).toBeVisible();

  // The position LPQ, submitted.
  await card(attorney).getByRole('link', { name: 'Complete Position LPQ' }).click();
  await attorney.getByRole('button', { name: /^5\. Firm-Specific Questions/ }).click();
  await attorney.getByLabel('Why our firm?').fill('Your cross-border platform.');
  await attorney.getByRole('button', { name: 'Submit LPQ' }).click();
  await expect(attorney.getByText('LPQ Completed')).toBeVisible();

  await attorney.goto('/attorney/lpq-requests');
  await expect(count(attorney, 'Shared')).toHaveAccessibleName('Shared: 2');
  await expect(count(attorney, 'Under Review')).toHaveAccessibleName('Under Review: 0');
  const mine = card(attorney);
  await expect(mine.getByText('Documents Shared', { exact: true })).toBeVisible();
  await expect(mine.getByText(/^Position LPQ submitted [A-Z][a-z]{2} \d{2}, \d{4}$/)).toBeVisible();
  await expect(mine.getByRole('link', { name: 'View Position LPQ' })).toBeVisible();
  await look(attorney, '1 attorney requests after submitting');

  // The firm: its own event, and nobody marked it Under Review.
  await firm.goto(`/firm/requests/${w.requestId}`);
  await expect(firm.getByText('Position LPQ submitted', { exact: true })).toBeVisible();
  await expect(firm.getByText('Marked Under Review')).toHaveCount(0);
  await look(firm, '1 firm request after the submission');

  // Under Review is the firm's own action; the attorney's counters follow it.
  await firm.getByRole('button', { name: 'Mark Under Review' }).click();
  await firm
    .getByRole('dialog', { name: 'Mark Under Review' })
    .getByRole('button', { name: 'Mark Under Review' })
    .click();
  // The toast, beside the same words in the request's history.
  await expect(firm.getByText('Marked Under Review').first()).toBeVisible();
  await attorney.reload();
  await expect(count(attorney, 'Shared')).toHaveAccessibleName('Shared: 1');
  await expect(count(attorney, 'Under Review')).toHaveAccessibleName('Under Review: 1');
  await expect(card(attorney).getByText('Under Review', { exact: true })).toBeVisible();
  await other.close();
  await w.close();
});

test('a pending request lists what the share dialog would send: no diversity form unless ticked', async ({
  browser,
}) => {
  const w = await world(browser);
  const { attorney } = w;
  await attorney.goto('/attorney/lpq-requests');
  const pending = card(attorney);
  await expect(pending.getByText('If you share, Arden & Vale LLP receives')).toBeVisible();
  const listed = pending.getByRole('listitem');
  await expect(listed).toHaveText(['Profile', 'Master LPQ', 'Conflicts form', 'Business plan', 'Documents']);
  await expect(pending.getByText('Diversity Form', { exact: true })).toHaveCount(0);
  await look(attorney, '2 pending request card');
  // The share dialog ticks the same parts.
  await pending.getByRole('button', { name: 'Share LPQ' }).click();
  const dialog = attorney.getByRole('dialog', { name: 'Share LPQ Package' });
  for (const part of ['Conflicts form', 'Business plan', 'Documents'])
    await expect(dialog.getByRole('checkbox', { name: part })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Diversity self-identification' })).not.toBeChecked();
  await look(attorney, '2 share dialog');
  await w.close();
});

test('what changed reads one line per value; the attorney is told and sends the update from there', async ({
  browser,
}) => {
  const w = await world(browser, { share: true });
  const { attorney, firm } = w;
  const lpq = completeMasterLpq();
  const changed = await attorney.request.post('/api/attorney/master-lpq', {
    data: {
      ...lpq,
      resumeUrl: undefined,
      financialInfo: {
        ...lpq.financialInfo,
        currentYear: { ...lpq.financialInfo?.currentYear, billableHours: 1720 },
      },
      isComplete: true,
    },
  });
  expect(changed.ok()).toBe(true);

  await attorney.goto('/attorney/lpq-requests');
  const notice = card(attorney)
    .getByRole('alert')
    .filter({ hasText: 'Your answers changed since you sent version 1' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'See what changed (1)' }).click();
  await expect(notice.getByRole('listitem')).toHaveText([
    /^Billable Hours · Current Year:\s*changed from 1,800\s*→\s*to 1,720$/,
  ]);
  await look(attorney, '3 attorney told the master LPQ changed');

  await notice.getByRole('button', { name: 'Send these changes' }).click();
  const dialog = attorney.getByRole('dialog', { name: 'Send Update' });
  await certifyInDialog(dialog, 'Dana Whitfield');
  await dialog.getByRole('button', { name: 'Send Update' }).click();
  await expect(attorney.getByText('Update Sent')).toBeVisible();
  await expect(notice).toHaveCount(0);
  await look(attorney, '3 update sent toast');

  await firm.goto(`/firm/requests/${w.requestId}`);
  await firm.getByRole('button', { name: 'What changed', exact: true }).click();
  const changes = firm.getByRole('dialog', { name: 'What changed' });
  await expect(changes.getByText('1 change from version 1')).toBeVisible();
  const line = changes.getByRole('listitem');
  await expect(line).toHaveCount(1);
  await expect(line.getByText('Billable Hours · Current Year:')).toBeVisible();
  await expect(line.locator('del')).toHaveText('1,800');
  await expect(line.locator('ins')).toHaveText('1,720');
  await expect(changes.getByText(/^: /)).toHaveCount(0);
  await look(firm, '3 firm what changed');
  await w.close();
});

test('a session that ends mid-form: the spec toast, then the same step with the input', async ({
  browser,
}) => {
  const w = await world(browser);
  const { attorney } = w;
  const saw = await watch(attorney, [
    TOASTS.unauthorized.message,
    TOASTS.masterLpqFailed.message,
    'Submission Failed',
  ]);

  await attorney.goto('/attorney/master-lpq');
  await attorney.getByRole('button', { name: /^4\. Client Information/ }).click();
  await expect(attorney.getByText('Step 4 of 7')).toBeVisible();
  await attorney.getByLabel('Client Portability').fill('Most of my book follows me.');
  // The session ends (signed out elsewhere; an expired session answers the same 401).
  expect((await attorney.request.post('/api/logout')).ok()).toBe(true);
  await attorney.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => saw(TOASTS.unauthorized.message)).toBe(true);
  await expect(attorney).toHaveURL(/\/auth$/);
  expect(saw(TOASTS.masterLpqFailed.message)).toBe(false);
  await look(attorney, '4 sign in after the session ended');

  await attorney.getByLabel('Email').fill(w.attorneyEmail);
  await attorney.getByLabel('Password').fill(PASSWORD);
  await attorney.getByRole('button', { name: 'Sign In' }).click();
  await expect(attorney).toHaveURL(/\/attorney\/master-lpq$/);
  await expect(attorney.getByText('Step 4 of 7')).toBeVisible();
  await expect(attorney.getByLabel('Client Portability')).toHaveValue('Most of my book follows me.');
  await look(attorney, '4 master LPQ back at step 4');

  // The conflicts form's submit: no 'Submission Failed' for an ended session either.
  await attorney.goto('/attorney/conflicts-form');
  await expect(attorney.getByLabel('Attorney Name')).not.toHaveValue('');
  expect((await attorney.request.post('/api/logout')).ok()).toBe(true);
  await attorney.getByRole('button', { name: 'Submit Conflicts Form' }).click();
  await expect(attorney).toHaveURL(/\/auth$/);
  expect(saw('Submission Failed')).toBe(false);
  await w.close();
});

test('a resume uploaded from the profile replaces the one before it: the firm sees one', async ({
  browser,
}) => {
  const w = await world(browser);
  const { attorney, firm } = w;
  const pdf = (text: string) =>
    Buffer.concat([Buffer.from(`%PDF-1.7\n% ${text}\n`), Buffer.alloc(30_000, 'r')]);
  // The master LPQ's resume (its Documents step)…
  await attorney.goto('/attorney/master-lpq');
  await attorney.getByRole('button', { name: /^7\. Documents/ }).click();
  await attorney
    .getByTestId('resume-uploader')
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'Dana CV 2026.pdf', mimeType: 'application/pdf', buffer: pdf('2026') });
  await expect(attorney.getByText('Resume Uploaded')).toBeVisible();
  await attorney.getByRole('button', { name: 'Save Template' }).click();
  await expect(attorney).toHaveURL(/\/attorney\/dashboard$/);
  // …then a new one from the profile.
  await attorney.goto('/attorney/profile');
  await attorney
    .getByTestId('resume-uploader')
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'Dana CV 2027.pdf', mimeType: 'application/pdf', buffer: pdf('2027') });
  await expect(attorney.getByText('Resume Uploaded')).toBeVisible();
  await expect(attorney.getByRole('link', { name: 'Dana CV 2027.pdf' })).toBeVisible();
  await look(attorney, '5 profile with the new resume');
  await attorney.goto('/attorney/master-lpq');
  await attorney.getByRole('button', { name: /^7\. Documents/ }).click();
  await expect(attorney.getByRole('link', { name: 'Dana CV 2027.pdf' })).toBeVisible();
  await expect(attorney.getByRole('link', { name: 'Dana CV 2026.pdf' })).toHaveCount(0);

  expect((await attorney.request.post(`/api/attorney/lpq-requests/${w.requestId}/share`)).ok()).toBe(true);
  await firm.goto(`/firm/requests/${w.requestId}`);
  await firm.getByRole('tab', { name: 'Documents' }).click();
  const documents = firm.getByRole('tabpanel', { name: 'Documents' });
  await expect(documents.getByRole('link', { name: /Dana CV 2027\.pdf/ })).toBeVisible();
  await expect(documents.getByRole('link', { name: /Dana CV 2026\.pdf/ })).toHaveCount(0);
  await expect(documents.getByRole('link', { name: /Dana Whitfield resume\.pdf/ })).toHaveCount(0);
  await look(firm, '5 firm documents tab');
  await w.close();
});

test('the hiring partner reads the answers to the firm’s own questions in the summary', async ({
  browser,
}) => {
  const w = await world(browser, { share: true });
  const { attorney, firm } = w;
  const items = await (await attorney.request.get('/api/attorney/lpq-requests')).json();
  const lpqId = items.find((i: { id: string }) => i.id === w.requestId).lpqId;
  const saved = await attorney.request.put(`/api/lpqs/${lpqId}`, {
    data: { formData: { name: 'Dana Whitfield' }, firmAnswers: { why: 'Your cross-border platform.' } },
  });
  expect(saved.ok()).toBe(true);
  await firm.goto(`/firm/requests/${w.requestId}`);
  const answers = firm.getByRole('table', { name: 'Firm-Specific Questions' });
  await expect(
    answers.getByRole('row', { name: /Why our firm\? Your cross-border platform\./ }),
  ).toBeVisible();
  await look(firm, '6 firm summary with the answers');
  await w.close();
});

test('onboarding says what is missing by one rule, not "You are all set"', async ({ page }) => {
  await registerByApi(page, { email: uniqueEmail('onboarding'), userType: 'attorney', firstName: 'Robin' });
  await page.setViewportSize(WIDE);
  await page.goto('/attorney/onboarding?step=6');
  await expect(page.getByText('Step 6 of 6')).toBeVisible();
  await expect(page.getByText(/You are all set/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Almost there, Robin' })).toBeVisible();
  const missing = page.getByRole('region', { name: 'What is missing' });
  for (const label of [
    'Personal Summary',
    'Current Employment Type',
    'Client Information and Portability',
    'Resume',
  ])
    await expect(missing.getByRole('button', { name: label })).toBeVisible();
  await expect(page.getByRole('button', { name: '3. Master LPQ Creation, incomplete' })).toBeVisible();
  await look(page, '7 onboarding end with what is missing');
  await missing.getByRole('button', { name: 'Personal Summary' }).click();
  await expect(page.getByText('Step 3 of 6')).toBeVisible();
  await expect(page.getByLabel('Personal Summary')).toBeFocused();
  await page.goto('/attorney/onboarding?step=5');
  await expect(page.getByRole('region', { name: 'What is missing' })).toBeVisible();
  await look(page, '7 onboarding review with what is missing');
});

test('the attorney reads the inviting firm’s profile from the request', async ({ browser }) => {
  const w = await world(browser);
  const { attorney } = w;
  await attorney.goto('/attorney/lpq-requests');
  await card(attorney).getByRole('button', { name: 'About Arden & Vale LLP' }).click();
  const dialog = attorney.getByRole('dialog', { name: 'Arden & Vale LLP' });
  await expect(dialog.getByText('200 Park Avenue, New York, NY')).toBeVisible();
  await expect(dialog.getByText('New York, NY · 40 attorneys')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Contact Information' })).toContainText(
    'Morgan Vale, Recruiting Director',
  );
  await look(attorney, '8 firm profile dialog');
  await w.close();
});

test('the access log says what was viewed, downloaded and exported, with counts, and opens into each read', async ({
  browser,
}) => {
  const w = await world(browser, { share: true });
  const { attorney, firm } = w;
  const detail = `/api/firm/lpq-requests/${w.requestId}`;
  for (let i = 0; i < 3; i++) expect((await firm.request.get(detail)).ok()).toBe(true);
  const pkg = (await (await firm.request.get(detail)).json()).package;
  const resume = pkg.documents.find((d: { name: string }) => d.name === 'Dana Whitfield resume.pdf');
  for (let i = 0; i < 2; i++) expect((await firm.request.get(resume.url)).ok()).toBe(true);
  expect((await firm.request.get(`${detail}/package.pdf`)).ok()).toBe(true);

  await attorney.goto('/attorney/access-log');
  const entry = attorney.getByRole('list', { name: 'Access log' }).getByRole('listitem').first();
  const read = entry.getByRole('list', { name: 'What was read' });
  await expect(read.getByRole('listitem')).toHaveText([
    /^Viewed Shared package\s*4 times$/,
    /^Downloaded Dana Whitfield resume\.pdf\s*twice$/,
    /^Exported Package PDF$/,
  ]);
  await entry.getByRole('button', { name: 'Show each of the 7 reads' }).click();
  await expect(entry.getByRole('list', { name: 'Each read' }).getByRole('listitem')).toHaveCount(7);
  await look(attorney, '9 access log with each read');
  await w.close();
});

test('errors a user must act on stay on the page, beside what caused them', async ({ browser }) => {
  const context = await browser.newContext({ viewport: WIDE });
  const page = await context.newPage();
  const email = uniqueEmail('wrong-password');
  await registerByApi(page, { email, userType: 'attorney' });
  await page.request.post('/api/logout');
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const refusal = page.locator('form').getByRole('alert').filter({ hasText: 'Invalid email or password' });
  await expect(refusal).toBeVisible();
  await look(page, '10 wrong password with its toast');
  // The toast goes after 5 seconds; the message stays, under the password.
  await page.waitForTimeout(6000);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await expect(refusal).toBeVisible();
  await look(page, '10 wrong password after the toast');

  // A firm whose address is not verified yet: the invite page says so before anything is typed.
  const firmEmail = uniqueEmail('unverified-firm');
  const registered = await page.request.post('/api/register/firm', {
    data: {
      firmName: 'Harrow & Finch LLP',
      headquartersAddress: '10 Hudson Yards, New York, NY',
      offices: [{ city: 'New York', state: 'NY', numberOfAttorneys: 12 }],
      contactPersonName: 'Avery Finch',
      contactPhone: '+1 212 555 0142',
      email: firmEmail,
      password: PASSWORD,
      agreeToTerms: true,
    },
  });
  expect(registered.status()).toBe(201);
  await page.goto('/firm/requests/new');
  await expect(page.getByRole('heading', { name: 'Send LPQ Invitation' })).toBeVisible();
  await expect(page.getByText('Please verify your email address')).toBeVisible();
  await expect(page.getByText('You can send invitations to attorneys once it is verified.')).toBeVisible();
  await look(page, '10 invite page before verifying');
  await page.getByLabel('Attorney Email').fill(uniqueEmail('invitee'));
  await page.getByLabel('Position Title').fill('Corporate Partner');
  await page.getByRole('combobox', { name: 'Practice Area' }).click();
  await page.getByRole('option', { name: 'Corporate', exact: true }).click();
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  const notSent = page.getByRole('alert', { name: 'The invitation was not sent' });
  await expect(notSent).toContainText('Verify your email address before sending invitations.');
  await expect(notSent).toBeVisible();
  await page.waitForTimeout(6000);
  await expect(notSent).toBeVisible();
  await look(page, '10 invitation refused beside Send');
  await context.close();
});

test('toasts and dialogs: the close button has a name, the message reads at 4.5:1', async ({ browser }) => {
  const w = await world(browser, { share: true });
  const { attorney } = w;
  await attorney.goto('/attorney/profile');
  await attorney.getByRole('button', { name: 'Save Profile' }).click();
  await expect(attorney.getByText('Profile Updated')).toBeVisible();
  await expect(attorney.getByRole('button', { name: 'Close notification' })).toBeVisible();
  await look(attorney, '11 profile saved toast');

  await attorney.goto('/attorney/lpq-requests');
  await card(attorney).getByRole('button', { name: 'Revoke access' }).click();
  await expect(attorney.getByRole('dialog', { name: 'Revoke Access' })).toBeVisible();
  await look(attorney, '11 revoke dialog');
  await attorney.keyboard.press('Escape');
  await card(attorney).getByRole('button', { name: 'Send update' }).click();
  const update = attorney.getByRole('dialog', { name: 'Send Update' });
  await update.getByRole('button', { name: /^Preview what/ }).click();
  const preview = attorney.getByRole('dialog', { name: 'What Arden & Vale LLP will see' });
  await expect(preview.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await look(attorney, '11 preview dialog');
  await w.close();
});

test('polish: tables, links, labels, words, money, disclosures, kept input, the quick start', async ({
  browser,
}) => {
  const w = await world(browser, { share: true });
  const { attorney, firm } = w;
  // A table never loses columns: the summary's clients table fits the review screen and the preview.
  const fits = async (where: Page | Locator, name: string) => {
    const region = where.getByRole('region', { name: `${name} (table)` }).first();
    await expect(region).toBeVisible();
    return region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  };
  await firm.goto(`/firm/requests/${w.requestId}`);
  expect(await fits(firm, 'Top Clients')).toBe(true);
  await look(firm, '12 firm summary');
  // The PDF names each document as a link.
  const pdf = await firm.request.get(`/api/firm/lpq-requests/${w.requestId}/package.pdf`);
  expect(pdf.ok()).toBe(true);
  expect((await pdf.body()).toString('latin1')).toMatch(
    /\/URI \(http:\/\/localhost:\d+\/objects\/[0-9a-f-]+\?inline=1\)/,
  );

  await attorney.goto('/attorney/lpq-requests');
  const shared = card(attorney);
  await expect(shared.getByRole('link', { name: 'Complete Position LPQ' })).toHaveAttribute(
    'data-variant',
    'filled',
  );
  await expect(shared.getByRole('button', { name: 'Revoke access' })).not.toHaveAttribute(
    'data-variant',
    'filled',
  );
  await shared.getByRole('button', { name: 'Send update' }).click();
  await attorney
    .getByRole('dialog', { name: 'Send Update' })
    .getByRole('button', { name: /^Preview what/ })
    .click();
  expect(
    await fits(attorney.getByRole('dialog', { name: 'What Arden & Vale LLP will see' }), 'Top Clients'),
  ).toBe(true);
  await attorney.keyboard.press('Escape');

  // The dashboard marks the saved forms complete.
  await attorney.goto('/attorney/dashboard');
  const conflicts = attorney.getByRole('link', { name: /Conflicts Form/ });
  await expect(conflicts.getByText('complete', { exact: true })).toBeVisible();
  await expect(
    attorney.getByRole('link', { name: /Business Plan/ }).getByText('complete', { exact: true }),
  ).toBeVisible();
  await look(attorney, '12 dashboard quick actions');

  // 'None of these apply' answers No to the fifteen disclosures.
  const fresh = await browser.newContext({ viewport: WIDE });
  const newcomer = await fresh.newPage();
  await registerByApi(newcomer, { email: uniqueEmail('disclosures'), userType: 'attorney' });
  await newcomer.goto('/attorney/master-lpq');
  await newcomer.getByRole('button', { name: /^6\. Disclosures/ }).click();
  await newcomer.getByRole('button', { name: 'None of these apply' }).click();
  const questions = newcomer.getByRole('radiogroup');
  await expect(questions).toHaveCount(15);
  for (let i = 0; i < 15; i++) await expect(questions.nth(i).getByLabel('No', { exact: true })).toBeChecked();
  await look(newcomer, '12 disclosures answered no');
  // Annual Billings taken from the master LPQ (the conflicts form's first load) reads as money.
  const { resumeUrl: _none, ...lpq } = completeMasterLpq();
  expect((await newcomer.request.post('/api/attorney/master-lpq', { data: lpq })).ok()).toBe(true);
  await newcomer.goto('/attorney/conflicts-form');
  await expect(newcomer.getByLabel('Annual Billings').first()).toHaveValue(/^\$\d{1,3}(,\d{3})+$/);
  await look(newcomer, '12 conflicts form autopopulated');

  // Words: 'email' throughout; the firm's verification mail speaks to a firm; the invitation preview.
  const mail = await latestMail(
    firm.request,
    (await (await firm.request.get('/api/user')).json()).email,
    'verify_email',
  );
  expect(mail.text).toContain('send LPQ invitations to attorneys');
  await firm.goto('/firm/requests/new');
  const mailPreview = firm.getByLabel('Email preview');
  await expect(mailPreview).toContainText('for the position [position title]');
  await expect(mailPreview).not.toContainText('the position the position');
  await look(firm, '12 invitation page');
  for (const [page, path] of [
    [firm, '/firm/requests/new'],
    [attorney, '/attorney/lpq-requests'],
    [attorney, '/attorney/account'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await page.locator('body').innerText(), path).not.toMatch(/e-mail/i);
  }

  // A registration wizard keeps what was typed over a reload, never the password.
  const signUp = await browser.newContext({ viewport: WIDE });
  const visitor = await signUp.newPage();
  await visitor.goto('/register/attorney');
  await visitor.getByLabel('First Name').fill('Casey');
  await visitor.getByLabel('Email Address').fill('casey@example.com');
  await visitor.getByLabel(/^Password/).fill(PASSWORD);
  await visitor.reload();
  await expect(visitor.getByLabel('First Name')).toHaveValue('Casey');
  await expect(visitor.getByLabel('Email Address')).toHaveValue('casey@example.com');
  await expect(visitor.getByLabel(/^Password/)).toHaveValue('');
  await expect(visitor.getByRole('status').filter({ hasText: 'We kept what you typed' })).toBeVisible();
  await look(visitor, '12 registration kept over a reload');
  expect(await visitor.evaluate(() => JSON.stringify(window.sessionStorage))).not.toContain(PASSWORD);

  // The quick start names PORT and PUBLIC_URL and offers the demo.
  const readme = readFileSync('README.md', 'utf8');
  const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('## Security'));
  for (const words of ['PORT=', 'PUBLIC_URL', 'npm run demo']) expect(quickStart).toContain(words);
  await fresh.close();
  await signUp.close();
  await w.close();
});
