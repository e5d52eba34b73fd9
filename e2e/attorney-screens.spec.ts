import { expect, test } from '@playwright/test';
import { completeMasterLpq } from '../server/modules/master-lpq/master-lpq.fixtures';
import { registerByApi, settle, shot, uniqueEmail } from './helpers';

/** Every attorney-workspace screen, at desktop and phone width: it renders and nothing overflows sideways. */
const SCREENS = [
  ['register', '/register/attorney', 'Attorney Registration', false],
  ['dashboard', '/attorney/dashboard', 'Attorney Dashboard', true],
  ['onboarding', '/attorney/onboarding', 'Welcome to Lateral Passport', true],
  ['onboarding-review', '/attorney/onboarding?step=5', 'Review & Submit', true],
  ['profile', '/attorney/profile', 'Attorney Profile', true],
  ['master-lpq', '/attorney/master-lpq', 'Master LPQ Template', true],
  ['conflicts', '/attorney/conflicts-form', 'Conflicts of Interest Form', true],
  ['diversity', '/attorney/diversity-form', 'Diversity Self-Identification Form', true],
  ['business-plan', '/attorney/business-plan', 'Business Plan', true],
] as const;

for (const width of [1280, 390]) {
  test(`attorney screens at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path, heading, signedIn] of SCREENS) {
      if (signedIn && !(await page.request.get('/api/user')).ok()) {
        await registerByApi(page, { email: uniqueEmail(`screens-${width}`), userType: 'attorney' });
        await page.request.post('/api/attorney/master-lpq', {
          data: completeMasterLpq({ isComplete: false }),
        });
      }
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      // The queries are answered (a loader swaps for the form), and the page settled.
      await expect(page.locator('[aria-label^="Loading"]')).toHaveCount(0);
      await settle(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} overflows at ${width}px`).toBeLessThanOrEqual(0);
      await shot(page, `${name}-${width}`);
    }
  });
}
