import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  addFirmMemberByApi,
  inviteByApi,
  PASSWORD,
  registerByApi,
  registerFirmByApi,
  shot,
  uniqueEmail,
  verifiedAttorneyByApi,
} from './helpers';

/**
 * Issue 67, items 13 and 15: the mails' link to one request survives sign-in and opens that request; a first
 * visit is greeted 'Welcome', a return 'Welcome back'; and the form finish — Annual Billings as money, Working
 * Attorney Time in hours, a compact drop zone, a Yes/No choice that shows, and the step-saved toast clear of
 * the step chips and the wizard's buttons.
 */
test.describe.configure({ timeout: 150_000 });

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 800 };

type Mail = { to: string; kind: string; text: string };
type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
async function boxOf(target: Locator) {
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

test('a mailed request link opens that request after sign-in; a first visit reads Welcome, a return Welcome back', async ({
  page,
  browser,
}) => {
  const firm = await browser.newContext();
  await registerFirmByApi(firm.request);
  // The firm admin's own first screen is a first visit too.
  const admin = await firm.newPage();
  await admin.goto('/firm/dashboard');
  await expect(admin.getByRole('heading', { name: 'Welcome, Morgan' })).toBeVisible();

  // A new member who accepted the invitation: their first screen says Welcome.
  const memberContext = await browser.newContext();
  await addFirmMemberByApi(firm.request, memberContext.request, ['recruiter'], {
    firstName: 'Robin',
    lastName: 'Hale',
  });
  const member = await memberContext.newPage();
  await member.goto('/firm/dashboard');
  await expect(member.getByRole('heading', { name: 'Welcome, Robin' })).toBeVisible();
  await expect(member.getByText('Welcome back', { exact: false })).toHaveCount(0);
  await shot(member, 'welcome-member-first-visit-1280');
  await member.setViewportSize(PHONE);
  await expect(member.getByRole('heading', { name: 'Welcome, Robin' })).toBeVisible();
  await shot(member, 'welcome-member-first-visit-390', { fullPage: false });

  // A new attorney: registered (their first session), two requests from the firm.
  const email = await verifiedAttorneyByApi(page, 'welcome', {}, 'Dana');
  await page.goto('/attorney/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Dana' })).toBeVisible();
  await shot(page, 'welcome-attorney-first-visit-1280');
  await inviteByApi(firm.request, email, { positionTitle: 'Litigation Partner' });
  const requestId = await inviteByApi(firm.request, email);
  // Its invitation mail (the newest of the two, once delivered) links to the request itself.
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await firm.request.get('/dev/mail?format=json')).json()) as Mail[];
      link = mails
        .filter((m) => m.to === email && m.kind === 'lpq_invitation')
        .map((m) => m.text.match(/https?:\/\/\S+(\/attorney\/lpq-requests\?request=[\w-]+)/)?.[1])
        .find((path) => path?.endsWith(requestId));
      return link;
    })
    .toBe(`/attorney/lpq-requests?request=${requestId}`);

  // Signed out, the link opened in a new tab: sign-in, then that request.
  expect((await page.request.post('/api/logout')).status()).toBe(200);
  const tab = await page.context().newPage();
  await tab.setViewportSize(PHONE);
  await tab.goto(link!);
  await expect(tab).toHaveURL(/\/auth$/);
  await expect(tab.getByText('Sign in to open the request.')).toBeVisible();
  await expect(tab.getByText('Your session ended', { exact: false })).toHaveCount(0);
  await shot(tab, 'request-link-signed-out-390');
  await tab.getByLabel('Email').fill(email);
  await tab.getByLabel('Password').fill(PASSWORD);
  await tab.getByRole('button', { name: 'Sign In' }).click();
  await expect(tab).toHaveURL(new RegExp(`/attorney/lpq-requests\\?request=${requestId}$`));
  const card = tab.locator(`#request-${requestId}`);
  await expect(card).toHaveAttribute('aria-current', 'true');
  await expect(card.getByText('The request your e-mail is about')).toBeVisible();
  await expect(card).toBeFocused();
  await expect(card).toBeInViewport();
  // The other request is not the one marked.
  await expect(tab.locator('article[aria-current="true"]')).toHaveCount(1);
  // A return: the sign-in toast and the dashboard say 'Welcome back'.
  await expect(tab.getByText('Welcome back!')).toBeVisible();
  // Below the sign-in toast, not under it.
  const toast = tab.locator('.mantine-Notification-root').filter({ hasText: 'Welcome back!' });
  await expect.poll(async () => overlaps(await boxOf(toast), await boxOf(card))).toBe(false);
  await shot(tab, 'request-link-after-sign-in-390', { fullPage: false });
  // The link kept in the address: a reload, here at 1280 px, opens the request again.
  await tab.setViewportSize(WIDE);
  await tab.reload();
  await expect(card).toBeFocused();
  await expect(card).toBeInViewport();
  await shot(tab, 'request-link-after-sign-in-1280', { fullPage: false });
  await tab.goto('/attorney/dashboard');
  await expect(tab.getByRole('heading', { name: 'Welcome back, Dana' })).toBeVisible();
  await shot(tab, 'welcome-back-attorney-1280');
  await tab.setViewportSize(PHONE);
  await expect(tab.getByRole('heading', { name: 'Welcome back, Dana' })).toBeVisible();
  await shot(tab, 'welcome-back-attorney-390', { fullPage: false });
  await memberContext.close();
  await firm.close();
});

