import { expect, test } from '@playwright/test';
import { TOASTS } from '../shared/texts';
import { registerByApi, signInThroughUi, uniqueEmail } from './helpers';
import { card, look, WIDE, watch, world } from './newcomer';

// What a newcomer meets (e2e/newcomer.ts), in three files so CI's two workers share them.
test.describe.configure({ timeout: 240_000 });

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

  await signInThroughUi(attorney, w.attorneyEmail);
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
