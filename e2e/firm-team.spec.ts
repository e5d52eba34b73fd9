import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { conflictsForm, diversityForm } from '../server/modules/master-lpq/master-lpq.fixtures';
import { HIRING_PARTS } from '../shared/team';
import {
  answerConflictsRow,
  certifyInDialog,
  checkAtEachWidth,
  completeLpq,
  conflictsRow,
  fillEveryAttorneyFormByApi,
  latestMail,
  linkFrom,
  uniqueEmail,
  verifiedAttorneyByApi,
  verifyAddressByApi,
} from './helpers';
import { joinThroughScreen, walkFirmSignUp } from './helpers-screens';

/**
 * PRODUCT.md §9 from end to end, through the screens: a firm registers, its admin invites a reviewer, a
 * conflicts member and a diversity officer (each joins in their own browser), sends an attorney an LPQ
 * invitation and assigns the reviewer; the attorney reads who will read each part and shares; then each
 * member gets exactly their slice — on screen, in the request's JSON and in the PDF — and the attorney's
 * access log names each reader with their role. Every member's screens pass axe at 1280 and 390 px.
 */
// Words only the conflicts form and only the diversity form hold, to find them wherever they leak.
const CONFLICTS_MARK = 'Brightwater Holdings dispute';
const DIVERSITY_MARK = 'Ergonomic chair near the window';

const check = (page: Page, name: string) => checkAtEachWidth(page, name, 844);

/** The firm registers through its three-step screen, and verifies its address from the mail. */
async function registerFirm(page: Page) {
  const email = uniqueEmail('team-admin');
  await page.goto('/register/firm');
  await walkFirmSignUp(page, {
    email,
    firmName: 'Linden & Shaw LLP',
    headquarters: '1 Federal Street, Boston, MA',
    city: 'Boston',
    state: 'MA',
    attorneys: '60',
    practiceAreas: ['Corporate'],
    contactName: 'Morgan Shaw',
    contactTitle: 'Recruiting Director',
    phone: '+1 617 555 0142',
  });
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/firm\/dashboard$/);
  await verifyAddressByApi(page.request, email);
  return email;
}

/** On the Team page the admin invites `email` with `roles`; the invitee joins in a browser of their own. */
async function inviteMember(
  admin: Page,
  browser: Browser,
  roles: string[],
  firstName: string,
): Promise<{ page: Page; name: string }> {
  const email = uniqueEmail(firstName.toLowerCase());
  const form = admin.getByRole('form', { name: 'Invite a member' });
  await form.getByLabel('Email').fill(email);
  for (const role of roles) await form.getByRole('checkbox', { name: role, exact: true }).check();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(admin.getByTestId('invitation').filter({ hasText: email })).toBeVisible();
  const link = linkFrom(await latestMail(admin.request, email, 'member_invitation'), '/join');
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Join Linden & Shaw LLP' })).toBeVisible();
  await joinThroughScreen(page, firstName);
  return { page, name: `${firstName} Reed` };
}

/** An attorney with every part of a package ready (the API, as the other journeys do it). */
async function readyAttorney(page: Page) {
  const email = await verifiedAttorneyByApi(page, 'team-attorney', {}, 'Avery');
  await fillEveryAttorneyFormByApi(page.request, {
    masterLpq: completeLpq(),
    conflicts: conflictsForm({ potentialConflicts: CONFLICTS_MARK }),
    diversity: diversityForm({ accommodationDetails: DIVERSITY_MARK }),
  });
  return email;
}

/** The request as a member's API reads it: its package's parts and visibleParts. */
async function readAs(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/firm/lpq-requests/${id}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { package: Record<string, unknown>; visibleParts: string[] };
  return { parts: Object.keys(body.package), visibleParts: body.visibleParts };
}

