import { type APIRequestContext, type Browser, expect, type Page, request, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { CONFLICTS_ANSWER_MESSAGES } from '../shared/conflicts';
import {
  addFirmMemberByApi,
  answerConflictsRow,
  answerEveryConflictsRow,
  conflictsRow,
  fillEveryAttorneyFormByApi,
  PASSWORD,
  registerFirmByApi,
  seriousAxeFindings,
  shot,
  uniqueEmail,
  verifyAddressByApi,
} from './helpers';

/**
 * PRODUCT.md §9, the firm's readers: a recruiter assigns a reviewer, who reads only that request and only
 * the hiring parts; the conflicts department clears a candidate from its queue without reaching the
 * package; the diversity officer reads the self-identification forms and counts, and nothing else. Each new
 * screen is checked with axe at 1280 and 390 px, and its screenshots are kept with SHOTS=1.
 */
const WIDTHS = [1280, 390] as const;

async function expectAccessible(page: Page, screen: string) {
  await expect(page.locator('[aria-label^="Loading"]')).toHaveCount(0);
  const blocking = await seriousAxeFindings(page);
  expect.soft(blocking, `serious or critical axe violations on ${screen}`).toEqual([]);
}

/** axe and a full-page screenshot at both widths, back at 1280 px afterwards. */
async function checkScreen(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page, `${name} at ${width}px`);
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

type Member = { context: APIRequestContext; email: string; name: string };

/** A colleague with `roles`, invited by the admin and signed in by accepting (e2e/helpers.ts). */
async function addMember(admin: APIRequestContext, roles: string[], firstName: string): Promise<Member> {
  const context = await request.newContext({ baseURL });
  const { email } = await addFirmMemberByApi(admin, context, roles, { firstName, lastName: 'Reed' });
  return { context, email, name: `${firstName} Reed` };
}

type World = {
  recruiter: APIRequestContext;
  reviewer: Member;
  idleReviewer: Member;
  conflicts: Member;
  diversity: Member;
  assignedId: string;
  otherId: string;
};

/** A firm with four readers, and an attorney who shared two requests: the first with every part. */
async function setUp(): Promise<World> {
  const recruiter = await request.newContext({ baseURL });
  await registerFirmByApi(recruiter);
  const reviewer = await addMember(recruiter, ['reviewer'], 'Riley');
  const idleReviewer = await addMember(recruiter, ['reviewer'], 'Quinn');
  const conflicts = await addMember(recruiter, ['conflicts'], 'Casey');
  const diversity = await addMember(recruiter, ['diversity'], 'Dana');

  const attorney = await request.newContext({ baseURL });
  const attorneyEmail = uniqueEmail('team-attorney');
  const signedUp = await attorney.post('/api/register', {
    data: {
      email: attorneyEmail,
      password: PASSWORD,
      firstName: 'Avery',
      lastName: 'Whitfield',
      userType: 'attorney',
    },
  });
  expect(signedUp.status()).toBe(201);
  await verifyAddressByApi(attorney, attorneyEmail);
  await fillEveryAttorneyFormByApi(attorney);
  const invite = async (positionTitle: string) => {
    const res = await recruiter.post('/api/firm/lpq-requests', {
      data: { attorneyEmail, positionTitle, practiceArea: 'Corporate' },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).id as string;
  };
  const assignedId = await invite('Corporate Partner');
  const otherId = await invite('M&A Partner');
  const everything = {
    include: { conflictsForm: true, businessPlan: true, documents: true, diversityForm: true },
  };
  for (const id of [assignedId, otherId]) {
    const shared = await attorney.post(`/api/attorney/lpq-requests/${id}/share`, { data: everything });
    expect(shared.ok(), await shared.text()).toBe(true);
  }
  return { recruiter, reviewer, idleReviewer, conflicts, diversity, assignedId, otherId };
}

async function pageAs(browser: Browser, actor: APIRequestContext) {
  const context = await browser.newContext({ storageState: await actor.storageState() });
  return context.newPage();
}

const NO_ACCESS = 'You do not have access to this page';

test('each firm reader gets their own slice, and only the actions their roles allow', async ({ browser }) => {
  // About twice its longest run on the slowest CI machine seen (two cores, two workers).
  test.setTimeout(300_000);
  const w = await setUp();

  // The recruiter assigns Riley in the picker; only members with the Reviewer role are offered.
  const recruiter = await pageAs(browser, w.recruiter);
  await recruiter.goto(`/firm/requests/${w.assignedId}`);
  await expect(recruiter.getByText('No reviewer is assigned to this request yet.')).toBeVisible();
  await recruiter.getByRole('button', { name: 'Assign Reviewers' }).click();
  const picker = recruiter.getByRole('group', { name: 'Reviewers for this request' });
  await expect(picker.getByRole('checkbox')).toHaveCount(3); // the registrant, Riley and Quinn
  await expect(picker.getByLabel(w.conflicts.name)).toHaveCount(0);
  await picker.getByLabel(w.reviewer.name).check();
  await checkScreen(recruiter, 'request-reviewer-picker');
  await recruiter.getByRole('button', { name: 'Save Reviewers' }).click();
  await expect(recruiter.getByText('Reviewers Saved')).toBeVisible();
  await expect(recruiter.getByText(w.reviewer.name, { exact: true })).toBeVisible();
  await expect(recruiter.getByRole('tab', { name: 'Conflicts' })).toBeVisible(); // the registrant holds conflicts
  await recruiter.close();

  // Riley: 'Assigned to Me' lists the one request; its package has only the hiring parts.
  const reviewer = await pageAs(browser, w.reviewer.context);
  await reviewer.goto('/firm/requests');
  await expect(reviewer.getByRole('heading', { name: 'Assigned to Me', level: 1 })).toBeVisible();
  await expect(reviewer.getByRole('link', { name: 'Avery Whitfield' })).toHaveCount(1);
  await expect(reviewer.getByText('M&A Partner')).toHaveCount(0);
  await expect(reviewer.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  await expect(reviewer.getByRole('link', { name: 'Send LPQ Invitation' })).toHaveCount(0);
  await checkScreen(reviewer, 'assigned-to-me');
  await reviewer.getByRole('link', { name: 'Avery Whitfield' }).click();
  await expect(reviewer.getByRole('tab', { name: 'Master LPQ' })).toBeVisible();
  for (const tab of ['Profile', 'Position LPQ', 'Business Plan', 'Documents'])
    await expect(reviewer.getByRole('tab', { name: tab })).toBeVisible();
  await expect(reviewer.getByRole('tab', { name: 'Conflicts' })).toHaveCount(0);
  await expect(reviewer.getByRole('tab', { name: 'Diversity' })).toHaveCount(0);
  await expect(reviewer.getByRole('button', { name: 'Mark Under Review' })).toBeEnabled();
  await expect(reviewer.getByRole('button', { name: /Reviewers/ })).toHaveCount(0);
  await expect(reviewer.getByRole('button', { name: /Withdraw|Resend/ })).toHaveCount(0);
  await expect(reviewer.getByRole('heading', { name: 'Notes' })).toBeVisible();
  await checkScreen(reviewer, 'reviewer-request');
  await reviewer.goto(`/firm/requests/${w.otherId}`);
  await expect(reviewer.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  // Inviting and the firm's library are not a reviewer's: said plainly rather than refused on save.
  for (const path of ['/firm/requests/new', '/firm/custom-sections', '/firm/profile']) {
    await reviewer.goto(path);
    await expect(reviewer.getByRole('heading', { name: NO_ACCESS })).toBeVisible();
  }
  await reviewer.close();

  // Quinn, a reviewer with nothing assigned: an empty list that says so, and the request is Not Found.
  const idle = await pageAs(browser, w.idleReviewer.context);
  await idle.goto('/firm/requests');
  await expect(idle.getByText('No requests are assigned to you yet')).toBeVisible();
  await checkScreen(idle, 'assigned-to-me-empty');
  await idle.goto(`/firm/requests/${w.assignedId}`);
  await expect(idle.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await idle.goto('/firm/conflicts');
  await expect(idle.getByRole('heading', { name: NO_ACCESS })).toBeVisible();
  await checkScreen(idle, 'no-access');
  await idle.close();

  // Casey (conflicts): the queue, the conflicts view without a way into the package, a clearance.
  const conflicts = await pageAs(browser, w.conflicts.context);
  await conflicts.goto('/firm/conflicts');
  await expect(conflicts.getByRole('heading', { name: 'Conflicts Queue', level: 1 })).toBeVisible();
  const rows = conflicts.getByRole('row').filter({ hasText: 'Avery Whitfield' });
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByText('Pending')).toBeVisible();
  await checkScreen(conflicts, 'conflicts-queue');
  await conflicts.getByRole('row').filter({ hasText: 'Corporate Partner' }).getByRole('link').click();
  await expect(conflicts).toHaveURL(new RegExp(`/firm/conflicts/${w.assignedId}$`));
  await expect(conflicts.getByRole('heading', { name: 'Rows to Check' })).toBeVisible();
  await expect(conflicts.getByRole('heading', { name: 'Top Clients' })).toBeVisible();
  await expect(conflicts.getByRole('listitem').filter({ hasText: 'Acme Corp' }).first()).toBeVisible();
  await expect(conflicts.locator('main a[href*="/firm/requests"]')).toHaveCount(0);
  // PRODUCT.md §13: an answer per row; a note too long is refused with its message, and nothing is lost.
  const acme = conflictsRow(conflicts, 'Acme Corp (Client)');
  await answerConflictsRow(conflicts, 'Acme Corp (Client)', 'Cleared', 'x'.repeat(2001));
  await expect(acme.getByText(CONFLICTS_ANSWER_MESSAGES.noteTooLong)).toBeVisible();
  await checkScreen(conflicts, 'conflicts-view-errors');
  await acme
    .getByRole('textbox', { name: /^Note to the attorney for/ })
    .fill('Checked against the client database: no overlap.');
  await acme.getByRole('button', { name: 'Save' }).click();
  await expect(conflicts.getByText('Conflicts Answer Recorded').first()).toBeVisible();
  await expect(conflicts.getByText(`Answered by ${w.conflicts.name}`).first()).toBeVisible();
  await answerEveryConflictsRow(conflicts, 'Cleared');
  await checkScreen(conflicts, 'conflicts-view');
  await conflicts.goto('/firm/conflicts?status=cleared');
  await expect(conflicts.getByRole('row').filter({ hasText: 'Avery Whitfield' })).toHaveCount(1);
  await conflicts.goto('/firm/conflicts?status=issues');
  await expect(conflicts.getByText('No shared request is marked Issues found.')).toBeVisible();
  // Opened by its address, the request shows the conflicts department only its part, and no hiring action.
  // Nothing it may not read is asked for on the way (the notes are the hiring side's: a 403 in the console).
  const refused: string[] = [];
  conflicts.on('response', (r) => {
    if (r.status() === 403 || r.url().includes('/notes')) refused.push(`${r.status()} ${r.url()}`);
  });
  await conflicts.goto(`/firm/requests/${w.assignedId}`);
  await expect(conflicts.getByRole('tab', { name: 'Conflicts' })).toBeVisible();
  await expect(conflicts.getByRole('tab')).toHaveCount(1);
  expect(refused).toEqual([]);
  await expect(
    conflicts.getByRole('button', { name: /Mark Under Review|Mark Review Complete|Reviewers/ }),
  ).toHaveCount(0);
  await expect(conflicts.getByRole('heading', { name: 'Notes' })).toHaveCount(0);
  await expect(conflicts.getByRole('heading', { name: 'Reviewers' })).toHaveCount(0);
  // Issue 67 item 11: the candidate card shows the conflicts department no financial figure.
  const card = conflicts.getByRole('region', { name: 'Candidate' });
  await expect(card.getByText('Conflicts', { exact: true })).toBeVisible();
  await expect(card.getByText(/^(Book|Ask)$/)).toHaveCount(0);
  await conflicts.goto('/firm/self-identification');
  await expect(conflicts.getByRole('heading', { name: NO_ACCESS })).toBeVisible();
  await conflicts.close();

  // Dana (diversity): the forms with counts, no link into a package, and no request at all.
  const diversity = await pageAs(browser, w.diversity.context);
  await diversity.goto('/firm/self-identification');
  await expect(diversity.getByRole('heading', { name: 'Self-Identification', level: 1 })).toBeVisible();
  await expect(diversity.getByRole('table', { name: 'Gender' })).toBeVisible();
  await expect(diversity.getByRole('heading', { name: 'Avery Whitfield' })).toHaveCount(2);
  // Its one link is the counts' CSV (issue 67: cells under 5 read 'fewer than 5' there too); none into a request.
  await expect(diversity.locator('main a:not([href$="/self-identification/counts.csv"])')).toHaveCount(0);
  await checkScreen(diversity, 'self-identification');
  await diversity.goto(`/firm/requests/${w.assignedId}`);
  await expect(diversity.getByRole('heading', { name: NO_ACCESS })).toBeVisible();
  await diversity.goto('/firm/requests');
  await expect(diversity.getByRole('heading', { name: NO_ACCESS })).toBeVisible();
  await diversity.close();
});

test('a diversity officer without shared forms sees an empty state', async ({ browser }) => {
  const admin = await request.newContext({ baseURL });
  await registerFirmByApi(admin, { firmName: 'Quiet & Co LLP' });
  const officer = await addMember(admin, ['diversity'], 'Drew');
  const page = await pageAs(browser, officer.context);
  await page.goto('/firm/self-identification');
  await expect(page.getByText('No self-identification forms yet')).toBeVisible();
  await checkScreen(page, 'self-identification-empty');
  // The registrant holds the conflicts role: an empty queue says so.
  const conflicts = await pageAs(browser, admin);
  await conflicts.goto('/firm/conflicts');
  await expect(conflicts.getByText('No packages to check yet')).toBeVisible();
  await checkScreen(conflicts, 'conflicts-queue-empty');
});
