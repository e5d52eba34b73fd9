import { expect, type Locator, type Page, request, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { attorneyInvitedWithCompleteLpq, PASSWORD, uniqueEmail } from './helpers';

/**
 * Keyboard access: signing in, filling master LPQ steps and sharing with the keyboard alone — Tab, Shift+Tab, Enter,
 * Space and the arrow keys through page.keyboard; no click and no fill() anywhere in this file.
 */

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses `key` (Tab or Shift+Tab) until `target` has the focus; fails if it never gets there. */
async function moveFocusTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press(key);
    if (await isFocused(target)) return;
  }
  throw new Error(`${key} never reached ${target}`);
}

/** Focus is visible on a button, tab or link: Mantine's focus ring (an outline) is drawn. */
async function expectFocusRing(target: Locator) {
  await expect(target).toBeFocused();
  const outline = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(outline.style, `no focus outline on ${target}`).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(1);
}

/** Fields show focus by their border (Mantine draws no outline on inputs): unlike an unfocused one. */
async function expectFieldFocusShows(field: Locator, unfocusedField: Locator) {
  await expect(field).toBeFocused();
  const border = (el: Element) => getComputedStyle(el).borderColor;
  expect(await field.evaluate(border), 'a focused field looks like an unfocused one').not.toBe(
    await unfocusedField.evaluate(border),
  );
}

test('an attorney signs in and fills master LPQ steps with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('keyboard');
  const api = await request.newContext({ baseURL });
  const registered = await api.post('/api/register', {
    data: { email, password: PASSWORD, firstName: 'Kay', lastName: 'Board', userType: 'attorney' },
  });
  expect(registered.status()).toBe(201);
  await api.dispose();

  // Sign in through /auth: the Create Account tab is reached by the arrow key and left again.
  await page.goto('/auth');
  const signInTab = page.getByRole('tab', { name: 'Sign In' });
  await moveFocusTo(page, signInTab);
  await expectFocusRing(signInTab);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Create Account' })).toBeFocused();
  await expect(page.getByLabel('Confirm Password')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(signInTab).toHaveAttribute('aria-selected', 'true');

  const emailField = page.getByLabel('Email');
  await moveFocusTo(page, emailField);
  await expectFieldFocusShows(emailField, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(PASSWORD);
  const signIn = page.getByRole('button', { name: 'Sign In' });
  await moveFocusTo(page, signIn);
  await expectFocusRing(signIn);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/attorney\/onboarding/);

  // Step 1, General Information: typed field by field, one field corrected after Shift+Tab.
  await page.goto('/attorney/master-lpq');
  await expect(page.getByRole('heading', { name: '1. General Information' })).toBeVisible();
  const fullName = page.getByLabel('Full Name');
  await moveFocusTo(page, fullName);
  await page.keyboard.type('Kay Board');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type('kay@example.com');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Phone')).toBeFocused();
  await page.keyboard.type('+1 617 555 0142');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(fullName).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' Jr.');
  await moveFocusTo(page, page.getByLabel('Address'));
  await page.keyboard.type('1 Keyboard Lane');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Boston, MA');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Bar Admissions')).toBeFocused();
  await page.keyboard.type('Massachusetts 2010');

  const next = page.getByRole('button', { name: 'Next' });
  await moveFocusTo(page, next);
  await expectFocusRing(next);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Progress Saved')).toBeVisible();
  await expect(page.getByRole('heading', { name: '2. Professional Experience' })).toBeVisible();

  // Step 3, Financial Information, opened from the step buttons with Space; the employee type is
  // picked from its list with the arrow keys.
  const financialStep = page.getByRole('button', { name: '3. Financial Information' });
  await moveFocusTo(page, financialStep, 'Shift+Tab');
  await expectFocusRing(financialStep);
  await page.keyboard.press('Space');
  await expect(page.getByRole('heading', { name: '3. Financial Information' })).toBeVisible();
  const employeeType = page.getByRole('combobox', { name: 'Employee Type' });
  await moveFocusTo(page, employeeType);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
  const chosenType = await employeeType.inputValue();
  expect(chosenType).not.toBe('');
  await moveFocusTo(page, page.getByLabel('Compensation Expectations'));
  await page.keyboard.type('In line with my current draw');
  await moveFocusTo(page, next);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: '4. Client Information' })).toBeVisible();

  // Saved: after a reload both steps show what was typed.
  await page.reload();
  await expect(page.getByRole('heading', { name: '1. General Information' })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Kay Board Jr.');
  await expect(page.getByLabel('Email')).toHaveValue('kay@example.com');
  await expect(page.getByLabel('Phone')).toHaveValue('+1 617 555 0142');
  await expect(page.getByLabel('Address')).toHaveValue('1 Keyboard Lane\nBoston, MA');
  await expect(page.getByLabel('Bar Admissions')).toHaveValue('Massachusetts 2010');
  const financialAfterReload = page.getByRole('button', { name: '3. Financial Information' });
  await moveFocusTo(page, financialAfterReload);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Employee Type' })).toHaveValue(chosenType);
  await expect(page.getByLabel('Compensation Expectations')).toHaveValue('In line with my current draw');
});

