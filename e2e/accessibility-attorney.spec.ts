import { expect, test } from '@playwright/test';
import { actorsFor, checkEverySteppedView, expectAccessible, pageAs } from './accessibility';

// Axe on the attorney’s workspace and request screens (e2e/accessibility.ts says what the checks are). The tests are independent (the signed-in ones
// make their own users, per worker), so they spread over CI's two workers.
test.describe.configure({ mode: 'parallel' });

test.describe('signed in', () => {
  const actors = actorsFor();

  test('attorney workspace screens have no serious or critical axe violations', async ({ browser }) => {
    test.setTimeout(300_000);
    const page = await pageAs(browser, actors.attorney);

    await page.goto('/');
    await expect(page).toHaveURL(/\/attorney\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Attorney Dashboard' })).toBeVisible();
    await expectAccessible(page, '/attorney/dashboard');

    for (let step = 1; step <= 6; step++) {
      await page.goto(`/attorney/onboarding?step=${step}`);
      await expect(page.getByText(`Step ${step} of 6`)).toBeVisible();
      await expectAccessible(page, `/attorney/onboarding step ${step}`);
    }

    await page.goto('/attorney/profile');
    await expect(page.getByRole('heading', { name: 'Attorney Profile' })).toBeVisible();
    await expectAccessible(page, '/attorney/profile');

    await page.goto('/attorney/master-lpq');
    await expect(page.getByRole('heading', { name: 'Master LPQ Template' })).toBeVisible();
    await checkEverySteppedView(page, '/attorney/master-lpq');

    await page.goto('/attorney/conflicts-form');
    await expect(page.getByRole('heading', { name: 'Conflicts of Interest Form' })).toBeVisible();
    await expectAccessible(page, '/attorney/conflicts-form');

    await page.goto('/attorney/diversity-form');
    await expect(page.getByRole('heading', { name: 'Diversity Self-Identification Form' })).toBeVisible();
    await expectAccessible(page, '/attorney/diversity-form');

    await page.goto('/attorney/business-plan');
    await expect(page.getByRole('heading', { name: 'Business Plan' }).first()).toBeVisible();
    await checkEverySteppedView(page, '/attorney/business-plan');

    await page.context().close();
  });

  test('attorney request screens have no serious or critical axe violations', async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await pageAs(browser, actors.attorney);

    await page.goto('/attorney/lpq-requests');
    const pending = page.getByRole('article', { name: /M&A Partner/ });
    await expect(pending.getByRole('button', { name: 'Share LPQ' })).toBeVisible();
    await expectAccessible(page, '/attorney/lpq-requests');
    await pending.getByRole('button', { name: 'Share LPQ' }).click();
    await expect(page.getByRole('dialog', { name: 'Share LPQ Package' })).toBeVisible();
    await expectAccessible(page, '/attorney/lpq-requests share dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await pending.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('dialog', { name: 'Decline LPQ Request' })).toBeVisible();
    await expectAccessible(page, '/attorney/lpq-requests decline dialog');
    await page.keyboard.press('Escape');

    await page.goto(`/lpq/${actors.lpqId}`);
    await expect(page.getByRole('heading', { name: 'Lateral Partner Questionnaire' })).toBeVisible();
    await checkEverySteppedView(page, '/lpq/{id}');
    await expect(page.getByText('Step 5 of 5')).toBeVisible();
    await expect(page.getByLabel('Why our firm?')).toBeVisible();

    await page.goto('/attorney/access-log');
    await expect(page.getByText('Arden & Vale LLP').first()).toBeVisible();
    await expectAccessible(page, '/attorney/access-log');
    await page.context().close();
  });
});