function pdfText(bytes: Buffer, name: string) {
  const file = test.info().outputPath(`${name}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const NO_ACCESS = 'You do not have access to this page';

test('a firm team reads one shared package, each member only their slice', async ({ browser }) => {
  // About twice its longest run on the slowest CI machine seen (two cores, two workers).
  test.setTimeout(400_000);
  const admin = await (await browser.newContext()).newPage();
  await registerFirm(admin);

  await admin.getByRole('banner').getByRole('link', { name: 'Team' }).click();
  await expect(admin.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  const reviewer = await inviteMember(admin, browser, ['Reviewer'], 'Riley');
  const conflicts = await inviteMember(admin, browser, ['Conflicts'], 'Casey');
  const diversity = await inviteMember(admin, browser, ['Diversity officer'], 'Dana');
  await admin.reload();
  for (const m of [reviewer, conflicts, diversity])
    await expect(admin.getByTestId('member-row').filter({ hasText: m.name })).toBeVisible();
  await check(admin, 'admin-team');

  // The attorney, ready to share; the admin (also the recruiter) invites them on the New Request screen.
  const attorney = await (await browser.newContext()).newPage();
  const attorneyEmail = await readyAttorney(attorney);
  await admin.goto('/firm/requests/new');
  await admin.getByLabel('Attorney Email').fill(attorneyEmail);
  await admin.getByLabel('Position Title').fill('Corporate Partner');
  await admin.getByRole('combobox', { name: 'Practice Area' }).click();
  await admin.getByRole('option', { name: 'Corporate', exact: true }).click();
  await admin.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(admin).toHaveURL(/\/firm\/requests$/);
  await admin
    .getByRole('row', { name: new RegExp(attorneyEmail) })
    .getByRole('link')
    .first()
    .click();
  await expect(admin).toHaveURL(/\/firm\/requests\/[\w-]+$/);
  const requestId = admin.url().split('/').pop() ?? '';

  // The reviewer picker offers reviewers only: the admin herself and Riley, not Casey or Dana.
  await admin.getByRole('button', { name: 'Assign Reviewers' }).click();
  const picker = admin.getByRole('group', { name: 'Reviewers for this request' });
  await expect(picker.getByRole('checkbox')).toHaveCount(2);
  await picker.getByLabel(reviewer.name).check();
  await admin.getByRole('button', { name: 'Save Reviewers' }).click();
  await expect(admin.getByText('Reviewers Saved')).toBeVisible();
  await check(admin, 'admin-request-pending');

  // The attorney reads who sees each part, ticks diversity, certifies and shares.
  await attorney.goto('/attorney/lpq-requests');
  const card = attorney.getByRole('article', { name: /Linden & Shaw LLP/ });
  await card.getByRole('button', { name: 'Share LPQ' }).click();
  const dialog = attorney.getByRole('dialog', { name: 'Share LPQ Package' });
  for (const part of ['Profile', 'Master LPQ', 'Business plan', 'Documents']) {
    const box = dialog.getByRole('checkbox', { name: part, exact: true });
    await expect(box).toHaveAccessibleDescription(/Read by: Admin, Recruiter, Reviewer — .*Riley Reed/);
    await expect(box).not.toHaveAccessibleDescription(/Casey Reed|Dana Reed/);
  }
  const conflictsBox = dialog.getByRole('checkbox', { name: 'Conflicts form' });
  await expect(conflictsBox).toHaveAccessibleDescription(/Read by: Conflicts — .*Casey Reed/);
  await expect(conflictsBox).not.toHaveAccessibleDescription(/Riley Reed|Dana Reed/);
  const diversityBox = dialog.getByRole('checkbox', { name: 'Diversity self-identification' });
  await expect(diversityBox).toHaveAccessibleDescription(/Read by: Diversity officer — Dana Reed$/);
  await check(attorney, 'attorney-share-dialog');
  await diversityBox.check();
  await certifyInDialog(dialog, 'Avery Avery');
  await dialog.getByRole('button', { name: 'Share LPQ' }).click();
  await expect(attorney.getByText('LPQ Shared Successfully')).toBeVisible();

  // Riley, the assigned reviewer: the hiring tabs, never the conflicts or diversity form.
  const r = reviewer.page;
  await r.goto('/firm/dashboard');
  // A reviewer's counts are of what is assigned to them; they send no invitations.
  await expect(r.getByText('Assigned to You', { exact: true })).toBeVisible();
  await expect(r.getByText('Invitations Sent')).toHaveCount(0);
  await check(r, 'reviewer-dashboard');
  await r.goto('/firm/requests');
  await r.getByRole('link', { name: 'Avery Avery' }).click();
  for (const tab of ['Profile', 'Master LPQ', 'Position LPQ', 'Business Plan', 'Documents'])
    await expect(r.getByRole('tab', { name: tab })).toBeVisible();
  await expect(r.getByRole('tab', { name: 'Conflicts' })).toHaveCount(0);
  await expect(r.getByRole('tab', { name: 'Diversity' })).toHaveCount(0);
  await check(r, 'reviewer-request');
  const seen = await readAs(r.request, requestId);
  expect(seen.visibleParts.sort()).toEqual([...HIRING_PARTS].sort());
  expect(seen.parts).not.toContain('conflictsForm');
  expect(seen.parts).not.toContain('diversityForm');
  const reviewerPdf = await r.request.get(`/api/firm/lpq-requests/${requestId}/package.pdf`);
  expect(reviewerPdf.status()).toBe(200);
  const reviewerText = pdfText(await reviewerPdf.body(), 'reviewer-package');
  expect(reviewerText).toContain('Avery Avery');
  expect(reviewerText).not.toContain(CONFLICTS_MARK);
  expect(reviewerText).not.toContain(DIVERSITY_MARK);
  // The same PDF for the registrant (who holds conflicts) has the conflicts form: the check above can fail.
  const adminPdf = await admin.request.get(`/api/firm/lpq-requests/${requestId}/package.pdf`);
  expect(pdfText(await adminPdf.body(), 'admin-package')).toContain(CONFLICTS_MARK);

  // Casey, conflicts: the queue, the view with employers and client names, a clearance; no hiring tabs.
  const c = conflicts.page;
  await c.goto('/firm/conflicts');
  await expect(c.getByRole('heading', { name: 'Conflicts Queue', level: 1 })).toBeVisible();
  await check(c, 'conflicts-queue');
  await c.getByRole('row').filter({ hasText: 'Corporate Partner' }).getByRole('link').click();
  await expect(c).toHaveURL(new RegExp(`/firm/conflicts/${requestId}$`));
  await expect(c.getByRole('heading', { name: 'Top Clients' })).toBeVisible();
  await expect(c.getByRole('listitem').filter({ hasText: 'Acme Corp' }).first()).toBeVisible();
  await expect(c.getByText(CONFLICTS_MARK)).toBeVisible();
  await expect(c.getByText('Hale & Stone LLP').first()).toBeVisible();
  // PRODUCT.md §13: an answer per row, with a note to the attorney.
  const acme = conflictsRow(c, 'Acme Corp (Client)');
  await answerConflictsRow(c, 'Acme Corp (Client)', 'Cleared', 'No overlap with our client list.');
  await expect(c.getByText('Conflicts Answer Recorded')).toBeVisible();
  await expect(acme.getByText(`Answered by ${conflicts.name}`)).toBeVisible();
  await check(c, 'conflicts-view');
  await c.goto(`/firm/requests/${requestId}`);
  await expect(c.getByRole('tab', { name: 'Conflicts' })).toBeVisible();
  await expect(c.getByRole('tab')).toHaveCount(1);
  const cleared = await readAs(c.request, requestId);
  expect(cleared).toEqual({ parts: expect.any(Array), visibleParts: ['conflictsForm'] });
  expect(cleared.parts.filter((p) => p.endsWith('Form') || HIRING_PARTS.includes(p as never))).toEqual([
    'conflictsForm',
  ]);

  // Dana, diversity: this attorney's form and the counts, and no way into the request.
  const d = diversity.page;
  await d.goto('/firm/self-identification');
  await expect(d.getByRole('heading', { name: 'Self-Identification', level: 1 })).toBeVisible();
  await expect(d.getByRole('heading', { name: 'Avery Avery' })).toBeVisible();
  await expect(d.getByText(DIVERSITY_MARK)).toBeVisible();
  await expect(d.getByRole('table', { name: 'Gender' })).toBeVisible();
  await check(d, 'diversity-self-identification');
  await d.goto(`/firm/requests/${requestId}`);
  await expect(d.getByRole('heading', { name: NO_ACCESS })).toBeVisible();
  await check(d, 'diversity-request-no-access');
  expect([403, 404]).toContain((await d.request.get(`/api/firm/lpq-requests/${requestId}`)).status());
  expect([403, 404]).toContain(
    (await d.request.get(`/api/firm/lpq-requests/${requestId}/package.pdf`)).status(),
  );

  // The attorney's access log names each reader with their role.
  await attorney.goto('/attorney/access-log');
  const log = attorney.getByRole('list', { name: 'Access log' });
  await expect(log.getByText('Riley Reed (Reviewer)').first()).toBeVisible();
  await expect(log.getByText('Casey Reed (Conflicts)').first()).toBeVisible();
  await expect(log.getByText('Dana Reed (Diversity officer)').first()).toBeVisible();
  await check(attorney, 'attorney-access-log');
});