test('registration by keyboard: each step change takes the focus to the new step, so Enter never skips one', async ({
  page,
}) => {
  await page.goto('/register/attorney');
  await expect(page.getByRole('heading', { name: 'Basic Info' })).toBeVisible();
  await moveFocusTo(page, page.getByLabel('First Name'));
  for (const value of ['Kay', 'Board', uniqueEmail('kbd-register'), '+1 617 555 0142', PASSWORD, PASSWORD]) {
    await page.keyboard.type(value);
    await page.keyboard.press('Tab');
  }
  await moveFocusTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  const professional = page.getByRole('heading', { name: 'Professional Details' });
  await expect(professional).toBeFocused();
  // A second Enter lands on the heading, not on the button under the pointer of the last one.
  await page.keyboard.press('Enter');
  await expect(professional).toBeFocused();

  // Out of range: kept as typed (never changed on leaving the field), and the reason shows under it.
  const years = page.getByLabel('Years of Experience');
  await moveFocusTo(page, years);
  await page.keyboard.type('75');
  await page.keyboard.press('Tab');
  await expect(years).toHaveValue('75');

  await moveFocusTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  const preferences = page.getByRole('heading', { name: 'Preferences' });
  await expect(preferences).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(preferences).toBeFocused();
  await expect(page).toHaveURL(/\/register\/attorney/);

  await moveFocusTo(page, page.getByRole('button', { name: 'Create Account' }));
  await page.keyboard.press('Enter');
  // Refused: back on the step, with the focus on the field that says why.
  await expect(professional).toBeVisible();
  await expect(years).toBeFocused();
  await expect(page.getByText('Years of experience must be between 0 and 50')).toBeVisible();
  await expect(page).toHaveURL(/\/register\/attorney/);
});

test('the share dialog gives the focus back: to Share LPQ when cancelled, to the request when it shared', async ({
  page,
  browser,
}) => {
  const { firm } = await attorneyInvitedWithCompleteLpq(page, browser, 'kbd-share');

  await page.goto('/attorney/lpq-requests');
  const card = page.getByRole('article', { name: /Arden & Vale LLP/ });
  const share = card.getByRole('button', { name: 'Share LPQ' });
  const dialog = page.getByRole('dialog', { name: 'Share LPQ Package' });
  await moveFocusTo(page, share);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocusRing(share);

  await page.keyboard.press('Enter');
  await moveFocusTo(page, dialog.getByLabel('Your full name'));
  await page.keyboard.type('Jordan Avery');
  await moveFocusTo(page, dialog.getByRole('button', { name: 'Share LPQ' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('LPQ Shared Successfully')).toBeVisible();
  // Share LPQ went with the share: the focus is on the request it shared, not back at the page's start.
  await expectFocusRing(card);
  await expect(share).toHaveCount(0);
  await firm.close();
});
