import { expect, type Page, test } from '@playwright/test';
import { completeMasterLpq } from '../server/modules/master-lpq/master-lpq.fixtures';
import { TOASTS } from '../shared/texts';
import {
  attorneyInvitedWithCompleteLpq,
  certifyInDialog,
  inviteByApi,
  registerByApi,
  registerFirmByApi,
  shot,
  signInThroughUi,
  uniqueEmail,
  verifyAddressByApi,
  watchForText,
} from './helpers';

/**
 * Autosave (PRODUCT.md §2): every attorney form keeps what is typed (a server draft a moment after typing
 * stops, and a copy in the tab), and a session that ends mid-form loses nothing.
 */

const saveState = (page: Page) => page.getByTestId('save-state');
const shotOf = (page: Page, name: string) => shot(page, name, { fullPage: false });

async function expectSaved(page: Page) {
  await expect(saveState(page)).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });
  await expect(saveState(page)).toContainText(/Saved \d{2}:\d{2}/);
}

test('(a) typing into the master LPQ without pressing anything survives a reload, on every step typed', async ({
  page,
}) => {
  await registerByApi(page, { email: uniqueEmail('autosave'), userType: 'attorney' });
  await page.goto('/attorney/master-lpq');
  await expect(page.getByText('Step 1 of 7')).toBeVisible();

  await page.getByLabel('Full Name').fill('Dana Whitfield');
  await page.getByLabel('Address').fill('1 Main Street, Boston');
  await page.getByLabel('Bar Admissions').fill('Massachusetts, New York');
  await expectSaved(page);

  // A step change saves at once; the second step's answers too.
  await page.getByRole('button', { name: /^2\. Professional Experience/ }).click();
  await page.getByLabel('Current Employer').fill('Hale & Stone LLP');
  await page.getByLabel('Current Position').fill('Partner');
  await expectSaved(page);

  // Nothing was saved through Next or Save Template: the record does not exist, the draft does.
  expect((await page.request.get('/api/attorney/master-lpq')).status()).toBe(404);
  const draft = await (await page.request.get('/api/attorney/drafts/master-lpq')).json();
  expect(draft.data.generalInfo.name).toBe('Dana Whitfield');

  await page.reload();
  await expect(page.getByTestId('restored-notice')).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Dana Whitfield');
  await shotOf(page, 'master-lpq-restored');
  await expect(page.getByLabel('Address')).toHaveValue('1 Main Street, Boston');
  await expect(page.getByLabel('Bar Admissions')).toHaveValue('Massachusetts, New York');
  await page.getByRole('button', { name: /^2\. Professional Experience/ }).click();
  await expect(page.getByLabel('Current Employer')).toHaveValue('Hale & Stone LLP');
  await expect(page.getByLabel('Current Position')).toHaveValue('Partner');

  // Typed and reloaded at once (before the draft went out): the tab's copy brings it back.
  await page.getByLabel('Current Position').fill('Equity Partner');
  await page.reload();
  await page.getByRole('button', { name: /^2\. Professional Experience/ }).click();
  await expect(page.getByLabel('Current Position')).toHaveValue('Equity Partner');
  await expectSaved(page);

  // Discarding the restored input (after a confirmation) goes back to the saved record: here, empty.
  await page.getByRole('button', { name: 'Discard them' }).click();
  await page.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(page.getByLabel('Current Position')).toHaveValue('');
  await expect
    .poll(async () => (await page.request.get('/api/attorney/drafts/master-lpq')).json())
    .toBeNull();
});

