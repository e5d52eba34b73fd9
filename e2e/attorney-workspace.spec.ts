import { expect, type Page, test } from '@playwright/test';
import { completeMasterLpq } from '../server/modules/master-lpq/master-lpq.fixtures';
import { answerDisclosures, registerByApi, uniqueEmail } from './helpers';
import { fillConflictsCurrentClient, fillMasterLpqSteps, walkAttorneySignUp } from './helpers-screens';

/** Next saves the step and moves on to step `to` of the seven. */
async function nextStep(page: Page, to: number) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText(`Step ${to} of 7`)).toBeVisible();
  await expect(page.getByText('Progress Saved').first()).toBeVisible();
}

async function openStep(page: Page, title: string) {
  await page.getByRole('navigation', { name: 'Steps' }).getByRole('button', { name: title }).click();
}

test('an attorney registers in three steps and lands on the master LPQ', async ({ page }) => {
  const email = uniqueEmail('register-attorney');
  await page.goto('/register/attorney');
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await walkAttorneySignUp(page, {
    email,
    phone: '+1 617 555 0123',
    currentFirm: 'Hale & Stone LLP',
    yearsOfExperience: '12',
    graduationYear: '2010',
    practiceAreas: ['Tax'],
  });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/attorney\/master-lpq$/);

  await page.goto('/attorney/profile');
  await expect(page.getByLabel('Current Firm')).toHaveValue('Hale & Stone LLP');
  await expect(page.getByLabel('Phone')).toHaveValue('+1 617 555 0123');
  await expect(page.getByLabel('Tax')).toBeChecked();
});

test('registration with a taken address shows the Registration Failed toast', async ({ page }) => {
  const email = uniqueEmail('taken');
  await registerByApi(page, { email, userType: 'attorney' });
  await page.request.post('/api/logout');
  await page.goto('/register/attorney');
  await walkAttorneySignUp(page, { email, phone: '555' });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration Failed')).toBeVisible();
  await expect(page.getByText('An account with this email already exists').first()).toBeVisible();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
});

