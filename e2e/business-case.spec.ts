import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { completeMasterLpq } from '../server/modules/master-lpq/master-lpq.fixtures';
import { businessCase, type Ledger, resolveAssumptions } from '../shared/business-case';
import { ledgerFinancialInfo, ledgerTopClients } from '../shared/business-case/business-case.fixtures';
import { breakevenText } from '../shared/business-case/workbench-texts';
import { formatMoney } from '../shared/format';
import {
  addFirmMemberByApi,
  inviteByApi,
  registerFirmByApi,
  registerInvitedAttorneyByApi,
  seriousAxeFindings,
  settle,
  shot,
  shotPath,
  uniqueEmail,
} from './helpers';

/**
 * PRODUCT.md §12 'The firm's workbench' (issue 62): a recruiter opens the business case of a shared package
 * (two versions), changes the haircut and one client's haircut, sees the breakeven move as they type, the
 * assumptions saved; downloads the workbook and the PDF; compares the case on the other version; axe clean
 * and nothing sideways at 1280 and 390 px. The expected figures come from the same shared module the screen
 * computes with, on the assumptions typed.
 */

async function attorneyWithLedger(request: APIRequestContext, attorneyEmail: string) {
  await registerInvitedAttorneyByApi(request, attorneyEmail, {
    barAdmissions: 'Massachusetts',
    practiceAreas: ['Corporate'],
  });
  const { resumeUrl: _none, ...base } = completeMasterLpq();
  return {
    ...base,
    financialInfo: { ...base.financialInfo, ...ledgerFinancialInfo() },
    clientsInfo: { ...base.clientsInfo, topClients: ledgerTopClients() },
  };
}

async function checkScreen(page: Page, name: string) {
  await expect(page.locator('[aria-label^="Loading"]')).toHaveCount(0);
  await settle(page);
  await shot(page, name);
  // The tab and its charts up close, to look at.
  for (const part of ['business-case', 'business-case-charts'])
    if (await page.getByTestId(part).count()) await shot(page.getByTestId(part), `${name}-${part}`);
  expect(await seriousAxeFindings(page), `axe on ${name}`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `nothing sideways on ${name}`).toBeLessThanOrEqual(0);
}

