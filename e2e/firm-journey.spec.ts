import { expect, type Page, test } from '@playwright/test';
import { atEachWidth, latestMail, linkFrom, PASSWORD, settle, shotsWanted, uniqueEmail } from './helpers';
import { walkFirmSignUp } from './helpers-screens';

/** Full-page screenshots at desktop and phone width (SHOTS=1). */
async function captureBothWidths(page: Page, name: string) {
  if (shotsWanted) await atEachWidth(page, name, () => settle(page));
}

test('a firm registers, builds a custom section and invites an attorney with it', async ({ page }) => {
  const firmEmail = uniqueEmail('firm');
  const attorneyEmail = uniqueEmail('invitee');

  await page.goto('/register/firm');
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  // Each step is checked before the next one opens.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Firm name is required')).toBeVisible();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  // One blank office to start, removable only once there are two.
  const removeOffice = page.getByRole('button', { name: /Remove office/ });
  await expect(removeOffice).toHaveCount(0);
  const firm = {
    email: firmEmail,
    firmName: 'Harrow & Finch LLP',
    headquarters: '10 Hudson Yards, New York, NY',
    // Typed without a scheme, as people do: saved with https://.
    website: 'harrow.example.com',
    city: 'New York',
    state: 'NY',
    attorneys: '75',
    practiceAreas: ['Corporate'],
    contactName: 'Avery Finch',
    contactTitle: 'Recruiting Manager',
    phone: '+1 212 555 0142',
  };
  await walkFirmSignUp(page, firm, async (step) => {
    if (step !== 1) return;
    await page.getByRole('button', { name: 'Add Office' }).click();
    await expect(removeOffice).toHaveCount(2);
    await page.getByRole('button', { name: 'Remove office 2' }).click();
    await expect(removeOffice).toHaveCount(0);
  });
  await expect(page.getByRole('heading', { name: 'Review & Create Account' })).toBeVisible();
  await expect(page.getByText('Harrow & Finch LLP')).toBeVisible();
  await expect(page.getByText('Corporate', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('You must agree to the Terms of Service and Privacy Policy')).toBeVisible();
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Registration Successful')).toBeVisible();
  await expect(page.getByText('Your firm account has been created successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/firm\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Firm Dashboard' })).toBeVisible();
  await expect(page.getByText('Harrow & Finch LLP')).toBeVisible();
  await expect(page.getByText('Law Firm', { exact: true })).toBeVisible();
  await captureBothWidths(page, 'dashboard-empty');

  await page.getByRole('link', { name: /Custom Sections/ }).click();
  await expect(page).toHaveURL(/\/firm\/custom-sections$/);
  await page.getByRole('button', { name: 'New Section' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Section Title').fill('Practice Fit');
  await dialog.getByLabel('Question 1', { exact: true }).fill('Why do you want to join us?');
  await dialog.getByRole('button', { name: 'Add Question' }).click();
  await dialog.getByLabel('Question 2', { exact: true }).fill('Preferred office');
  await dialog.getByRole('combobox', { name: 'Question 2 type' }).click();
  await page.getByRole('option', { name: 'Single choice' }).click();
  const options = dialog.getByLabel('Question 2 options');
  await options.fill('New York');
  await options.press('Enter');
  await options.fill('London');
  await options.press('Enter');
  await dialog.getByRole('button', { name: 'Save Section' }).click();
  await expect(page.getByText('Section Saved')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Practice Fit' })).toBeVisible();
  await expect(page.getByText('2 questions')).toBeVisible();
  await captureBothWidths(page, 'custom-sections');

  // Sending invitations needs a verified firm address (PRODUCT.md §6): the link from the mail.
  const verify = await latestMail(page.request, firmEmail, 'verify_email');
  await page.goto(linkFrom(verify, '/verify-email'));
  await expect(page.getByText('Your email address is verified.')).toBeVisible();

  await page.goto('/firm/requests/new');
  await expect(page.getByLabel('Contact Person Name')).toHaveValue('Avery Finch');
  await expect(page.getByLabel('Contact Phone')).toHaveValue('+1 212 555 0142');
  // Validated as each field is left, with the spec's message.
  await page.getByLabel('Attorney Email').fill('not-an-address');
  await page.getByLabel('Position Title').focus();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await page.getByLabel('Attorney Email').fill(attorneyEmail);
  await page.getByLabel('Position Title').fill('M&A Partner');
  await page.getByRole('combobox', { name: 'Practice Area' }).click();
  await page.getByRole('option', { name: 'Corporate' }).click();
  await page.getByLabel('Message').fill('We are building a cross-border team.');
  await page.getByRole('checkbox', { name: 'Practice Fit' }).check();
  // The e-mail the attorney will receive, from the same words the server sends.
  const preview = page.getByLabel('Email preview');
  await expect(preview.getByText('Harrow & Finch LLP requests your LPQ for M&A Partner')).toBeVisible();
  await expect(preview.getByText('We are building a cross-border team.', { exact: false })).toBeVisible();
  await captureBothWidths(page, 'request-new');
  await page.getByRole('button', { name: 'Send Invitation' }).click();

  await expect(page).toHaveURL(/\/firm\/requests$/);
  const row = page.getByRole('row', { name: new RegExp(attorneyEmail) });
  await expect(row).toBeVisible();
  await expect(row.getByText('M&A Partner')).toBeVisible();
  await expect(row.getByText('Pending Response')).toBeVisible();
  await captureBothWidths(page, 'requests');

  const mail = await latestMail(page.request, attorneyEmail, 'lpq_invitation');
  expect(mail.subject).toBe('Harrow & Finch LLP requests your LPQ for M&A Partner');
  expect(mail.text).toMatch(/\/register\/attorney\?token=\S+&email=/);

  // A second invitation for the same address and position is flagged before sending.
  await page.goto('/firm/requests/new');
  await page.getByLabel('Attorney Email').fill(attorneyEmail.toUpperCase());
  await page.getByLabel('Position Title').fill('m&a partner');
  await expect(page.getByText('An invitation for this position is already open.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Invitation' })).toBeDisabled();
  await page.goto('/firm/requests');

  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'M&A Partner' })).toBeVisible();
  await expect(page.getByText('Why do you want to join us?')).toBeVisible();
  await expect(page.getByText('The attorney has not shared an LPQ package yet.')).toBeVisible();
  await captureBothWidths(page, 'request-detail-pending');

  await page.goto('/firm/dashboard');
  const invitations = page.getByText('Invitations Sent').locator('..');
  await expect(invitations.getByText('1', { exact: true })).toBeVisible();
});

test('the firm profile keeps one office row, refuses percentages above 100 and saves', async ({ page }) => {
  const email = uniqueEmail('profile');
  const res = await page.request.post('/api/register', {
    data: { email, password: PASSWORD, firstName: 'Quinn', lastName: 'Hale', userType: 'firm' },
  });
  expect(res.status()).toBe(201);
  await page.goto('/firm/profile');
  for (const section of [
    'Basic Information',
    'Office Locations',
    'Practice Areas',
    'Compensation & Structure',
    'Diversity & Culture',
    'Contact Information',
  ])
    await expect(page.getByRole('heading', { name: section })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
    'href',
    '/dashboard/firm',
  );
  await expect(page.getByRole('button', { name: /Remove office/ })).toHaveCount(0);
  await page.getByLabel('Firm Name').fill('Hale Partners');
  await page.getByLabel('Female Attorneys (%)').fill('140');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Must be at most 100')).toBeVisible();
  await page.getByLabel('Female Attorneys (%)').fill('45');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Firm Name')).toHaveValue('Hale Partners');
  await expect(page.getByLabel('Female Attorneys (%)')).toHaveValue('45');
  await captureBothWidths(page, 'profile');
});
