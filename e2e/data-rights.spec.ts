import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { readZip } from '../server/modules/account/zip.test-support';
import {
  completeLpq,
  expectQuietlyHome,
  firmAndAttorneyPages,
  inviteByApi,
  latestMail,
  PASSWORD,
  registerFirmByApi,
  seriousAxeFindings,
  signInThroughUi,
  verifiedAttorneyByApi,
} from './helpers';

test('an attorney downloads their data, deletes the account, the firm loses access, and the account cannot sign in again', async ({
  browser,
}) => {
  const { firm, attorney: page } = await firmAndAttorneyPages(browser);

  // An attorney with a complete master LPQ who shared it with a firm.
  const email = await verifiedAttorneyByApi(page, 'leaving', { masterLpq: completeLpq() }, 'Casey');
  const firmEmail = await registerFirmByApi(firm.request);
  const requestId = await inviteByApi(firm.request, email);
  expect((await page.request.post(`/api/attorney/lpq-requests/${requestId}/share`)).ok()).toBe(true);

  // From the dashboard header to the page.
  await page.goto('/attorney/dashboard');
  await page.getByRole('link', { name: 'Your Data' }).click();
  await expect(page).toHaveURL(/\/attorney\/account$/);
  await expect(page.getByRole('heading', { name: 'Your Data', level: 1 })).toBeVisible();

  // The download: one JSON file with the master LPQ, and the PDF of the shared version.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^lateral-passport-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = readZip(await readFile((await download.path()) as string));
  const data = JSON.parse(entries.get('lateral-passport-export.json')?.toString('utf8') ?? '{}');
  expect(data.account.email).toBe(email);
  expect(data.masterLpq.isComplete).toBe(true);
  expect([...entries.keys()]).toContain('shared/Arden-Vale-LLP-Corporate-Partner-v1.pdf');

  expect(await seriousAxeFindings(page)).toEqual([]);

  // The confirmation (opened from the keyboard) says what happens, names the share that ends, and asks
  // for the password and DELETE; Escape closes it.
  await page.getByRole('button', { name: 'Delete account…' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('cannot be undone');
  await expect(dialog).toContainText('Arden & Vale LLP — Corporate Partner');
  await expect(dialog.getByLabel('Password')).toBeFocused();
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete account…' }).click();
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Password').fill('not-my-password');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Type DELETE in capital letters to confirm')).toBeVisible();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();
  await dialog.getByLabel('Password').fill(PASSWORD);
  await confirm.click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Account deleted')).toBeVisible();
  await expectQuietlyHome(page);
  const confirmation = await latestMail(page.request, email, 'account_deleted');
  expect(confirmation.subject).toBe('Your Lateral Passport account has been deleted');

  // The firm keeps the row, marked revoked, without the package; it was mailed.
  const detail = await firm.request.get(`/api/firm/lpq-requests/${requestId}`);
  expect(await detail.json()).toMatchObject({ status: 'revoked', package: null, attorneyEmail: email });
  const revoked = await latestMail(firm.request, firmEmail, 'package_revoked');
  expect(revoked.text).toContain('closed their account');

  // Signing in again fails like any unknown account.
  await page.goto('/auth');
  await signInThroughUi(page, email);
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await firm.context().close();
  await page.context().close();
});
