import { type APIRequestContext, type Browser, expect, type Page, request, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import {
  axeViolations,
  fillEveryAttorneyFormByApi,
  PASSWORD,
  uniqueEmail,
  verifyAddressByApi,
} from './helpers';

/**
 * Axe (WCAG 2.0/2.1 A and AA) on every screen of both sides, in the states a user sees, in the
 * accessibility-*.spec.ts files (spread over files so CI's two workers share them; each signed-in file makes
 * its own firm and attorney through the API, setUpActors). A serious or critical violation fails; the rest is
 * printed for information. Each screen is a soft check, so one run lists every screen that fails.
 */

export async function expectAccessible(page: Page, screen: string) {
  // Let queries settle; axeViolations waits for Mantine's transitions (modals, tabs) before it reads colours.
  await expect(page.locator('[aria-label^="Loading"]')).toHaveCount(0);
  const results = { violations: await axeViolations(page) };
  // The rule, then each offending element with its text and, for contrast, the colours found.
  const describe = (v: (typeof results.violations)[number]) =>
    `${v.impact} ${v.id}: ${v.help} — ${v.nodes
      .slice(0, 4)
      .map((n) => {
        const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | null;
        const colours = data?.fgColor ? ` ${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}` : '';
        return `${n.html.slice(0, 120)}${colours}`;
      })
      .join(' | ')}`;
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = results.violations.filter((v) => !blocking.includes(v));
  if (minor.length)
    console.log(`[a11y] ${screen} (minor, not failing):\n  ${minor.map(describe).join('\n  ')}`);
  expect.soft(blocking.map(describe), `serious or critical axe violations on ${screen}`).toEqual([]);
}

/** Opens every step a step navigator lists (master LPQ, business plan, position LPQ) and checks each. */
export async function checkEverySteppedView(page: Page, screen: string) {
  const steps = page.getByRole('navigation', { name: 'Steps' }).getByRole('button');
  await expect(steps.first()).toBeVisible();
  const count = await steps.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) {
    await steps.nth(i).click();
    await expect(steps.nth(i)).toHaveAttribute('aria-current', 'step');
    await expectAccessible(page, `${screen} step ${i + 1}`);
  }
}

export const FIRM_QUESTIONS = {
  sections: [
    {
      title: 'Practice fit',
      questions: [
        { id: 'why', text: 'Why our firm?', type: 'textarea', required: true },
        { id: 'start', text: 'Earliest start date', type: 'date', required: false },
        { id: 'relocate', text: 'Would you relocate?', type: 'yesno', required: false },
        {
          id: 'office',
          text: 'Preferred office',
          type: 'select',
          required: true,
          options: ['Boston', 'NYC'],
        },
        { id: 'team', text: 'Team size', type: 'number', required: false },
        { id: 'title', text: 'Title you expect', type: 'text', required: false },
      ],
    },
  ],
};

export type Actors = {
  attorney: APIRequestContext;
  firm: APIRequestContext;
  sharedRequestId: string;
  pendingRequestId: string;
  lpqId: string;
};

/**
 * The actors of one describe block: set up (setUpActors) before its tests, disposed after them. Call it in
 * the block.
 */
export function actorsFor(): Actors {
  const actors = {} as Actors;
  test.beforeAll(async () => {
    Object.assign(actors, await setUpActors());
  });
  test.afterAll(async () => {
    await actors.attorney?.dispose();
    await actors.firm?.dispose();
  });
  return actors;
}

/** A firm with two requests to one attorney with every form filled: one shared, one pending. */
export async function setUpActors(): Promise<Actors> {
  const firm = await request.newContext({ baseURL });
  const attorney = await request.newContext({ baseURL });
  const attorneyEmail = uniqueEmail('a11y-attorney');
  const firmEmail = uniqueEmail('a11y-firm');
  expect(
    (
      await firm.post('/api/register/firm', {
        data: {
          firmName: 'Arden & Vale LLP',
          headquartersAddress: '200 Park Avenue, New York, NY',
          offices: [{ city: 'New York', state: 'NY', numberOfAttorneys: 40 }],
          practiceAreas: ['Corporate'],
          contactPersonName: 'Morgan Vale',
          contactPersonTitle: 'Recruiting Director',
          email: firmEmail,
          contactPhone: '+1 212 555 0199',
          password: PASSWORD,
          agreeToTerms: true,
        },
      })
    ).status(),
  ).toBe(201);
  // Sending invitations needs a verified firm address (PRODUCT.md §6).
  await verifyAddressByApi(firm, firmEmail);
  expect((await firm.post('/api/firm/custom-sections', { data: FIRM_QUESTIONS.sections[0] })).status()).toBe(
    201,
  );

  expect(
    (
      await attorney.post('/api/register', {
        data: {
          email: attorneyEmail,
          password: PASSWORD,
          firstName: 'Dana',
          lastName: 'Whitfield',
          userType: 'attorney',
        },
      })
    ).status(),
  ).toBe(201);
  await verifyAddressByApi(attorney, attorneyEmail);
  await fillEveryAttorneyFormByApi(attorney);

  const invite = async (positionTitle: string) => {
    const res = await firm.post('/api/firm/lpq-requests', {
      data: {
        attorneyEmail,
        positionTitle,
        practiceArea: 'Corporate',
        additionalMessage: 'We would love to talk.',
        firmSpecificQuestions: FIRM_QUESTIONS,
      },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).id as string;
  };
  const sharedRequestId = await invite('Corporate Partner');
  const pendingRequestId = await invite('M&A Partner');
  expect((await attorney.post(`/api/attorney/lpq-requests/${sharedRequestId}/share`)).ok()).toBe(true);
  const items = (await (await attorney.get('/api/attorney/lpq-requests')).json()) as {
    id: string;
    lpqId: string | null;
  }[];
  const lpqId = items.find((i) => i.id === sharedRequestId)?.lpqId;
  expect(lpqId).toBeTruthy();
  // The firm's read of the package is the entry on the attorney's Recent Activity.
  expect((await firm.get(`/api/firm/lpq-requests/${sharedRequestId}`)).ok()).toBe(true);
  return { attorney, firm, sharedRequestId, pendingRequestId, lpqId: lpqId! };
}

export async function pageAs(browser: Browser, actor: APIRequestContext) {
  const context = await browser.newContext({ storageState: await actor.storageState() });
  return context.newPage();
}

/**
 * The states with a toast or a dialog open, at 1280 and at 390 px. A toast is held
 * (hovered) while axe reads it, so it is part of the check at both widths.
 */
export async function atBothWidths(page: Page, screen: string) {
  const toast = page.locator('.mantine-Notification-root');
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    if (await toast.count())
      await toast
        .first()
        .hover({ timeout: 2000 })
        .catch(() => undefined);
    await expectAccessible(page, `${screen} at ${size.width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