test('(a) the conflicts form, business plan, diversity form, onboarding and profile keep their drafts over a reload', async ({
  page,
}) => {
  await registerByApi(page, { email: uniqueEmail('autosave-forms'), userType: 'attorney' });

  await page.goto('/attorney/conflicts-form');
  await page.getByLabel('Attorney Name').fill('Dana Whitfield');
  await page.getByLabel('Firm Name').fill('Hale & Stone LLP');
  await expectSaved(page);
  await page.reload();
  await expect(page.getByLabel('Attorney Name')).toHaveValue('Dana Whitfield');
  await expect(page.getByLabel('Firm Name')).toHaveValue('Hale & Stone LLP');

  await page.goto('/attorney/business-plan');
  await page.getByLabel('Business Name').fill('Build a Boston IP practice.');
  await expectSaved(page);
  await page.reload();
  await expect(page.getByLabel('Business Name')).toHaveValue('Build a Boston IP practice.');

  await page.goto('/attorney/profile');
  await page.getByLabel('Phone').fill('+1 617 555 0142');
  await expectSaved(page);
  await page.reload();
  await expect(page.getByLabel('Phone')).toHaveValue('+1 617 555 0142');

  // The diversity form and onboarding's steps too.
  await page.goto('/attorney/diversity-form');
  await page.getByRole('radiogroup', { name: 'Gender' }).getByLabel('Female', { exact: true }).check();
  await expectSaved(page);
  await page.reload();
  await expect(
    page.getByRole('radiogroup', { name: 'Gender' }).getByLabel('Female', { exact: true }),
  ).toBeChecked();

  await page.goto('/attorney/onboarding');
  await page.getByLabel('Phone').fill('+1 617 555 0177');
  await expectSaved(page);
  await page.reload();
  await expect(page.getByLabel('Phone')).toHaveValue('+1 617 555 0177');

  await page.goto('/attorney/profile');
  await expect(page.getByLabel('Phone')).toHaveValue('+1 617 555 0142');
  // Saving the form itself writes the record and ends the draft.
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile Updated').first()).toBeVisible();
  await expect.poll(async () => (await page.request.get('/api/attorney/drafts/profile')).json()).toBeNull();
  await page.reload();
  await expect(page.getByLabel('Phone')).toHaveValue('+1 617 555 0142');
  await expect(page.getByTestId('restored-notice')).toHaveCount(0);
});

test('(c) a session that ends mid-form: the spec’s toast, sign-in, and back to the page with the input restored', async ({
  page,
}) => {
  const email = uniqueEmail('expiry');
  await registerByApi(page, { email, userType: 'attorney' });
  const toastShown = await watchForText(page, TOASTS.unauthorized.message);
  await page.goto('/attorney/master-lpq');
  await page.getByLabel('Full Name').fill('Dana Whitfield');
  await expectSaved(page);

  // The session ends elsewhere (another tab signs out; on the server, expiry is the same 401).
  expect((await page.request.post('/api/logout')).status()).toBe(200);

  await page.getByLabel('Address').fill('77 Beacon Street, Boston');
  await page.getByLabel('Bar Admissions').fill('Massachusetts');
  await toastShown();
  await expect(page).toHaveURL(/\/auth$/);
  // Issue 67: /auth says why the user is there and where sign-in goes back to.
  await expect(
    page.getByText('Your session ended. Sign in to go back to your Master LPQ; what you typed is kept.'),
  ).toBeVisible();
  await shot(page, 'auth-session-ended-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'auth-session-ended-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  await signInThroughUi(page, email);

  await expect(page).toHaveURL(/\/attorney\/master-lpq$/);
  await expect(page.getByTestId('restored-notice')).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Dana Whitfield');
  await expect(page.getByLabel('Address')).toHaveValue('77 Beacon Street, Boston');
  await expect(page.getByLabel('Bar Admissions')).toHaveValue('Massachusetts');
  // And it reaches the server as the draft again.
  await expectSaved(page);
  const draft = await (await page.request.get('/api/attorney/drafts/master-lpq')).json();
  expect(draft.data.generalInfo).toMatchObject({
    address: '77 Beacon Street, Boston',
    barAdmissions: 'Massachusetts',
  });
});

test('offline: the state says so, leaving asks first, and the draft goes out once back online', async ({
  page,
  context,
}) => {
  await registerByApi(page, { email: uniqueEmail('offline'), userType: 'attorney' });
  await page.goto('/attorney/business-plan');
  await expect(page.getByTestId('save-state')).toBeAttached();
  await context.setOffline(true);
  await page.getByLabel('Business Name').fill('Typed on a train');
  await expect(saveState(page)).toHaveAttribute('data-status', 'offline', { timeout: 15_000 });
  await expect(saveState(page)).toContainText('Offline');
  await shotOf(page, 'business-plan-offline');

  // A link inside the app asks before leaving; dismissing keeps the page.
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect.poll(() => asked).toContain('not saved yet');
  await expect(page).toHaveURL(/\/attorney\/business-plan$/);

  await context.setOffline(false);
  await expectSaved(page);
  const draft = await (await page.request.get('/api/attorney/drafts/business-plan')).json();
  expect(JSON.stringify(draft.data)).toContain('Typed on a train');
});

test('(a) a position LPQ keeps its draft, apart from the saved LPQ, and Save & Continue ends it', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('autosave-position');
  await registerByApi(page, { email, userType: 'attorney' });
  expect(
    (
      await page.request.post('/api/attorney/master-lpq', {
        data: { ...completeMasterLpq(), isComplete: true },
      })
    ).status(),
  ).toBe(200);
  const firm = await browser.newContext();
  const firmPage = await firm.newPage();
  await registerFirmByApi(firmPage.request);
  const requestId = await inviteByApi(firmPage.request, email);
  await verifyAddressByApi(page.request, email);
  const shared = await page.request.post(`/api/attorney/lpq-requests/${requestId}/share`, { data: {} });
  expect(shared.status()).toBe(200);
  const { lpqId } = await shared.json();

  await page.goto(`/lpq/${lpqId}`);
  await page.getByLabel('Address').fill('200 Clarendon Street');
  await expectSaved(page);
  const saved = await (await page.request.get(`/api/lpqs/${lpqId}`)).json();
  expect(saved.formData.address ?? '').not.toBe('200 Clarendon Street');
  await page.reload();
  await expect(page.getByLabel('Address')).toHaveValue('200 Clarendon Street');
  await expect(page.getByTestId('restored-notice')).toBeVisible();

  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Progress Saved').first()).toBeVisible();
  await expect
    .poll(async () => (await page.request.get(`/api/attorney/drafts/position-lpq-${lpqId}`)).json())
    .toBeNull();
  expect((await (await page.request.get(`/api/lpqs/${lpqId}`)).json()).formData.address).toBe(
    '200 Clarendon Street',
  );
  await firm.close();
});

