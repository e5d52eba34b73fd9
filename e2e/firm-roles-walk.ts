import { type APIRequestContext, type Browser, expect, request } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { businessPlan, conflictsForm, diversityForm } from '../server/modules/master-lpq/master-lpq.fixtures';
import {
  addFirmMemberByApi,
  completeLpq,
  inviteByApi,
  registerFirmByApi,
  settle,
  shot,
  verifiedAttorneyByApi,
} from './helpers';

/**
 * Every firm screen as each kind of member (PRODUCT.md §9), at 1280 and 390 px: no screen offers a link to a
 * firm page the member's roles do not open, no page is wider than a phone, and each page shows a heading
 * (no blank screen). Screenshots of each with SHOTS=1. One test per member, in three spec files
 * (firm-roles-walk-*.spec.ts) so CI's two workers share them; each test makes the same firm through the API:
 * the registrant, six members, and a shared request with every part whose reviewer is Riley.
 */
const NO_ACCESS = 'You do not have access to this page';

export const WALKERS = [
  'registrant',
  'admin',
  'recruiter',
  'reviewer-assigned',
  'reviewer-unassigned',
  'conflicts',
  'diversity',
] as const;
export type Walker = (typeof WALKERS)[number];

async function pageAs(browser: Browser, actor: APIRequestContext) {
  return (await browser.newContext({ storageState: await actor.storageState() })).newPage();
}

async function member(admin: APIRequestContext, roles: string[], firstName: string) {
  const context = await request.newContext({ baseURL });
  const { id } = await addFirmMemberByApi(admin, context, roles, { firstName, lastName: 'Reed' });
  return { context, id };
}

/** The firm of the walk, made through the API: its registrant, six members and one shared request. */
async function walkWorld(browser: Browser) {
  const registrant = await request.newContext({ baseURL });
  await registerFirmByApi(registrant, { firmName: 'Walker & Lyle LLP' });
  const adminOnly = await member(registrant, ['admin'], 'Alex');
  const recruiterOnly = await member(registrant, ['recruiter'], 'Robin');
  const assigned = await member(registrant, ['reviewer'], 'Riley');
  const unassigned = await member(registrant, ['reviewer'], 'Quinn');
  const conflicts = await member(registrant, ['conflicts'], 'Casey');
  const diversity = await member(registrant, ['diversity'], 'Dana');

  const attorney = await (await browser.newContext()).newPage();
  const attorneyEmail = await verifiedAttorneyByApi(
    attorney,
    'walk-attorney',
    {
      masterLpq: completeLpq(),
      conflicts: conflictsForm(),
      diversity: diversityForm(),
      businessPlan: businessPlan(),
    },
    'Avery',
  );
  const id = await inviteByApi(registrant, attorneyEmail);
  expect(
    (
      await registrant.put(`/api/firm/lpq-requests/${id}/reviewers`, { data: { userIds: [assigned.id] } })
    ).status(),
  ).toBe(200);
  const shared = await attorney.request.post(`/api/attorney/lpq-requests/${id}/share`, {
    data: {
      include: { conflictsForm: true, businessPlan: true, documents: true, diversityForm: true },
      certification: { fullName: 'Avery Avery' },
    },
  });
  expect(shared.ok(), await shared.text()).toBe(true);
  await attorney.context().close();
  const people: Record<Walker, APIRequestContext> = {
    registrant,
    admin: adminOnly.context,
    recruiter: recruiterOnly.context,
    'reviewer-assigned': assigned.context,
    'reviewer-unassigned': unassigned.context,
    conflicts: conflicts.context,
    diversity: diversity.context,
  };
  return { id, people };
}

/** `who` walks every firm screen at both widths; what they are offered but cannot open fails the test. */
export async function walkAs(browser: Browser, who: Walker) {
  const { id, people } = await walkWorld(browser);
  const actor = people[who];
  const screens = [
    '/firm/dashboard',
    '/firm/requests',
    `/firm/requests/${id}`,
    '/firm/requests/new',
    '/firm/profile',
    '/firm/custom-sections',
    '/firm/team',
    '/firm/settings',
    '/firm/conflicts',
    `/firm/conflicts/${id}`,
    '/firm/self-identification',
    '/account/security',
  ];
  const problems: string[] = [];
  // Which record checks the walk found offered, so the check above is known to have run.
  const probed = new Set<string>();
  const page = await pageAs(browser, actor);
  const opens = new Map<string, boolean>();
  const opensFor = async (href: string) => {
    if (!opens.has(href)) {
      const probe = await page.context().newPage();
      await probe.goto(href);
      await expect(probe.locator('h1').first()).toBeVisible();
      await expect(probe.locator('[aria-label^="Loading"]')).toHaveCount(0);
      opens.set(href, (await probe.getByRole('heading', { name: NO_ACCESS }).count()) === 0);
      await probe.close();
    }
    return opens.get(href);
  };
  for (const path of screens) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    await expect(page.locator('h1').first(), `${who} ${path}`).toBeVisible();
    await expect(page.locator('[aria-label^="Loading"]')).toHaveCount(0);
    await settle(page);
    const name = `${who}${path.replaceAll('/', '_').replace(id, 'id')}`;
    await shot(page, `${name}-1280`);
    const blocked = (await page.getByRole('heading', { name: NO_ACCESS }).count()) > 0;
    if (!blocked) {
      const hrefs = await page
        .locator('a[href^="/firm/"]')
        .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href') ?? ''))]);
      for (const href of hrefs)
        if (!(await opensFor(href)))
          problems.push(`${who} on ${path} is offered ${href}, which they cannot open`);
      // Downloads offered (PDF, audit trail) are ones the server gives this member.
      const downloads = await page
        .locator('a[href^="/api/"]')
        .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href') ?? ''))]);
      // The request's record: each button shown calls a path the server must answer for this member.
      const recordButtons: [string, RegExp, string][] = [
        ['Download CSV', /^Download CSV:/, `/api/firm/lpq-requests/${id}/audit.csv`],
        ['Download PDF', /^Download PDF:/, `/api/firm/lpq-requests/${id}/audit.pdf`],
        ['Check the trail', /^Check the trail$/, `/api/firm/lpq-requests/${id}/audit/verify`],
        ['Verify', /^Verify version 1$/, `/api/firm/lpq-requests/${id}/verify?version=1`],
      ];
      if (path === `/firm/requests/${id}`) {
        // The package's tabs, or the unassigned reviewer's Not Found.
        const notFound = page.getByRole('heading', { name: '404 Page Not Found' });
        await expect(page.getByRole('tab').or(notFound).first()).toBeVisible();
        for (const [label, name, api] of recordButtons)
          if (await page.getByRole('button', { name }).count()) {
            downloads.push(api);
            probed.add(`${who}: ${label}`);
          }
      }
      for (const href of downloads) {
        const status = (await actor.get(href)).status();
        if (status !== 200) problems.push(`${who} on ${path} is offered ${href}, which answers ${status}`);
      }
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > 390) problems.push(`${who} on ${path} is ${wide} px wide at 390 px`);
    await shot(page, `${name}-390`);
  }
  await page.context().close();
  await Promise.all(Object.values(people).map((p) => p.dispose()));
  expect(problems).toEqual([]);
  if (who === 'registrant')
    for (const label of ['Download CSV', 'Download PDF', 'Check the trail', 'Verify'])
      expect(probed).toContain(`registrant: ${label}`);
}
