import { type Browser, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { SECURITY_MESSAGES } from '../shared/security';
import {
  atEachWidth,
  PASSWORD,
  registerByApi,
  seriousAxeFindings,
  settle,
  shotsWanted,
  signInByApi,
  uniqueEmail,
} from './helpers';

/**
 * Account security journeys (PRODUCT.md §10): enrol an authenticator (codes computed from the
 * secret the page shows), sign out and in with a code and with a recovery code, add a passkey and sign in
 * with it (Chromium's virtual authenticator over CDP), sign out another session, and meet the
 * 'Confirm it is you' dialog, whose action then goes through. Screens at 1280 and 390 px, axe on each.
 */

/** The authenticator's code `steps` 30-second steps from now. */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/**
 * A code the server takes (its window is one step either side), `steps` from now; when the current step
 * ends within 4 s, the current step's code instead: the server reads it as this step's or, once the step has
 * turned on the way, the last one's, so it cannot turn stale in transit and no test waits for the edge.
 */
const acceptedCode = (secret: string, steps: -1 | 1) =>
  codeFor(secret, 30_000 - (Date.now() % 30_000) < 4000 ? 0 : steps);

async function expectAccessible(page: Page, screen: string, opts: { loading?: boolean } = {}) {
  if (!opts.loading) await expect(page.locator('[aria-label^="Loading"]')).toHaveCount(0);
  const blocking = await seriousAxeFindings(page);
  expect.soft(blocking, `serious or critical axe violations on ${screen}`).toEqual([]);
}

/** Axe at 1280 px; with SHOTS=1, a full-page screenshot at both widths. */
async function shoot(page: Page, name: string, opts: { loading?: boolean } = {}) {
  await expectAccessible(page, name, opts);
  if (shotsWanted) await atEachWidth(page, name, () => settle(page));
}

async function signOut(page: Page) {
  await page.request.post('/api/logout');
  await page.goto('/auth');
}

async function enterPassword(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

const signedIn = (page: Page) => expect(page).not.toHaveURL(/\/auth/, { timeout: 15_000 });

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return cdp;
}

test('authenticator app: enrol, sign in with a code, then with a recovery code', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('totp');
  await registerByApi(page, { email, userType: 'attorney', firstName: 'Tess' });
  await page.goto('/account/security');
  await expect(page.getByRole('heading', { name: 'Account security' })).toBeVisible();
  await expect(page.getByTestId('session')).toHaveCount(1);
  await expect(page.getByText('This device')).toBeVisible();
  await shoot(page, 'security-page');

  await page.getByRole('button', { name: 'Set up' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await shoot(page, 'totp-setup');
  await page.getByLabel('Code from the app').fill(codeFor(secret, 5));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  await page.getByLabel('Code from the app').fill(acceptedCode(secret, -1));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByTestId('recovery-code');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((c) => c.trim());
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('lateral-passport-recovery-codes.txt');
  await shoot(page, 'recovery-codes');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 of 10 unused')).toBeVisible();

  // Sign out, and in again: the password, then a code.
  await signOut(page);
  await enterPassword(page, email);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByRole('button', { name: 'Use a recovery code' })).toBeVisible();
  await shoot(page, 'second-step');
  await code.fill(acceptedCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await signedIn(page);

  // And with a recovery code, which then is used up.
  await signOut(page);
  await enterPassword(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await signedIn(page);
  await page.goto('/account/security');
  await expect(page.getByText('9 of 10 unused')).toBeVisible();
});

test('passkeys: add one, then sign in with it alone and as the second step', async ({ page }) => {
  test.setTimeout(120_000);
  await virtualAuthenticator(page);
  const email = uniqueEmail('passkey');
  await registerByApi(page, { email, userType: 'firm', firstName: 'Pia' });
  await page.goto('/account/security');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('dialog', { name: 'Add a passkey' })).toBeVisible();
  await shoot(page, 'passkey-name');
  await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill('Work laptop');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('passkey').getByText('Work laptop', { exact: true })).toBeVisible();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await shoot(page, 'passkeys');

  // Rename it (no confirmation needed), then sign in with it without a password.
  await page.getByRole('button', { name: 'Rename Work laptop' }).click();
  await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill('Office laptop');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('passkey').getByText('Office laptop', { exact: true })).toBeVisible();

  await signOut(page);
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expect(page).toHaveURL(/\/firm\/dashboard/, { timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Security' })).toBeVisible();

  // With the password, the passkey is the second step.
  await signOut(page);
  await enterPassword(page, email);
  await expect(page.getByText('Two-step sign-in')).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey', exact: true }).click();
  await expect(page).toHaveURL(/\/firm\/dashboard/, { timeout: 15_000 });

  // Removed behind a confirmation; signing in then needs only the password again. The firm requires a second
  // factor and this is the account's only one: the confirmation says what removing it leaves.
  const settings = await page.request.put('/api/firm/settings', {
    data: { requireTwoFactor: true, acceptSelfIdentification: true },
  });
  expect(settings.status()).toBe(200);
  await page.getByRole('link', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Remove Office laptop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(SECURITY_MESSAGES.lastFactorRequiredByFirm)).toBeVisible();
  await shoot(page, 'passkey-remove');
  await confirm.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
});

test('sessions: sign another one out from this device', async ({ page, browser }) => {
  const email = uniqueEmail('sessions');
  await registerByApi(page, { email, userType: 'attorney' });
  const other = await phoneSession(browser, email);
  await page.goto('/account/security');
  await expect(page.getByTestId('session')).toHaveCount(2);
  await expect(page.getByText('Safari on iOS')).toBeVisible();
  await page.getByRole('button', { name: /^Sign out Safari on iOS/ }).click();
  await expect(page.getByTestId('session')).toHaveCount(1);
  expect((await other.request.get('/api/user')).status()).toBe(401);
  await other.close();
});

async function phoneSession(browser: Browser, email: string) {
  const context = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  const res = await context.request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return context;
}

test('recent sign-in: the dialog asks for the password, then the action goes through', async ({ page }) => {
  const email = uniqueEmail('recent');
  await registerByApi(page, { email, userType: 'attorney' });
  await signInByApi(page, email);
  await page.goto('/account/security');
  await expect(page.getByRole('button', { name: 'Set up' })).toBeVisible();
  // Ten minutes pass (the development server ages this session's sign-in).
  expect((await page.request.post('/dev/session/age')).status()).toBe(204);

  await page.getByRole('button', { name: 'Set up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  // Behind the dialog the set-up waits (its loader shows) for the confirmation.
  await shoot(page, 'confirm-dialog', { loading: true });
  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('The password is not correct.')).toBeVisible();
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  // The set-up went on by itself: the QR code and the key are there, and the focus is on its code field
  // (Set up went as it was pressed), not at the page's start.
  await expect(page.getByTestId('totp-secret')).toBeVisible();
  await expect(page.getByLabel('Code from the app')).toBeFocused();
});