test('a recruiter models the case: haircuts typed move the breakeven, saved; the workbook and the PDF download', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext();
  const admin = adminContext.request;
  const recruiterContext = await browser.newContext();
  const page = await recruiterContext.newPage();
  const attorneyContext = await browser.newContext();
  const attorney = attorneyContext.request;
  const attorneyEmail = uniqueEmail('bc-attorney');

  await registerFirmByApi(admin, { email: uniqueEmail('bc-firm'), firmName: 'Arden & Vale LLP' });
  await addFirmMemberByApi(admin, page.request, ['recruiter'], { firstName: 'Riley', lastName: 'Stone' });
  const requestId = await inviteByApi(admin, attorneyEmail);
  const masterLpq = await attorneyWithLedger(attorney, attorneyEmail);
  const saved = await attorney.post('/api/attorney/master-lpq', { data: masterLpq });
  expect(saved.ok(), await saved.text()).toBe(true);
  // The share dialog tells the attorney what the firm may do with the figures (PRODUCT.md §12).
  const attorneyPage = await attorneyContext.newPage();
  await attorneyPage.goto('/attorney/lpq-requests');
  await attorneyPage
    .getByRole('article', { name: /Arden & Vale LLP/ })
    .getByRole('button', { name: 'Share LPQ' })
    .click();
  const dialog = attorneyPage.getByRole('dialog', { name: 'Share LPQ Package' });
  await expect(dialog.getByText('The firm can model your figures privately.')).toBeVisible();
  await attorneyPage.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const base = `/api/attorney/lpq-requests/${requestId}`;
  expect((await attorney.post(`${base}/share`)).status()).toBe(200);
  // Version 2: Acme's projection rises from $500,000 to $650,000.
  const clients = ledgerTopClients();
  clients[0] = { ...clients[0], reasonableProjected: 650_000 };
  const changed = { ...masterLpq, clientsInfo: { ...masterLpq.clientsInfo, topClients: clients } };
  expect((await attorney.post('/api/attorney/master-lpq', { data: changed })).ok()).toBe(true);
  const updated = await attorney.post(`${base}/update`);
  expect(updated.status(), await updated.text()).toBe(200);

  const ledger = changed as unknown as Ledger;
  const expected = (input: Parameters<typeof resolveAssumptions>[0]) =>
    businessCase(ledger, resolveAssumptions(input));

  // The tab, on the latest version, with the §12 defaults.
  await page.goto(`/firm/requests/${requestId}`);
  await page.getByRole('tab', { name: 'Business case' }).click();
  const tab = page.getByTestId('business-case');
  await expect(tab).toBeVisible();
  const before = expected({});
  await expect(page.getByTestId('first-look-book')).toContainText(formatMoney(before.firstLook.claimedBook));
  await expect(page.getByTestId('first-look-book')).toContainText(formatMoney(before.firstLook.adjustedBook));
  await expect(page.getByTestId('breakeven-month')).toContainText(breakevenText(before.breakevenMonth));
  await expect(page.getByTestId('case-flags')).toContainText('Concentration on one client');
  await expect(page.getByTestId('sensitivity').getByRole('listitem')).toHaveCount(5);
  // The case the server computes is the one on screen.
  const served = await (
    await page.request.get(`/api/firm/lpq-requests/${requestId}/business-case?version=2`)
  ).json();
  expect(served.breakevenMonth).toBe(before.breakevenMonth);
  expect(served.firstLook.adjustedBook).toBe(before.firstLook.adjustedBook);
  await expect(page.getByTestId('business-case-charts').getByRole('figure')).toHaveCount(4);
  await checkScreen(page, 'business-case-1280');

  // The haircut: 30% → 10%. The breakeven moves while typing, before any save.
  const haircut = page.getByLabel('Haircut', { exact: true });
  await haircut.fill('10');
  const lower = expected({ haircut: 0.1 });
  expect(lower.breakevenMonth).not.toBe(before.breakevenMonth);
  await expect(page.getByTestId('breakeven-month')).toContainText(breakevenText(lower.breakevenMonth));
  await expect(page.getByTestId('contribution-year-1')).toContainText(
    formatMoney(Math.abs(lower.contribution.year1)),
  );

  // Acme's own haircut: 40%.
  await page.getByLabel('Haircut for Acme Corp').fill('40');
  const acme = expected({ haircut: 0.1, clientHaircuts: { '0': 0.4 } });
  expect(acme.breakevenMonth).not.toBe(lower.breakevenMonth);
  await expect(page.getByTestId('breakeven-month')).toContainText(breakevenText(acme.breakevenMonth));
  await expect(page.getByTestId('client-adjusted-0')).toHaveText(formatMoney(650_000 * 0.6));
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });

  // Saved on the request: read back, and kept after a reload.
  const after = await (await page.request.get(`/api/firm/lpq-requests/${requestId}/business-case`)).json();
  expect(after.assumptions.haircut).toBe(0.1);
  expect(after.assumptions.clientHaircuts).toEqual({ '0': 0.4 });
  expect(after.breakevenMonth).toBe(acme.breakevenMonth);
  await page.reload();
  await page.getByRole('tab', { name: 'Business case' }).click();
  await expect(page.getByLabel('Haircut', { exact: true })).toHaveValue('10%');
  await expect(page.getByLabel('Haircut for Acme Corp')).toHaveValue('40%');
  await expect(page.getByTestId('breakeven-month')).toContainText(breakevenText(acme.breakevenMonth));

  // A save that fails keeps what was typed, says so, and goes through on 'Try again'.
  const route = `**/api/firm/lpq-requests/${requestId}/business-case/assumptions*`;
  await page.route(route, (r) => r.fulfill({ status: 503, body: '{"message":"Service unavailable"}' }));
  await page.getByLabel('Rate change at the firm').fill('5');
  await expect(page.getByRole('alert').filter({ hasText: 'Your assumptions are not saved yet' })).toBeVisible(
    {
      timeout: 15_000,
    },
  );
  await expect(page.getByLabel('Rate change at the firm')).toHaveValue('5%');
  await page.unroute(route);
  // The retry on its own timer may come first; else 'Try again' sends it at once.
  await page
    .getByRole('button', { name: 'Try again' })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Your assumptions are not saved yet' })).toHaveCount(
    0,
  );
  const withRate = await (await page.request.get(`/api/firm/lpq-requests/${requestId}/business-case`)).json();
  expect(withRate.assumptions.rateChange).toBe(0.05);
  await page.getByLabel('Rate change at the firm').fill('0');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });

  // A value the schema refuses is said at the field, computes nothing and saves nothing.
  await page.getByLabel('Realization at the firm').fill('150');
  await expect(page.getByText('Must be a percentage from 0% to 100%')).toBeVisible();
  await expect(page.getByTestId('breakeven-month')).toContainText(breakevenText(acme.breakevenMonth));
  await page.getByLabel('Realization at the firm').fill('90');
  await expect(page.getByText('Must be a percentage from 0% to 100%')).toHaveCount(0);

  // The workbook and the PDF download.
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download workbook' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const pdfCopy = shotPath('business-case.pdf');
  if (pdfCopy) await pdf.saveAs(pdfCopy);

  // The case on version 1 with the same assumptions: what changed.
  await page.getByRole('combobox', { name: 'Compare with version' }).click();
  await page.getByRole('option', { name: 'Version 1' }).click();
  const compare = page.getByTestId('version-compare');
  const v1 = businessCase(
    masterLpq as unknown as Ledger,
    resolveAssumptions({ haircut: 0.1, clientHaircuts: { '0': 0.4 } }),
  );
  await expect(compare.getByRole('row', { name: /Claimed book/ })).toContainText(
    formatMoney(v1.firstLook.claimedBook),
  );
  await expect(compare.getByRole('row', { name: /Claimed book/ })).toContainText(
    formatMoney(acme.firstLook.claimedBook),
  );

  // A chart's numbers as a table.
  await page.getByRole('button', { name: 'Show as table' }).last().click();
  await expect(
    page.getByRole('rowheader', { name: `Month ${acme.breakevenMonth} (breakeven)` }),
  ).toBeVisible();
  await checkScreen(page, 'business-case-edited-1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'business-case-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The attorney sees the reads of the case, never its assumptions.
  const activity = await (await attorney.get('/api/attorney/access-log')).text();
  expect(activity).not.toContain('clientHaircuts');
  await adminContext.close();
  await recruiterContext.close();
  await attorneyContext.close();
});

test('an admin changes the firm’s default assumptions in the settings', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerFirmByApi(page.request, { email: uniqueEmail('bc-defaults') });
  await page.goto('/firm/settings');
  const section = page.getByRole('region', { name: 'Business case assumptions' });
  await expect(section.getByLabel('Haircut', { exact: true })).toHaveValue('30%');
  await section.getByLabel('Haircut', { exact: true }).fill('45');
  await section.getByLabel('Overhead per lawyer').fill('120000');
  await section.getByRole('button', { name: 'Save defaults' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  const defaults = await (await page.request.get('/api/firm/settings/business-case')).json();
  expect(defaults.haircut).toBe(0.45);
  expect(defaults.overheadPerLawyer).toBe(120_000);
  await checkScreen(page, 'settings-defaults-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'settings-defaults-390');
  await context.close();
});