test('(b) walking a complete master LPQ with Next to the end keeps it complete, and it still shares', async ({
  page,
  browser,
}) => {
  const { firm } = await attorneyInvitedWithCompleteLpq(page, browser, 'walk');

  await page.goto('/attorney/master-lpq');
  for (let step = 2; step <= 7; step++) {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText(`Step ${step} of 7`)).toBeVisible();
  }
  expect((await (await page.request.get('/api/attorney/master-lpq')).json()).isComplete).toBe(true);

  await page.goto('/attorney/lpq-requests');
  const card = page.getByRole('article', { name: /Arden & Vale LLP/ });
  await card.getByRole('button', { name: 'Share LPQ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share LPQ Package' });
  await certifyInDialog(dialog, 'Jordan Avery');
  await dialog.getByRole('button', { name: 'Share LPQ' }).click();
  await expect(page.getByText('LPQ Shared Successfully')).toBeVisible();
  await firm.close();
});

test('signing out leaves nothing typed in the tab for the next person', async ({ page }) => {
  await registerByApi(page, { email: uniqueEmail('signout'), userType: 'attorney' });
  // The draft cannot reach the server, so the tab's copy is all there is.
  await page.route('**/api/attorney/drafts/**', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 503, body: '{}' }) : route.continue(),
  );
  await page.goto('/attorney/diversity-form');
  await page.getByRole('radiogroup', { name: 'Gender' }).getByLabel('Female', { exact: true }).check();
  const unsaved = () =>
    page.evaluate(() => Object.keys(window.sessionStorage).filter((k) => k.startsWith('lp.unsaved.')));
  await expect(saveState(page)).toHaveAttribute('data-status', 'retrying', { timeout: 15_000 });
  expect(await unsaved()).toHaveLength(1);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.goto('/attorney/dashboard');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await unsaved()).toEqual([]);
});