async function registeredAttorney(page: Page) {
  await registerByApi(page, { email: uniqueEmail('finish'), userType: 'attorney', firstName: 'Dana' });
}

for (const viewport of [WIDE, PHONE]) {
  const at = `${viewport.width}`;
  test.describe(`at ${at} px`, () => {
    test.use({ viewport });

    test('Annual Billings reads as money and Working Attorney Time says hours', async ({ page }) => {
      await registeredAttorney(page);
      await page.goto('/attorney/conflicts-form');
      await page.getByRole('button', { name: 'Add Current Client' }).click();
      const billings = page.getByLabel('Annual Billings');
      await billings.fill('910000');
      // While typing, the figure as typed; once left, as money.
      await expect(billings).toHaveValue('910000');
      await billings.blur();
      await expect(billings).toHaveValue('$910,000');
      await shot(page, `annual-billings-${at}`, { fullPage: false });

      await page.goto('/attorney/master-lpq');
      await page
        .getByRole('navigation', { name: 'Steps' })
        .getByRole('button', { name: /Financial Information/ })
        .click();
      const time = page.getByLabel('Current Year Working Attorney Time');
      await time.scrollIntoViewIfNeeded();
      await expect(time).toHaveAttribute('placeholder', 'hours');
      await time.fill('640');
      await time.blur();
      await expect(time).toHaveValue('640 hours');
      await shot(page, `working-attorney-time-${at}`, { fullPage: false });
    });

    test('the drop zone is compact and the chosen Yes/No shows', async ({ page }) => {
      await registeredAttorney(page);
      await page.goto('/attorney/master-lpq');
      const steps = page.getByRole('navigation', { name: 'Steps' });
      await steps.getByRole('button', { name: /Disclosures/ }).click();
      const question = page.getByRole('radiogroup').first();
      const yes = question.locator('.mantine-Radio-root').filter({ hasText: 'Yes' });
      const no = question.locator('.mantine-Radio-root').filter({ hasText: 'No' });
      await question.getByLabel('Yes', { exact: true }).check();
      await expect(yes).toHaveAttribute('data-checked', 'true');
      await expect(no).not.toHaveAttribute('data-checked');
      // Chosen: a filled box with a coloured border and a bold label; the other is plain.
      const look = (option: Locator) =>
        option.evaluate((el) => {
          const label = el.querySelector('label');
          const css = getComputedStyle(el);
          return {
            background: css.backgroundColor,
            border: css.borderTopColor,
            weight: label ? getComputedStyle(label).fontWeight : '',
          };
        });
      const chosen = await look(yes);
      const other = await look(no);
      expect(chosen.weight).toBe('700');
      expect(other.weight).toBe('400');
      expect(chosen.background).not.toBe(other.background);
      expect(chosen.border).not.toBe(other.border);
      await shot(page, `yes-no-chosen-${at}`, { fullPage: false });

      await steps.getByRole('button', { name: /Documents/ }).click();
      const zone = page.getByText('Drop files here or', { exact: false }).first();
      await expect(zone).toBeVisible();
      // The zone: the dashed box around the text, one compact row (not Uppy's 750 × 430 px panel).
      const box = await boxOf(
        page
          .locator('div', { has: zone })
          .filter({ hasText: /^Drop files here or/ })
          .last(),
      );
      expect(box.height).toBeLessThanOrEqual(80);
      expect(box.width).toBeLessThanOrEqual(Math.min(viewport.width, 750));
      await shot(page, `drop-zone-${at}`, { fullPage: false });
    });

    test('the step-saved toast covers neither the step chips nor the wizard buttons', async ({ page }) => {
      await registeredAttorney(page);
      await page.goto('/attorney/onboarding');
      await expect(page.getByText('Step 1 of 6')).toBeVisible();
      for (const next of [2, 3]) {
        if (next === 3) await page.getByRole('combobox', { name: 'Position' }).click();
        if (next === 3) await page.getByRole('option', { name: 'Partner', exact: true }).click();
        await page.getByRole('button', { name: 'Next Step' }).click();
        await expect(page.getByText(`Step ${next} of 6`)).toBeVisible();
        const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Progress Saved' });
        // The last step's toast has gone (one at a time): the one left is this step's.
        await expect(toast).toHaveCount(1);
        await expect(toast).toBeVisible();
        // Once it has stopped moving in: where it rests, against what is on screen now.
        await expect
          .poll(async () => {
            const a = await toast.boundingBox();
            await page.evaluate(() => new Promise(requestAnimationFrame));
            const b = await toast.boundingBox();
            return !!a && !!b && a.y === b.y && a.x === b.x;
          })
          .toBe(true);
        const toastBox = await boxOf(toast);
        const chips = page.getByRole('navigation', { name: 'Steps' });
        const covered: string[] = [];
        if (overlaps(toastBox, await boxOf(chips))) covered.push('the step chips');
        for (const name of ['Previous', 'Next Step']) {
          const button = page.getByRole('button', { name, exact: true });
          const buttonBox = await button.boundingBox();
          if (buttonBox && overlaps(toastBox, buttonBox)) covered.push(name);
        }
        await shot(page, `step-saved-toast-${at}-step${next}`, { fullPage: false });
        expect(covered, `the toast at step ${next} covers`).toEqual([]);
      }
    });
  });
}
