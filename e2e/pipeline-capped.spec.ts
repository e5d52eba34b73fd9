import { expect, test } from '@playwright/test';
import { axeViolations, inviteByApi, registerFirmByApi, shot, uniqueEmail } from './helpers';

// Issue 64 item 6: past COUNT_CAP the list's count and the dashboard's pipeline cards read '1,000+'. A firm of
// 1,001 requests is the API tests' (firm-pipeline.counts.test.ts, both databases); here the server's real
// answers for a small firm have their counts raised to the cap on the way to the page (page.route), so that
// the screens' rendering of a capped count is seen at 1280 and 390 px.
test('a capped count reads 1,000+ on the list and the dashboard, at 1280 and 390 px', async ({ page }) => {
  await registerFirmByApi(page.request, { email: uniqueEmail('capped'), firmName: 'Halberd & Stone LLP' });
  for (const positionTitle of ['Antitrust Counsel', 'Banking Partner'])
    await inviteByApi(page.request, uniqueEmail('capped-lead'), { positionTitle });

  await page.route(/\/api\/firm\/lpq-requests(\?|$)/, async (route) => {
    const res = await route.fetch();
    await route.fulfill({
      response: res,
      headers: { ...res.headers(), 'x-total-count': '1000', 'x-total-capped': 'true' },
    });
  });
  await page.route(/\/api\/firm\/dashboard-stats$/, async (route) => {
    const res = await route.fetch();
    const stats = await res.json();
    await route.fulfill({
      response: res,
      json: {
        ...stats,
        newSinceLastVisit: 1000,
        waitingOnMe: 1000,
        conflictsWaiting: 1000,
        capped: { newSinceLastVisit: true, waitingOnMe: true, conflictsWaiting: true },
      },
    });
  });

  await page.goto('/firm/dashboard');
  await expect(page.getByRole('link', { name: 'New since your last visit: 1,000+' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `capped-dashboard-${width}`);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/firm/requests?status=pending');
  await expect(page.getByTestId('result-count')).toHaveText('1,000+ of 1,000+ requests');
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `capped-list-${width}`);
  }
});