test('the whole master LPQ is filled through the screens, survives a reload and completes to 100%', async ({
  page,
}) => {
  await registerByApi(page, { email: uniqueEmail('lpq'), userType: 'attorney', firstName: 'Dana' });
  await page.goto('/attorney/master-lpq');
  await expect(page.getByText('Step 1 of 7')).toBeVisible();

  // A new template starts with the name and e-mail given at registration (enter once).
  await expect(page.getByLabel('Full Name')).toHaveValue('Dana Avery');
  // Save Template lists what is still missing with the spec messages; a link goes to the field.
  await openStep(page, '7. Documents');
  await page.getByRole('button', { name: 'Save Template' }).click();
  const missing = page.getByRole('region', { name: 'What is missing' });
  await expect(missing).toBeFocused();
  await expect(missing).toContainText('Address — Address is required');
  await expect(missing).not.toContainText('Full Name');
  await expect(missing).not.toContainText('Valid email is required');
  await expect(missing).toContainText('Have you failed to file any tax returns? — Please answer Yes or No');
  await missing.getByRole('button', { name: 'Address' }).click();
  await expect(page.getByText('Step 1 of 7')).toBeVisible();
  await expect(page.getByLabel('Address')).toBeFocused();
  await expect(page.getByText('Address is required')).toBeVisible();

  const dana = { fullName: 'Dana Whitfield', email: 'dana@example.com', phone: '+1 617 555 0100' };
  await fillMasterLpqSteps(
    page,
    dana,
    (to) => nextStep(page, to),
    async (step) => {
      if (step === 2) {
        await page.getByRole('button', { name: 'Add Prior Employment' }).click();
        await page.getByLabel('Employer Name').fill('Brook Partners');
        await page.getByLabel('Start Date').nth(1).fill('2010-09-01');
        await page.getByLabel('Departure Date').fill('2015-08-31');
        await page.getByLabel('Reason for Departure').nth(1).fill('Partnership offer');
      }
      if (step === 3) await page.getByLabel('Last Year Collections').fill('2400000');
      if (step === 4) await page.getByLabel('I am the originator of this client').check();
    },
  );

  await answerDisclosures(page, [/non-compete/]);
  await page.getByLabel('Explanation').fill('Six-month non-solicit');
  await nextStep(page, 7);
  await expect(page.getByText('Step 7 of 7')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Conflicts of Interest Form' })).toHaveAttribute(
    'href',
    '/attorney/conflicts-form',
  );
  await expect(page.getByRole('link', { name: /Diversity Self-Identification Form/ })).toHaveAttribute(
    'href',
    '/attorney/diversity-form',
  );
  await expect(page.getByText('Supporting documents')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Dana Whitfield');
  await expect(page.getByLabel('Email')).toHaveValue('dana@example.com');
  await expect(page.getByLabel('Address')).toHaveValue('1 Main Street, Boston');
  await openStep(page, '2. Professional Experience');
  await expect(page.getByLabel('Current Employer')).toHaveValue('Hale & Stone LLP');
  await expect(page.getByLabel('Start Date').first()).toHaveValue('2015-09-01');
  await expect(page.getByLabel('Employer Name')).toHaveValue('Brook Partners');
  await expect(page.getByLabel('Departure Date')).toHaveValue('2015-08-31');
  await openStep(page, '3. Financial Information');
  await expect(page.getByRole('combobox', { name: 'Employee Type' })).toHaveValue('K1 (partner)');
  await expect(page.getByLabel('Compensation Expectations')).toHaveValue('$1.2M base');
  await expect(page.getByLabel('Current Year Rate')).toHaveValue('$950');
  await expect(page.getByLabel('Last Year Collections')).toHaveValue('$2,400,000');
  await openStep(page, '4. Client Information');
  await expect(page.getByLabel('Client Name')).toHaveValue('Acme Corp');
  await expect(page.getByLabel('I am the originator of this client')).toBeChecked();
  await expect(page.getByLabel('YTD Collections')).toHaveValue('$500,000');
  await expect(page.getByLabel('Portability Likelihood')).toHaveValue('80%');
  await expect(page.getByLabel('Special fee arrangements')).toHaveValue('Capped fees');
  await openStep(page, '5. Practice Requirements');
  await expect(page.getByLabel('Marketing Budget Requirements')).toHaveValue('$50,000 a year');
  await openStep(page, '6. Disclosures');
  const nonCompete = page.getByRole('radiogroup', { name: /non-compete/ });
  await expect(nonCompete.getByLabel('Yes', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Explanation')).toHaveValue('Six-month non-solicit');
  await expect(
    page.getByRole('radiogroup', { name: /tax lien/ }).getByLabel('No', { exact: true }),
  ).toBeChecked();

  // Every step's mark says complete, and nothing is missing.
  const steps = page.getByRole('navigation', { name: 'Steps' });
  for (const title of ['1. General Information', '5. Practice Requirements', '6. Disclosures'])
    await expect(steps.getByRole('button', { name: `${title}, complete` })).toBeVisible();
  await openStep(page, '7. Documents');
  await expect(page.getByRole('region', { name: 'What is missing' })).toHaveCount(0);
  await expect(page.getByText('Every required answer is given')).toBeVisible();
  await page.getByRole('button', { name: 'Save Template' }).click();
  await expect(page).toHaveURL(/\/attorney\/dashboard$/);
  await expect(page.getByRole('group', { name: 'Master LPQ' })).toContainText('100%');
  await expect(page.getByText('Master LPQ completed')).toBeVisible();
  await expect(page.getByRole('link', { name: /Complete Master LPQ/ })).toContainText('complete');
});

test('a disclosure left unanswered is listed in What is missing, and answering it completes the template', async ({
  page,
}) => {
  await registerByApi(page, { email: uniqueEmail('unanswered'), userType: 'attorney' });
  const lpq = completeMasterLpq();
  const { taxLien: _, ...disclosures } = lpq.disclosures as Record<string, unknown>;
  const saved = await page.request.post('/api/attorney/master-lpq', {
    data: { ...lpq, disclosures, isComplete: false },
  });
  expect((await saved.json()).isComplete).toBe(false);

  // Another page (the share dialog) links to an answer: its step opens with the cursor in it.
  await page.goto('/attorney/master-lpq?field=disclosures.taxLien');
  await expect(page.getByText('Step 6 of 7')).toBeVisible();
  await expect(
    page.getByRole('radiogroup', { name: /tax lien/ }).getByLabel('Yes', { exact: true }),
  ).toBeFocused();
  await expect(page).toHaveURL(/\/attorney\/master-lpq$/);
  const steps = page.getByRole('navigation', { name: 'Steps' });
  await expect(steps.getByRole('button', { name: '6. Disclosures, incomplete' })).toBeVisible();
  await expect(steps.getByRole('button', { name: '3. Financial Information, complete' })).toBeVisible();

  await openStep(page, '7. Documents');
  const missing = page.getByRole('region', { name: 'What is missing' });
  await expect(missing.getByRole('listitem')).toHaveCount(1);
  await expect(missing).toContainText(
    'Has a tax lien ever been filed against you? — Please answer Yes or No',
  );
  await missing.getByRole('button', { name: 'Has a tax lien ever been filed against you?' }).click();
  await expect(page.getByText('Step 6 of 7')).toBeVisible();
  const taxLien = page.getByRole('radiogroup', { name: /tax lien/ });
  await expect(taxLien.getByLabel('Yes', { exact: true })).toBeFocused();
  await expect(taxLien.getByLabel('Yes', { exact: true })).not.toBeChecked();
  await expect(taxLien.getByLabel('No', { exact: true })).not.toBeChecked();

  // Yes asks for its explanation.
  await taxLien.getByLabel('Yes', { exact: true }).check();
  await openStep(page, '7. Documents');
  await expect(missing).toContainText('Please explain the tax lien');
  await missing.getByRole('button', { name: /tax lien/ }).click();
  await expect(page.getByLabel('Explanation').nth(1)).toBeFocused();
  await taxLien.getByLabel('No', { exact: true }).check();
  await expect(steps.getByRole('button', { name: '6. Disclosures, complete' })).toBeVisible();

  await openStep(page, '7. Documents');
  await expect(missing).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Template' }).click();
  await expect(page).toHaveURL(/\/attorney\/dashboard$/);
  await expect(page.getByRole('group', { name: 'Master LPQ' })).toContainText('100%');
});

test('the conflicts form auto-populates from the master LPQ, submits and repopulates', async ({ page }) => {
  await registerByApi(page, { email: uniqueEmail('conflicts'), userType: 'attorney' });
  await page.goto('/attorney/conflicts-form');
  await page.getByRole('button', { name: 'Auto-populate from Master LPQ' }).click();
  await expect(page.getByText('No LPQ Data Found')).toBeVisible();

  const saved = await page.request.post('/api/attorney/master-lpq', { data: completeMasterLpq() });
  expect(saved.status()).toBe(200);
  await page.reload();
  await expect(page.getByLabel('Attorney Name')).toHaveValue('Dana Whitfield');
  // Auto-populate also adds a matter per current client (PRODUCT.md §13): the client's own field is read.
  await expect(
    page.getByRole('group', { name: 'Current Client' }).getByLabel('Client Name').first(),
  ).toHaveValue('Acme Corp');
  // Taken from the master LPQ's YTD collections, as money (enter once).
  await expect(page.getByLabel('Annual Billings')).toHaveValue('$500,000');
  await expect(page.getByLabel('Potential Conflicts')).toHaveValue(/Hale & Stone LLP/);
  // The firm name too: the current employer the master LPQ already holds (enter once).
  await expect(page.getByLabel('Firm Name')).toHaveValue('Hale & Stone LLP');
  await expect(page.getByLabel('Firm Name')).toHaveAccessibleDescription('Prefilled from your Master LPQ');

  await page.getByRole('button', { name: 'Submit Conflicts Form' }).click();
  await expect(page.getByText('Business description is required')).toBeVisible();
  await expect(page.getByText('You must agree to the certification')).toBeVisible();

  // The matter auto-populate added for the current client (PRODUCT.md §13) needs its description and date.
  await fillConflictsCurrentClient(page);
  await page.getByRole('button', { name: 'Add Former Client' }).click();
  await page.getByRole('group', { name: 'Former Client' }).getByLabel('Client Name').fill('Old Co');
  await page.getByLabel('Relationship Dates').fill('2012 – 2018');
  await page.getByLabel('Business Description').nth(1).fill('Retail');
  await page.getByLabel('Types of Work').nth(1).fill('Litigation');
  await page.getByLabel(/I certify/).check();
  await page.getByRole('button', { name: 'Submit Conflicts Form' }).click();
  await expect(page.getByText('Conflicts Form Submitted')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Firm Name')).toHaveValue('Hale & Stone LLP');
  await expect(page.getByRole('group', { name: 'Former Client' }).getByLabel('Client Name')).toHaveValue(
    'Old Co',
  );
  await expect(page.getByLabel(/I certify/)).toBeChecked();
  // Re-running auto-populate does not duplicate a client already listed.
  await page.getByRole('button', { name: 'Auto-populate from Master LPQ' }).click();
  await expect(page.getByText('Information Autopopulated')).toBeVisible();
  await expect(page.getByText('Current Client 2')).toHaveCount(0);
});

test('the diversity form is submitted with the veteran fields and shows in the profile', async ({ page }) => {
  await registerByApi(page, { email: uniqueEmail('diversity'), userType: 'attorney' });
  await page.goto('/attorney/diversity-form');
  await expect(page.getByText('Branch of Service')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit Form' }).click();
  await expect(page.getByText('Please select a gender option')).toBeVisible();
  await expect(page.getByText('You must agree to the authorization statement')).toBeVisible();

  await page.getByLabel('Female').check();
  await page.getByLabel('I decline to self-identify').nth(1).check();
  await expect(page.getByText('determine your race or ethnicity visually')).toBeVisible();
  await page.getByLabel('Hispanic or Latino').check();
  await page.getByLabel('No', { exact: true }).check();
  await page.getByLabel('I am a veteran or currently serving').check();
  await page.getByLabel('Branch of Service').fill('Navy');
  await page.getByLabel('Rank').fill('Lieutenant');
  await page.getByLabel('Years of Service').fill('6');
  await page.getByLabel('Discharge Date').fill('2009-06-30');
  await page.getByLabel('Yes, I have a disability').check();
  await page.getByLabel('I would like to request a workplace accommodation').check();
  await page.getByLabel('Accommodation Details').fill('Standing desk');
  await page.getByLabel(/I authorize sharing/).check();
  await page.getByRole('button', { name: 'Submit Form' }).click();
  await expect(page.getByText('Diversity Form Submitted')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Female')).toBeChecked();
  await expect(page.getByLabel('I am a veteran or currently serving')).toBeChecked();
  await expect(page.getByLabel('Branch of Service')).toHaveValue('Navy');
  await expect(page.getByLabel('Years of Service')).toHaveValue('6');
  await expect(page.getByLabel('Discharge Date')).toHaveValue('2009-06-30');
  await expect(page.getByLabel('Accommodation Details')).toHaveValue('Standing desk');

  await page.goto('/attorney/profile');
  await expect(page.getByRole('combobox', { name: 'Gender' })).toHaveValue('Female');
  await expect(page.getByLabel('Branch')).toHaveValue('Navy');
  await expect(page.getByLabel('Discharge Date')).toHaveValue('2009-06-30');
});
