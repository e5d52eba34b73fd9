import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { completeMasterLpq, conflictsForm } from '../server/modules/master-lpq/master-lpq.fixtures';
import {
  inviteByApi,
  registerFirmByApi,
  registerInvitedAttorneyByApi,
  seriousAxeFindings,
  settle,
  shot,
  uniqueEmail,
  uploadPdfByApi,
} from './helpers';

/**
 * What a newcomer to the product meets, one journey per behaviour (newcomer-*.spec.ts). Every
 * state a journey passes through is looked at (a screenshot with SHOTS=1) and checked by axe at 1280 and
 * at 390 px, toasts and dialogs open.
 */
export const WIDE = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function axe(page: Page, state: string) {
  await expect(page.locator('[aria-label^="Loading"]')).toHaveCount(0);
  const blocking = await seriousAxeFindings(page);
  expect.soft(blocking, `serious or critical axe findings on ${state}`).toEqual([]);
}

/**
 * The state on screen, at 1280 and at 390 px: a screenshot of each and axe on each; nothing scrolls
 * sideways on the phone. A toast on screen is held (hovered) so that it is part of both looks.
 */
export async function look(page: Page, state: string) {
  const name = state.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  const toast = page.locator('.mantine-Notification-root');
  const hold = async () => {
    if (await toast.count())
      await toast
        .first()
        .hover({ timeout: 2000 })
        .catch(() => undefined);
  };
  const original = page.viewportSize() ?? WIDE;
  for (const [size, label] of [
    [WIDE, '1280'],
    [PHONE, '390'],
  ] as const) {
    await page.setViewportSize(size);
    await hold();
    await settle(page);
    await shot(page, `${name}-${label}`, { fullPage: !(await page.getByRole('dialog').count()) });
    await axe(page, `${state} at ${label} px`);
    if (label === '390') {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect.soft(overflow, `${state}: nothing scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
    }
  }
  await page.setViewportSize(original);
}

/** Records whether a text ever shows on the page (toasts come and go between polls). */
export async function watch(page: Page, texts: string[]) {
  const seen = new Set<string>();
  await page.exposeBinding('__newcomerSaw', (_source, text: string) => {
    seen.add(text);
  });
  await page.addInitScript((wanted) => {
    const report = (window as unknown as { __newcomerSaw: (t: string) => void }).__newcomerSaw;
    const observer = new MutationObserver(() => {
      const body = document.body?.textContent ?? '';
      for (const text of wanted) if (body.includes(text)) report(text);
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  }, texts);
  return (text: string) => seen.has(text);
}

export type World = {
  firm: Page;
  attorney: Page;
  attorneyEmail: string;
  requestId: string;
  close: () => Promise<void>;
};

/**
 * A verified firm (Arden & Vale LLP) invites an address; the attorney registers through the mailed link
 * (verified), uploads a resume and saves a complete Master LPQ, a conflicts form and a business plan.
 */
export async function world(
  browser: Browser,
  opts: { firmName?: string; share?: boolean } = {},
): Promise<World> {
  const firmContext = await browser.newContext({ viewport: WIDE });
  const attorneyContext = await browser.newContext({ viewport: WIDE });
  const firm = await firmContext.newPage();
  const attorney = await attorneyContext.newPage();
  const attorneyEmail = uniqueEmail('newcomer');
  await registerFirmByApi(firm.request, { firmName: opts.firmName ?? 'Arden & Vale LLP' });
  const requestId = await inviteByApi(firm.request, attorneyEmail);
  await attorneyFromInvitation(attorney.request, attorneyEmail);
  if (opts.share) {
    const shared = await attorney.request.post(`/api/attorney/lpq-requests/${requestId}/share`);
    expect(shared.status(), await shared.text()).toBe(200);
  }
  return {
    firm,
    attorney,
    attorneyEmail,
    requestId,
    close: async () => {
      await firmContext.close();
      await attorneyContext.close();
    },
  };
}

export async function attorneyFromInvitation(request: APIRequestContext, attorneyEmail: string) {
  await registerInvitedAttorneyByApi(request, attorneyEmail, { position: 'partner', yearsExperience: 14 });
  const resume = await uploadPdfByApi(request, 'Dana Whitfield resume.pdf', 20_000);
  expect((await request.put('/api/attorney/resume', { data: { resumeURL: resume } })).ok()).toBe(true);
  const lpq = await request.post('/api/attorney/master-lpq', {
    data: { ...completeMasterLpq({ resumeUrl: resume }), isComplete: true },
  });
  expect(lpq.ok(), await lpq.text()).toBe(true);
  expect((await request.put('/api/attorney/conflicts-form', { data: conflictsForm() })).ok()).toBe(true);
  const { businessPlan } = await import('../server/modules/master-lpq/master-lpq.fixtures');
  expect((await request.put('/api/attorney/business-plan', { data: businessPlan() })).ok()).toBe(true);
}

export const card = (page: Page, firmName = 'Arden & Vale LLP') =>
  page.getByRole('article', { name: new RegExp(firmName) });
export const count = (page: Page, label: string) =>
  page.getByRole('group', { name: new RegExp(`^${label}: `) });
