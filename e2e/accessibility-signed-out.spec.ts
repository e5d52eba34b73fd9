import { expect, test } from '@playwright/test';
import { actorsFor, atBothWidths, expectAccessible, pageAs } from './accessibility';
import { certifyInDialog, signInThroughUi, uniqueEmail } from './helpers';
import { walkAttorneySignUp } from './helpers-screens';

// Axe on the signed-out screens, and on the attorney’s toasts and dialogs (e2e/accessibility.ts says what the checks are). The tests are independent (the signed-in ones
// make their own users, per worker), so they spread over CI's two workers.
test.describe.configure({ mode: 'parallel' });

test('signed-out screens have no serious or critical axe violations', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, '/ (landing)');

  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  await expectAccessible(page, '/auth Sign In');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await expect(page.getByLabel('Confirm Password')).toBeVisible();
  await expectAccessible(page, '/auth Create Account');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('First name is required').or(page.locator('.mantine-InputWrapper-error')).first(),
  ).toBeVisible();
  await expectAccessible(page, '/auth Create Account with errors');

  await page.goto('/forgot-password');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expectAccessible(page, '/forgot-password');

  await page.goto('/reset-password?token=x');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expectAccessible(page, '/reset-password?token=x');

  await page.goto('/verify-email?token=x');
  await expect(page.getByRole('alert').filter({ hasText: 'We could not verify your email' })).toBeVisible();
  await expectAccessible(page, '/verify-email?token=x');

  await page.goto('/register/attorney');
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expectAccessible(page, '/register/attorney step 1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectAccessible(page, '/register/attorney step 1 with errors');
  const registration = { email: uniqueEmail('a11y-reg'), lastName: 'Nguyen', phone: '+1 212 555 0100' };
  await walkAttorneySignUp(page, registration, async (step) => {
    if (step > 1) await expectAccessible(page, `/register/attorney step ${step}`);
  });

  await page.goto('/register/firm');
  // Each step is checked before the next opens: its messages are part of what is audited.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Firm name is required')).toBeVisible();
  await expectAccessible(page, '/register/firm step 1 with errors');
  const fill: Record<number, [string | RegExp, string][]> = {
    1: [
      ['Firm Name', 'Harrow & Finch LLP'],
      ['Headquarters Address', '10 Hudson Yards, New York, NY'],
    ],
    2: [
      ['Contact Person Name', 'Avery Finch'],
      ['Email Address', 'a11y-firm@example.com'],
      ['Phone Number', '+1 212 555 0142'],
      [/^Password/, 'correct horse battery'],
      ['Confirm Password', 'correct horse battery'],
    ],
  };
  for (const step of [1, 2, 3]) {
    await expect(page.getByText(`Step ${step} of 3`)).toBeVisible();
    await expectAccessible(page, `/register/firm step ${step}`);
    if (step < 3) {
      for (const [label, value] of fill[step]) await page.getByLabel(label).fill(value);
      await page.getByRole('button', { name: 'Continue' }).click();
    }
  }

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expectAccessible(page, '404');
});

test.describe('toasts and dialogs', () => {
  const actors = actorsFor();

  test('a signed-out toast and its inline message pass axe at 1280 and 390 px', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/auth');
    await signInThroughUi(page, uniqueEmail('nobody'), 'not-the-password');
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close notification' })).toBeVisible();
    await atBothWidths(page, '/auth sign-in refused, toast open');
  });

  test('the attorney’s toasts and dialogs pass axe at 1280 and 390 px', async ({ browser }) => {
    test.setTimeout(300_000);
    const page = await pageAs(browser, actors.attorney);
    await page.goto('/attorney/profile');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Profile Updated')).toBeVisible();
    await atBothWidths(page, '/attorney/profile saved, toast open');

    await page.goto('/attorney/lpq-requests');
    const pending = page.getByRole('article', { name: /M&A Partner/ });
    const shared = page.getByRole('article', { name: /Corporate Partner/ });
    await pending.getByRole('button', { name: 'Share LPQ' }).click();
    const share = page.getByRole('dialog', { name: 'Share LPQ Package' });
    await expect(share.getByRole('checkbox', { name: 'Conflicts form' })).toBeVisible();
    await atBothWidths(page, 'share dialog');
    await share.getByRole('button', { name: /^Preview what/ }).click();
    await expect(
      page.getByRole('dialog', { name: /will see$/ }).getByRole('heading', { name: 'Summary' }),
    ).toBeVisible();
    await atBothWidths(page, 'preview dialog');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await pending.getByRole('button', { name: 'Decline' }).click();
    await atBothWidths(page, 'decline dialog');
    await page.keyboard.press('Escape');
    await pending.getByRole('button', { name: /^About / }).click();
    await expect(page.getByRole('dialog', { name: 'Arden & Vale LLP' })).toBeVisible();
    await atBothWidths(page, 'firm profile dialog');
    await page.keyboard.press('Escape');
    await shared.getByRole('button', { name: 'Send update' }).click();
    await expect(page.getByRole('dialog', { name: 'Send Update' })).toBeVisible();
    await atBothWidths(page, 'send update dialog');
    await certifyInDialog(page.getByRole('dialog', { name: 'Send Update' }), 'Dana Whitfield');
    await page
      .getByRole('dialog', { name: 'Send Update' })
      .getByRole('button', { name: 'Send Update' })
      .click();
    await expect(page.getByText('Update Sent')).toBeVisible();
    await atBothWidths(page, '/attorney/lpq-requests update sent, toast open');
    await shared.getByRole('button', { name: 'Revoke access' }).click();
    await expect(page.getByRole('dialog', { name: 'Revoke Access' })).toBeVisible();
    await atBothWidths(page, 'revoke dialog');
    await page.keyboard.press('Escape');
    await shared.getByRole('button', { name: 'Access history' }).click();
    await atBothWidths(page, '/attorney/lpq-requests access history open');
    await page.context().close();
  });
});
