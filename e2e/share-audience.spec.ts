import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { conflictsForm, diversityForm } from '../server/modules/master-lpq/master-lpq.fixtures';
import { TEAM_MESSAGES } from '../shared/team';
import {
  addFirmMemberByApi,
  atEachWidth,
  axeViolations,
  certifyInDialog,
  completeLpq,
  inviteByApi,
  registerFirmByApi,
  shot,
  verifiedAttorneyByApi,
} from './helpers';

/**
 * PRODUCT.md §9: before sharing, the attorney sees who at the firm reads each part of the package (roles and
 * names); the diversity tick is disabled, with the reason, when the firm has no diversity officer or does not
 * receive self-identification data. The access log names each reader with their roles.
 */

/** axe (WCAG 2.0/2.1 A and AA) on the open dialog: no violation of any impact. */
async function expectAccessible(page: Page) {
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

/** The dialog at 1280 and 390 px wide, each screenshot taken and axe run. */
async function lookAt(page: Page, dialog: Locator, name: string) {
  const check = async () => {
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
  };
  await atEachWidth(page, name, check, 844);
}

/** An admin invites an address with roles; the invitee accepts from the mailed link. Returns their user id. */
async function addMember(
  browser: Browser,
  admin: APIRequestContext,
  person: { firstName: string; lastName: string; roles: string[] },
) {
  const context = await browser.newContext();
  const { firstName, lastName, roles } = person;
  const { id } = await addFirmMemberByApi(admin, context.request, roles, { firstName, lastName });
  return { id, request: context.request, close: () => context.close() };
}

/** An attorney with a complete master LPQ, a conflicts form and a diversity form, signed in on `page`. */
async function readyAttorney(page: Page) {
  const parts = { masterLpq: completeLpq(), conflicts: conflictsForm(), diversity: diversityForm() };
  return verifiedAttorneyByApi(page, 'audience', parts, 'Casey');
}

/** Opens the share dialog of the request from `firmName`. */
async function openShare(page: Page, firmName: string) {
  await page.goto('/attorney/lpq-requests');
  await page
    .getByRole('article', { name: new RegExp(firmName) })
    .getByRole('button', { name: 'Share LPQ' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Share LPQ Package' });
  await expect(dialog.getByRole('checkbox', { name: 'Conflicts form' })).toBeVisible();
  return dialog;
}

test('the attorney reads who at the firm sees each part, and shares the diversity form with its officer', async ({
  browser,
}) => {
  const firmContext = await browser.newContext();
  const attorney = await (await browser.newContext()).newPage();
  const firm = firmContext.request;
  await registerFirmByApi(firm); // Morgan Vale: admin, recruiter, reviewer, conflicts.
  const dana = await addMember(browser, firm, { firstName: 'Dana', lastName: 'Reed', roles: ['diversity'] });
  const sam = await addMember(browser, firm, { firstName: 'Sam', lastName: 'Ortiz', roles: ['reviewer'] });
  const attorneyEmail = await readyAttorney(attorney);
  const requestId = await inviteByApi(firm, attorneyEmail);
  const assigned = await firm.put(`/api/firm/lpq-requests/${requestId}/reviewers`, {
    data: { userIds: [sam.id] },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);

  const dialog = await openShare(attorney, 'Arden & Vale LLP');
  const hiring = /Read by: Admin, Recruiter, Reviewer — Sam Ortiz, Morgan Vale/;
  for (const part of ['Profile', 'Master LPQ', 'Business plan', 'Documents'])
    await expect(dialog.getByRole('checkbox', { name: part, exact: true })).toHaveAccessibleDescription(
      hiring,
    );
  // PRODUCT.md §12: the firm's business case is its own, on the attorney's figures.
  await expect(dialog.getByRole('checkbox', { name: 'Master LPQ', exact: true })).toHaveAccessibleDescription(
    /The firm can model your figures privately\.$/,
  );
  await expect(dialog.getByRole('checkbox', { name: 'Conflicts form' })).toHaveAccessibleDescription(
    /Read by: Conflicts — Morgan Vale$/,
  );
  const diversity = dialog.getByRole('checkbox', { name: 'Diversity self-identification' });
  await expect(diversity).toHaveAccessibleDescription(/Read by: Diversity officer — Dana Reed$/);
  await expect(diversity).toBeEnabled();
  await expect(diversity).not.toBeChecked();
  await expect(
    dialog.getByText(/Reviewers read your package only when Arden & Vale LLP assigns them/),
  ).toBeVisible();
  await lookAt(attorney, dialog, 'audience-share');

  // Keyboard: the diversity tick is reached and ticked with the space bar.
  await diversity.focus();
  await attorney.keyboard.press('Space');
  await expect(diversity).toBeChecked();
  await expect(dialog.getByText(/your diversity self-identification/i)).toBeVisible();
  await certifyInDialog(dialog, 'Casey Avery');
  await dialog.getByRole('button', { name: 'Share LPQ' }).click();
  await expect(attorney.getByText('LPQ Shared Successfully')).toBeVisible();

  // The diversity officer has the form; the reviewer's package has no diversity form.
  const forms = (await (await dana.request.get('/api/firm/self-identification')).json()).forms;
  expect(forms.map((f: { requestId: string }) => f.requestId)).toEqual([requestId]);
  const reviewed = await sam.request.get(`/api/firm/lpq-requests/${requestId}`);
  expect(reviewed.status()).toBe(200);
  expect((await reviewed.json()).package.diversityForm ?? null).toBeNull();

  // Send update shows the same audience.
  const card = attorney.getByRole('article', { name: /Arden & Vale LLP/ });
  await card.getByRole('button', { name: 'Send update' }).click();
  const update = attorney.getByRole('dialog', { name: 'Send Update' });
  await expect(update.getByRole('checkbox', { name: 'Conflicts form' })).toHaveAccessibleDescription(
    /Read by: Conflicts — Morgan Vale$/,
  );
  await expect(update.getByRole('checkbox', { name: 'Diversity self-identification' })).toBeChecked();
  await lookAt(attorney, update, 'audience-update');
  await update.getByRole('button', { name: 'Cancel' }).click();
  await expect(update).toBeHidden();

  // The access log and the request's history name each reader with their roles.
  await attorney.goto('/attorney/access-log');
  const log = attorney.getByRole('list', { name: 'Access log' });
  await expect(log.getByText('Sam Ortiz (Reviewer)')).toBeVisible();
  await attorney.goto('/attorney/lpq-requests');
  await card.getByRole('button', { name: 'Access history' }).click();
  await expect(card.getByText('Sam Ortiz (Reviewer)')).toBeVisible();
  await dana.close();
  await sam.close();
});

test('a firm without a diversity officer, or that turned self-identification off, cannot be ticked: the dialog says why', async ({
  browser,
}) => {
  const firm = (await browser.newContext()).request;
  const page = await (await browser.newContext()).newPage();
  await registerFirmByApi(firm, { firmName: 'Holloway Crane LLP' });
  const requestId = await inviteByApi(firm, await readyAttorney(page));

  let dialog = await openShare(page, 'Holloway Crane LLP');
  const diversity = dialog.getByRole('checkbox', { name: 'Diversity self-identification' });
  await expect(diversity).toBeDisabled();
  await expect(diversity).toHaveAccessibleDescription(TEAM_MESSAGES.noDiversityOfficer);
  await expect(dialog.getByRole('checkbox', { name: 'Conflicts form' })).toHaveAccessibleDescription(
    /Read by: Conflicts — Morgan Vale$/,
  );
  await lookAt(page, dialog, 'audience-no-officer');
  // The server refuses the same (PRODUCT.md §9), with the same words.
  const refused = await page.request.post(`/api/attorney/lpq-requests/${requestId}/share`, {
    data: { include: { diversityForm: true }, certification: { fullName: 'Casey Avery' } },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe(TEAM_MESSAGES.noDiversityOfficer);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // With an officer, and then with self-identification turned off.
  const officer = await addMember(browser, firm, {
    firstName: 'Dana',
    lastName: 'Reed',
    roles: ['diversity'],
  });
  const off = await firm.put('/api/firm/settings', {
    data: { requireTwoFactor: false, acceptSelfIdentification: false },
  });
  expect(off.status(), await off.text()).toBe(200);
  dialog = await openShare(page, 'Holloway Crane LLP');
  await expect(diversity).toBeDisabled();
  await expect(diversity).toHaveAccessibleDescription(TEAM_MESSAGES.selfIdentificationOff);
  await lookAt(page, dialog, 'audience-turned-off');
  await officer.close();
});

test('when who reads what cannot be loaded, the dialog says so and still cancels', async ({ browser }) => {
  const firm = (await browser.newContext()).request;
  const page = await (await browser.newContext()).newPage();
  await registerFirmByApi(firm, { firmName: 'Pell Ward LLP' });
  await inviteByApi(firm, await readyAttorney(page));
  let calls = 0;
  await page.route('**/api/attorney/lpq-requests/*/audience', (route) => {
    calls += 1;
    return calls === 1
      ? route.fulfill({ status: 503, json: { message: 'The service is busy. Please try again.' } })
      : route.continue();
  });
  const dialog = await openShare(page, 'Pell Ward LLP');
  const alert = dialog.getByRole('alert').filter({ hasText: 'Who reads each part could not be loaded' });
  await expect(alert).toBeVisible();
  await expect(dialog.getByText(/Read by:/)).toHaveCount(0);
  await shot(page, 'audience-error-1280');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Conflicts form' })).toHaveAccessibleDescription(
    /Read by: Conflicts — Morgan Vale$/,
  );

  await page.unroute('**/api/attorney/lpq-requests/*/audience');
  await page.route('**/api/attorney/lpq-requests/*/audience', (route) =>
    route.fulfill({ status: 503, json: { message: 'The service is busy. Please try again.' } }),
  );
  const again = await openShare(page, 'Pell Ward LLP');
  await expect(again.getByText('Who reads each part could not be loaded')).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();
});
