import { expect, test } from '@playwright/test';
import { TOASTS } from '../shared/texts';
import {
  expectQuietlyHome,
  latestMail,
  linkFrom,
  PASSWORD,
  registerByApi,
  signInThroughUi,
  signUpThroughUi,
  uniqueEmail,
  watchForText,
} from './helpers';

test('an attorney signs up, verifies the address from the mail, signs out and signs in again', async ({
  page,
}) => {
  const email = uniqueEmail('attorney');
  await signUpThroughUi(page, { email, role: 'Attorney', firstName: 'Riley' });
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page).toHaveURL(/\/attorney\/onboarding$/);

  const mail = await latestMail(page.request, email, 'verify_email');
  expect(mail.subject).toMatch(/verify/i);
  await page.goto(linkFrom(mail, '/verify-email'));
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  // The link again (it is single-use), by the verified owner: told it is verified, not that it failed.
  await page.goto(linkFrom(mail, '/verify-email'));
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  await expect(page.getByText('We could not verify your email')).toHaveCount(0);
  await page.getByRole('link', { name: 'Continue' }).click();

  await page.goto('/attorney/dashboard');
  await expect(page.getByRole('heading', { name: 'Attorney Dashboard' })).toBeVisible();
  await expect(page.getByText('Riley Avery')).toBeVisible();
  await expect(page.getByText('Please verify your email address')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Logged out')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectQuietlyHome(page);

  await page.goto('/auth');
  await signInThroughUi(page, email.toUpperCase());
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/attorney\/onboarding$/);
});

test('sign-in lands on onboarding until the attorney reaches its end, then on the dashboard', async ({
  page,
}) => {
  const email = uniqueEmail('returning');
  await registerByApi(page, { email, userType: 'attorney', firstName: 'Robin' });
  const signIn = async () => {
    await page.request.post('/api/logout');
    await page.goto('/auth');
    await signInThroughUi(page, email);
    await expect(page.getByText('Login successful')).toBeVisible();
  };
  await signIn();
  await expect(page).toHaveURL(/\/attorney\/onboarding$/);

  // Skipping to the end: the review step's Next Step opens Welcome Complete.
  await page.goto('/attorney/onboarding?step=5');
  await page.getByRole('button', { name: 'Next Step' }).click();
  // Nothing was filled in: the last step says what is missing rather than 'You are all set'.
  await expect(page.getByRole('heading', { name: 'Almost there, Robin' })).toBeVisible();
  await expect
    .poll(async () => (await (await page.request.get('/api/attorney/onboarding')).json()).completedAt)
    .not.toBeNull();
  // Signed in, /auth sends the attorney home: the dashboard now.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/attorney\/dashboard$/);

  await signIn();
  await expect(page).toHaveURL(/\/attorney\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Attorney Dashboard' })).toBeVisible();
});

test('a law firm signs up and lands on the firm dashboard', async ({ page }) => {
  const email = uniqueEmail('firm');
  await signUpThroughUi(page, { email, role: 'Law Firm', firstName: 'Morgan' });
  await expect(page).toHaveURL(/\/firm\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Firm Dashboard' })).toBeVisible();
  await expect(page.getByText('Law Firm', { exact: true })).toBeVisible();
});

test('the create-account form shows the spec messages under the fields', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('123');
  await page.getByLabel('Confirm Password').fill('456');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await expect(page.getByText('Please select your role')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
});

test('the sign-in form checks its fields on submit, then as they change, and sends the address as typed but trimmed and lower-cased', async ({
  page,
}) => {
  const email = uniqueEmail('checked');
  await registerByApi(page, { email, userType: 'attorney' });
  await page.request.post('/api/logout');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  // The first wrong field has the focus, as on the app's other forms.
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
  await expect(page.getByText('Please enter a valid email')).toHaveCount(0);
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  await expect(page.getByText('Password must be at least 6 characters')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  const me = await page.request.get('/api/user');
  expect((await me.json()).email).toBe(email);
});

test('a wrong password shows the login failure toast and keeps the user signed out', async ({ page }) => {
  const email = uniqueEmail('wrongpw');
  await registerByApi(page, { email, userType: 'attorney' });
  await page.request.post('/api/logout');
  await page.goto('/auth');
  await signInThroughUi(page, email, 'not-the-password');
  await expect(page.getByText('Login failed')).toBeVisible();
  // In the toast and, to stay until acted on, under the password.
  await expect(page.getByText('Invalid email or password')).toHaveCount(2);
  await expect(page).toHaveURL(/\/auth$/);
});

test('forgot password: the mailed link sets a new password that signs in', async ({ page }) => {
  const email = uniqueEmail('reset');
  await registerByApi(page, { email, userType: 'firm' });
  await page.request.post('/api/logout');
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The page loads lazily: wait for it, or the sign-in form's Email field may still be there.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that address')).toBeVisible();

  const mail = await latestMail(page.request, email, 'reset_password');
  await page.goto(linkFrom(mail, '/reset-password'));
  await page.getByLabel('New Password').fill('brand-new-secret');
  await page.getByLabel('Confirm Password').fill('brand-new-secret');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been reset')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await signInThroughUi(page, email, 'brand-new-secret');
  await expect(page).toHaveURL(/\/firm\/dashboard$/);

  // The link works once.
  await page.request.post('/api/logout');
  await page.goto(linkFrom(mail, '/reset-password'));
  await page.getByLabel('New Password').fill('another-secret');
  await page.getByLabel('Confirm Password').fill('another-secret');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
});

test('an unknown route shows the 404 screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('a signed-out visit to a signed-in page shows Unauthorized and goes to sign in', async ({ page }) => {
  const toastShown = await watchForText(page, TOASTS.unauthorized.message);
  await page.goto('/attorney/dashboard');
  await toastShown();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a firm user on an attorney page is told which account the page is for, with a way home', async ({
  page,
}) => {
  const email = uniqueEmail('firm-guard');
  await registerByApi(page, { email, userType: 'firm' });
  await page.goto('/attorney/master-lpq');
  await expect(page.getByRole('heading', { name: 'This page is for attorney accounts' })).toBeVisible();
  await expect(page.getByText(`You are signed in as ${email}, a law firm account.`)).toBeVisible();
  await expect(page.getByText('You are logged out', { exact: false })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/firm\/dashboard$/);
});

test('the landing page links to sign in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const title of [
    'Master LPQ Creation',
    'Invitation System',
    'Response Tracking',
    'Custom LPQ Sections',
    'LPQ Invitations',
    'Response Management',
  ]) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});
