import { expect, test } from '@playwright/test';
import {
  inviteByApi,
  registerByApi,
  registerFirmByApi,
  shot,
  signInByApi,
  uniqueEmail,
  verifyAddressByApi,
} from './helpers';

// The attorney's requests come in pages of 50, so a long list stays quick; the counts cover every request.
test('an attorney with 52 requests sees the newest 50, then the rest with Show more; the counts cover all', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const attorneyEmail = uniqueEmail('many-requests');
  await registerByApi(page, { email: attorneyEmail, userType: 'attorney' });
  await verifyAddressByApi(page.request, attorneyEmail);
  // Two firms (a firm may send 50 invitations an hour), 26 positions each.
  for (const firmName of ['Arden & Vale LLP', 'Okafor Lindqvist LLP']) {
    const firm = await browser.newContext();
    await registerFirmByApi(firm.request, { firmName });
    for (let i = 1; i <= 26; i++)
      await inviteByApi(firm.request, attorneyEmail, {
        positionTitle: `Partner ${String(i).padStart(2, '0')}`,
      });
    await firm.close();
  }

  await signInByApi(page, attorneyEmail);
  await page.goto('/attorney/lpq-requests');
  const cards = page.locator('article[aria-label]');
  await expect(cards).toHaveCount(50);
  await expect(page.getByRole('group', { name: 'Pending: 52' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Total Firms: 2' })).toBeVisible();
  // Newest first: the second firm's last invitation heads the list.
  await expect(cards.first()).toHaveAttribute('aria-label', 'Okafor Lindqvist LLP: Partner 26');

  const more = page.getByRole('button', { name: 'Show more requests' });
  await more.scrollIntoViewIfNeeded();
  await shot(page, 'request-pages-1280', { fullPage: false });
  await more.click();
  await expect(cards).toHaveCount(52);
  await expect(more).toHaveCount(0);
  await expect(cards.last()).toHaveAttribute('aria-label', 'Arden & Vale LLP: Partner 01');
  // On a phone: the counts and the cards stack, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'request-pages-390', { fullPage: false });
});
