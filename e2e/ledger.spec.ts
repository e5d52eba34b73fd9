import { expect, type Page, test } from '@playwright/test';
import { attorneyInvitedWithCompleteLpq, certifyInDialog, seriousAxeFindings, settle, shot } from './helpers';

/**
 * PRODUCT.md §12, the attorney's figures (issue 68): three years and the year to date as columns, the
 * computed realization beside what is typed, four client cards with credit, receivables and evidence, the
 * private flags ('Firms are likely to ask about …') with links to their fields, one flag fixed, then the
 * share dialog shows the rest and sharing goes through.
 */

const flags = (page: Page) => page.getByTestId('firms-will-ask');
const step = (page: Page, n: number, title: string) =>
  page.getByRole('button', { name: new RegExp(`^${n}\\. ${title}`) }).click();
const client = (page: Page, n: number) => page.getByRole('group', { name: `Client ${n}`, exact: true });

async function shotsAtBothWidths(page: Page, name: string) {
  await settle(page);
  await shot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  await shot(page, `${name}-390`);
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await settle(page);
}

test('an attorney enters three years, the year to date and four clients, sees the computed realization and the flags, fixes one and shares', async ({
  page,
  browser,
}) => {
  const { firm } = await attorneyInvitedWithCompleteLpq(page, browser, 'ledger');
  await page.goto('/attorney/master-lpq');
  await step(page, 3, 'Financial Information');
  await expect(page.getByText('Step 3 of 7')).toBeVisible();

  // Periods as columns, oldest first, then the year to date. Money typed with '$' and commas, or bare.
  const figures: [string, string, string][] = [
    ['Year Before', 'Collections', '$1,000,000'],
    ['Year Before', 'Billed Dollars', '1200000'],
    ['Last Year', 'Rate', '900'],
    ['Last Year', 'Effective Rate', '800'],
    ['Last Year', 'Billable Hours', '1800'],
    ['Last Year', 'Billed Dollars', '$1,500,000'],
    ['Last Year', 'Collections', '$1,350,000'],
    ['Current Year', 'Billed Dollars', '1300000'],
    ['Current Year', 'Collections', '1,210,000'],
    ['Year to Date', 'Billed Dollars', '$1,000,000'],
    ['Year to Date', 'Collections', '900000'],
  ];
  for (const [period, metric, value] of figures)
    await page.getByLabel(`${period} ${metric}`, { exact: true }).fill(value);
  await page.getByLabel('Year to Date Through').fill('2026-09-30');

  // Computed beside the typed: realization on the three bases, each labelled as computed.
  await expect(page.getByTestId('realization-collected_over_billed-lastYear')).toHaveText('90%');
  await expect(page.getByTestId('realization-collected_over_worked-lastYear')).toHaveText('83.3%');
  await expect(page.getByTestId('realization-collected_over_matter_rate-lastYear')).toHaveText('93.8%');
  await expect(page.getByTestId('realization-collected_over_billed-ytd')).toHaveText('90%');
  await expect(page.getByTestId('computed-trend')).toContainText('10% a year');

  await page.getByRole('combobox', { name: 'How your current firm defines realization' }).click();
  await page.getByRole('option', { name: 'Collected over billed' }).click();
  await page.getByLabel('Realization your firm reports').fill('95%');
  await page.getByLabel('Year-One Compensation Ask').fill('$600,000');
  await page.getByLabel('Guarantee (months)').fill('12');
  await expect(flags(page)).toContainText('the realization you report');
  await expect(flags(page)).toContainText('(95%) differs by more than 2 points');

  await page.getByRole('button', { name: 'Add Team Member' }).click();
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Associate' }).click();
  await page.getByRole('combobox', { name: 'Likelihood of Following' }).click();
  await page.getByRole('option', { name: 'Likely', exact: true }).click();
  await shotsAtBothWidths(page, 'financial-step');

  // Four clients: the template's Acme Corp and three more, each a card with credit, receivables and evidence.
  await step(page, 4, 'Client Information');
  await expect(page.getByText('Step 4 of 7')).toBeVisible();
  const more: [string, string, string][] = [
    ['Birch Holdings', '300000', '$300,000'],
    ['Cobalt Energy', '150000', '150000'],
    ['Delta Freight', '100000', '$100,000'],
  ];
  for (const [i, [name, last, projected]] of more.entries()) {
    await page.getByRole('button', { name: 'Add Client' }).click();
    const card = client(page, i + 2);
    await card.getByLabel('Client Name').fill(name);
    await card.getByLabel('Last Year Collections').fill(last);
    await card.getByLabel('Reasonable Projected').fill(projected);
  }
  const acme = client(page, 1);
  await acme.getByRole('combobox', { name: 'Credit', exact: true }).click();
  await page.getByRole('option', { name: 'Origination credit' }).click();
  await expect(acme.getByText('You brought the client to the firm.')).toBeVisible();
  await acme.getByLabel('Credit Share').fill('100');
  await acme.getByLabel('Client 1 A/R Current').fill('$50,000');
  await acme.getByLabel('Client 1 A/R Over 90 Days').fill('$40,000');
  await acme.getByLabel('I originated the client').check();
  await client(page, 2).getByLabel('The client has said it would follow').check();
  await client(page, 3).getByLabel('The engagement letter is in my name').check();
  // Acme's 800k of last year's 1,350k.
  await expect(page.getByTestId('client-share-0')).toContainText('59.3%');

  // The flags of this step: Acme's concentration, the aged receivables, Delta without evidence.
  await expect(flags(page)).toContainText('how much rests on one client');
  await expect(flags(page)).toContainText('44.4% of the top clients');
  await expect(flags(page)).toContainText(
    'Delta Freight: a reasonable projection of $100,000 with no evidence',
  );
  await shotsAtBothWidths(page, 'clients-step');

  // Fixing one: the flag's link puts the cursor in Delta's evidence; an answer there clears the flag.
  await flags(page).getByRole('button', { name: 'a projection without evidence' }).click();
  await expect(client(page, 4).getByLabel('I originated the client')).toBeFocused();
  await client(page, 4).getByLabel('The client has said it would follow').check();
  await expect(flags(page)).not.toContainText('a projection without evidence');

  // Next saves the step (the template stays complete: a flag never blocks anything).
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 5 of 7')).toBeVisible();
  const checks = await (await page.request.get('/api/attorney/master-lpq/checks')).json();
  expect(checks.flags.map((f: { code: string }) => f.code)).toEqual([
    'client_concentration',
    'aged_receivables',
    'realization_mismatch',
  ]);
  const saved = await (await page.request.get('/api/attorney/master-lpq')).json();
  expect(saved.isComplete).toBe(true);
  expect(saved.financialInfo.lastYear.collections).toBe(1_350_000);
  expect(saved.financialInfo.reportedRealization).toBe(95);
  expect(saved.clientsInfo.topClients).toHaveLength(4);

  // The share dialog shows the flags privately, each linking to its field; sharing goes through.
  await page.goto('/attorney/lpq-requests');
  const card = page.getByRole('article', { name: /Arden & Vale LLP/ });
  await card.getByRole('button', { name: 'Share LPQ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share LPQ Package' });
  await expect(dialog.getByTestId('firms-will-ask')).toContainText('the realization you report');
  await expect(dialog.getByRole('link', { name: 'the realization you report' })).toHaveAttribute(
    'href',
    '/attorney/master-lpq?field=financialInfo.reportedRealization',
  );
  await shot(page, 'share-dialog-flags', { fullPage: false });
  await certifyInDialog(dialog, 'Jordan Avery');
  await dialog.getByRole('button', { name: 'Share LPQ' }).click();
  await expect(page.getByText('LPQ Shared Successfully')).toBeVisible();
  await firm.close();
});
