import { expect, test } from '@playwright/test';
import { businessPlan } from '../server/modules/master-lpq/master-lpq.fixtures';
import { actorsFor, atBothWidths, expectAccessible, pageAs } from './accessibility';

// Axe on the firm’s screens, toasts and dialogs (e2e/accessibility.ts says what the checks are). The tests are independent (the signed-in ones
// make their own users, per worker), so they spread over CI's two workers.
test.describe.configure({ mode: 'parallel' });

test.describe('signed in', () => {
  const actors = actorsFor();

  test('firm screens have no serious or critical axe violations', async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await pageAs(browser, actors.firm);

    await page.goto('/firm/dashboard');
    await expect(page.getByText('Corporate Partner').first()).toBeVisible();
    await expectAccessible(page, '/firm/dashboard');

    await page.goto('/firm/profile');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectAccessible(page, '/firm/profile');

    await page.goto('/firm/custom-sections');
    await expect(page.getByRole('heading', { name: 'Practice fit' })).toBeVisible();
    await expectAccessible(page, '/firm/custom-sections');
    await page.getByRole('button', { name: 'Edit Practice fit' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, '/firm/custom-sections editor dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete Practice fit' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete Custom Section' })).toBeVisible();
    await expectAccessible(page, '/firm/custom-sections delete dialog');
    await page.keyboard.press('Escape');

    await page.goto('/firm/requests');
    await expect(page.getByText('M&A Partner').first()).toBeVisible();
    await expectAccessible(page, '/firm/requests');

    await page.goto('/firm/requests/new');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectAccessible(page, '/firm/requests/new');
    await page.getByRole('button', { name: /Send/ }).last().click();
    await expectAccessible(page, '/firm/requests/new with errors');

    await page.goto(`/firm/requests/${actors.sharedRequestId}`);
    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    const count = await tabs.count();
    for (let i = 0; i < count; i++) {
      await tabs.nth(i).click();
      await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
      await expectAccessible(page, `/firm/requests/{id} tab ${await tabs.nth(i).textContent()}`);
    }

    await page.goto(`/firm/requests/${actors.pendingRequestId}`);
    await expect(page.getByText('M&A Partner').first()).toBeVisible();
    await expectAccessible(page, '/firm/requests/{id} pending');
    await page.context().close();
  });
});

test.describe('toasts and dialogs', () => {
  const actors = actorsFor();

  test('the firm’s toasts and dialogs pass axe at 1280 and 390 px', async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await pageAs(browser, actors.firm);
    // A second version, for 'What changed': an answer changes (an update with nothing changed is 409).
    const plan = businessPlan();
    expect(
      (
        await actors.attorney.put('/api/attorney/business-plan', {
          data: { ...plan, executiveSummary: { ...plan.executiveSummary, mission: 'A sharper mission' } },
        })
      ).ok(),
    ).toBe(true);
    expect(
      (await actors.attorney.post(`/api/attorney/lpq-requests/${actors.sharedRequestId}/update`)).ok(),
    ).toBe(true);
    await page.goto(`/firm/requests/${actors.sharedRequestId}`);
    await page.getByRole('button', { name: 'What changed', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'What changed' })).toBeVisible();
    await atBothWidths(page, 'what changed dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Mark Under Review' }).click();
    await expect(page.getByRole('dialog', { name: 'Mark Under Review' })).toBeVisible();
    await atBothWidths(page, 'mark under review dialog');
    await page
      .getByRole('dialog', { name: 'Mark Under Review' })
      .getByRole('button', { name: 'Mark Under Review' })
      .click();
    await expect(page.locator('.mantine-Notification-root')).toBeVisible();
    await atBothWidths(page, '/firm/requests/{id} marked, toast open');

    await page.goto('/firm/requests/new');
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await expectAccessible(page, '/firm/requests/new with errors');
    await atBothWidths(page, '/firm/requests/new with errors');
    await page.context().close();
  });
});
