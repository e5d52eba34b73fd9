import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  answerDisclosures,
  certifyInDialog,
  inviteByApi,
  registerFirmByApi,
  shot,
  uniqueEmail,
  verifyAddressByApi,
} from './helpers';
import {
  chooseOption,
  fillConflictsCurrentClient,
  fillMasterLpqSteps,
  walkAttorneySignUp,
} from './helpers-screens';

/**
 * The whole attorney path on a 390 × 844 phone, through the screens — register,
 * onboarding, a complete master LPQ, the conflicts form, the business plan, a firm's invitation shared,
 * the position LPQ submitted. On every main screen the page does not scroll sideways, each toast lies
 * inside the viewport and the wizard's buttons are on screen. With SHOTS=1, screenshots of each.
 */
const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 } });

/** The page is no wider than the phone: nothing scrolls sideways. */
async function expectFitsPhone(page: Page, screen: string) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${screen} scrolls sideways`).toBeLessThanOrEqual(WIDTH);
}

/** Left and right edges inside the viewport (once it has stopped moving in). */
async function expectInsideViewport(target: Locator, what: string) {
  await expect(target).toBeVisible();
  await expect
    .poll(async () => {
      const box = await target.boundingBox();
      return box ? [box.x >= 0, box.x + box.width <= WIDTH] : null;
    }, `${what} lies within the ${WIDTH} px viewport`)
    .toEqual([true, true]);
}

/** A toast with this title is shown, whole, inside the viewport. */
async function expectToast(page: Page, title: string) {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: title });
  await expectInsideViewport(toast.first(), `the '${title}' toast`);
}

/** The wizard's buttons (Cancel is a link to '/') are whole on the screen. */
async function expectButtonsOnScreen(page: Page, names: string[]) {
  for (const name of names) {
    const control = page
      .getByRole('button', { name, exact: true })
      .or(page.getByRole('link', { name, exact: true }));
    await expectInsideViewport(control, `the ${name} button`);
  }
}

async function openStep(page: Page, title: string) {
  await page.getByRole('navigation', { name: 'Steps' }).getByRole('button', { name: title }).click();
}

/** Master LPQ: Next saves the step and moves on to step `to` of seven. */
async function nextLpqStep(page: Page, to: number) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText(`Step ${to} of 7`)).toBeVisible();
  await expectToast(page, 'Progress Saved');
}

/** Types into every empty text field of the business plan step on screen. */
async function fillEmptyFields(page: Page, step: number) {
  const fields = page.locator('form').getByRole('textbox');
  const count = await fields.count();
  for (let i = 0; i < count; i++) {
    const field = fields.nth(i);
    if ((await field.inputValue()) === '') await field.fill(`Plan answer ${step}.${i + 1}`);
  }
}

test('the attorney path on a 390 px phone: register, onboard, complete every form, share, answer the firm', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('phone');

  // Registration: three steps, each fitting the phone.
  await page.goto('/register/attorney');
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expectFitsPhone(page, '/register/attorney');
  await expectButtonsOnScreen(page, ['Cancel', 'Continue']);
  await shot(page, '01-register-step1');
  const registration = {
    email,
    firstName: 'Jamie',
    lastName: 'Okafor',
    phone: '+1 617 555 0190',
    currentFirm: 'Hale & Stone LLP',
    yearsOfExperience: '14',
    lawSchool: 'Boston University',
    graduationYear: '2010',
    barAdmissions: 'Massachusetts',
    practiceAreas: ['Corporate'],
  };
  await walkAttorneySignUp(page, registration, async (step) => {
    if (step === 2) await expectFitsPhone(page, '/register/attorney step 2');
    if (step !== 3) return;
    await expectButtonsOnScreen(page, ['Back', 'Create Account']);
    await shot(page, '02-register-step3');
  });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/attorney\/master-lpq$/);
  await expectToast(page, 'Registration successful');
  // Firms' requests reach the list once the address is verified (PRODUCT.md §8).
  await verifyAddressByApi(page.request, email);

  // Onboarding: six steps; each Next Step saves.
  await page.goto('/attorney/onboarding');
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveValue('+1 617 555 0190');
  await expectFitsPhone(page, '/attorney/onboarding');
  await expectButtonsOnScreen(page, ['Previous', 'Next Step']);
  await shot(page, '03-onboarding-step1');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByText('Step 2 of 6')).toBeVisible();
  await expectToast(page, 'Progress Saved');
  await chooseOption(page, 'Position', 'Partner');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByText('Step 3 of 6')).toBeVisible();
  await page.getByLabel('Personal Summary').fill('Corporate partner advising mid-market buyers.');
  await chooseOption(page, 'Current Employment Type', 'Equity Partner');
  await page.getByLabel('Client Information and Portability').fill('Three institutional clients.');
  await expectFitsPhone(page, '/attorney/onboarding step 3');
  await shot(page, '04-onboarding-step3');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByText('Step 4 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByText('Step 5 of 6')).toBeVisible();
  await expect(page.getByText('Boston University')).toBeVisible();
  await expectFitsPhone(page, '/attorney/onboarding review');
  await shot(page, '05-onboarding-review');
  await page.getByRole('button', { name: 'Next Step' }).click();
  // No resume yet and the Master LPQ not complete: the last step says so, one link each.
  await expect(page.getByRole('heading', { name: 'Almost there, Jamie' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'What is missing' }).getByRole('button')).toHaveText([
    'Resume',
  ]);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Attorney Dashboard' })).toBeVisible();
  await expectFitsPhone(page, '/attorney/dashboard');
  await shot(page, '06-dashboard');

  // The master LPQ, all seven steps through the screens.
  await page.goto('/attorney/master-lpq');
  await expect(page.getByText('Step 1 of 7')).toBeVisible();
  await expectFitsPhone(page, '/attorney/master-lpq');
  await expectButtonsOnScreen(page, ['Previous', 'Next']);
  const jamie = { fullName: 'Jamie Okafor', email: 'jamie@example.com', phone: '+1 617 555 0190' };
  const next = async (to: number) => {
    await nextLpqStep(page, to);
    if (to === 2) await shot(page, '08-master-lpq-toast');
  };
  await fillMasterLpqSteps(page, jamie, next, async (step) => {
    if (step === 1) await shot(page, '07-master-lpq-step1');
    if (step !== 3) return;
    // On a phone every period's figures are in sight: no table scrolls two of them away.
    await page.getByLabel('Year Before Collections').fill('2000000');
    await expectInsideViewport(page.getByLabel('Year Before Collections'), 'Year Before Collections');
    await expectFitsPhone(page, '/attorney/master-lpq step 3');
    await shot(page, '09-master-lpq-financial');
  });

  await answerDisclosures(page);
  await expectFitsPhone(page, '/attorney/master-lpq disclosures');
  await nextLpqStep(page, 7);
  await expect(page.getByText('Every required answer is given')).toBeVisible();
  await expectButtonsOnScreen(page, ['Previous', 'Save Template']);
  await shot(page, '10-master-lpq-step7');
  await page.getByRole('button', { name: 'Save Template' }).click();
  await expect(page).toHaveURL(/\/attorney\/dashboard$/);
  await expect(page.getByRole('group', { name: 'Master LPQ' })).toContainText('100%');

  // The conflicts form, filled in from the master LPQ, then completed.
  await page.goto('/attorney/conflicts-form');
  await expect(page.getByLabel('Attorney Name')).toHaveValue('Jamie Okafor');
  await expectFitsPhone(page, '/attorney/conflicts-form');
  await page.getByLabel('Firm Name').fill('Hale & Stone LLP');
  // The matter filled in for the current client (PRODUCT.md §13) needs its description and date.
  await fillConflictsCurrentClient(page);
  await page.getByLabel(/I certify/).check();
  await page.getByRole('button', { name: 'Submit Conflicts Form' }).click();
  await expectToast(page, 'Conflicts Form Submitted');
  await shot(page, '11-conflicts');

  // The business plan: eight steps, every required answer, then saved.
  await page.goto('/attorney/business-plan');
  await expect(page.getByText('1 of 8')).toBeVisible();
  await expectFitsPhone(page, '/attorney/business-plan');
  await shot(page, '12-business-plan-step1');
  for (let step = 1; step <= 8; step++) {
    await expect(page.getByText(`${step} of 8`, { exact: true })).toBeVisible();
    if (step === 5) await chooseOption(page, 'Firm Structure', 'LLC');
    await fillEmptyFields(page, step);
    if (step < 8) await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await expectButtonsOnScreen(page, ['Previous', 'Save Business Plan']);
  await shot(page, '13-business-plan-step8');
  await page.getByRole('button', { name: 'Save Business Plan' }).click();
  await expectToast(page, 'Business Plan Saved');
  await shot(page, '14-business-plan-saved');

  // A firm invites the attorney (through the API); the attorney shares from the phone.
  const firmContext = await browser.newContext();
  await registerFirmByApi(firmContext.request);
  await inviteByApi(firmContext.request, email);
  await page.goto('/attorney/lpq-requests');
  const card = page.getByRole('article', { name: /Arden & Vale LLP/ });
  await expect(card.getByText('Pending Response')).toBeVisible();
  await expectFitsPhone(page, '/attorney/lpq-requests');
  await expectInsideViewport(card.getByText('Pending Response'), 'the status badge');
  await shot(page, '15-lpq-requests');
  await card.getByRole('button', { name: 'Share LPQ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share LPQ Package' });
  await expect(dialog).toContainText('conflicts form');
  await expectInsideViewport(
    dialog.getByRole('button', { name: 'Share LPQ' }),
    'the dialog’s Share LPQ button',
  );
  await certifyInDialog(dialog, 'Jamie Okafor');
  await shot(page, '16-share-dialog');
  await dialog.getByRole('button', { name: 'Share LPQ' }).click();
  await expectToast(page, 'LPQ Shared Successfully');
  await expect(card.getByText('Documents Shared')).toBeVisible();
  await expectFitsPhone(page, '/attorney/lpq-requests after sharing');
  await shot(page, '17-shared');

  // The position LPQ: five steps (the firm asked a question), Continue saves, Submit completes.
  await card.getByRole('link', { name: 'Complete Position LPQ' }).click();
  await expect(page.getByRole('heading', { name: 'Lateral Partner Questionnaire' })).toBeVisible();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Jamie Okafor');
  await expectFitsPhone(page, '/lpq/{id}');
  await expectButtonsOnScreen(page, ['Save & Exit', 'Previous', 'Continue']);
  await shot(page, '18-position-lpq-step1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  await expectToast(page, 'Progress Saved');
  await shot(page, '19-position-lpq-toast');
  await openStep(page, '5. Firm-Specific Questions');
  await expect(page.getByText('Step 5 of 5')).toBeVisible();
  await page.getByLabel('Why our firm?').fill('Your cross-border platform.');
  await expectFitsPhone(page, '/lpq/{id} step 5');
  await expectButtonsOnScreen(page, ['Save & Exit', 'Previous', 'Submit LPQ']);
  await shot(page, '20-position-lpq-step5');
  await page.getByRole('button', { name: 'Submit LPQ' }).click();
  await expectToast(page, 'LPQ Completed');
  await expect(page).toHaveURL(/\/attorney\/dashboard$/);
  await expectFitsPhone(page, '/attorney/dashboard after submitting');
  await shot(page, '21-dashboard-after');

  await firmContext.close();
});
