import { expect, test } from '@playwright/test';
import {
  attorneyInvitedWithCompleteLpq,
  axeViolations,
  inviteByApi,
  registerFirmByApi,
  shot,
  uniqueEmail,
} from './helpers';

// PRODUCT.md §15: a recruiter filters the pipeline (the filters in the URL), counts, clears, saves a view,
// opens it from the dashboard, bulk-resends and reads what was refused and why.
test('the recruiter’s pipeline: filters in the URL, a saved view from the dashboard, a bulk resend with its refusals', async ({
  page,
}) => {
  await registerFirmByApi(page.request, { email: uniqueEmail('views'), firmName: 'Arden & Vale LLP' });
  const titles = ['Antitrust Counsel', 'Banking Partner', 'Corporate Partner'];
  for (const positionTitle of titles) await inviteByApi(page.request, uniqueEmail('lead'), { positionTitle });
  const withdrawn = await inviteByApi(page.request, uniqueEmail('gone'), { positionTitle: 'Energy Counsel' });
  expect((await page.request.post(`/api/firm/lpq-requests/${withdrawn}/withdraw`)).status()).toBe(200);

  await page.goto('/firm/requests');
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(5);
  await expect(page.getByRole('columnheader', { name: 'Last activity' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Conflicts' })).toBeVisible();

  // Overdue: none yet (every due date is ahead) — the empty filtered state offers to clear.
  await page.getByRole('checkbox', { name: 'Overdue' }).click();
  await expect(page).toHaveURL(/overdue=true/);
  await expect(page.getByText('No requests match your filters.')).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText('0 of 4 requests');
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).not.toHaveURL(/overdue/);
  await expect(rows).toHaveCount(5);

  // Pending only, sorted by a column header: the URL carries both, so a colleague opens the same list.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Pending Response' }).click();
  await expect(page.getByTestId('result-count')).toHaveText('3 of 4 requests');
  await page.getByRole('button', { name: 'Position' }).click();
  await expect(page).toHaveURL(/status=pending&sort=position/);
  await expect(rows.nth(1)).toContainText('Antitrust Counsel');
  const shared = page.url();

  await page.getByRole('textbox', { name: 'View name' }).fill('Open invitations');
  await page.getByRole('button', { name: 'Save view' }).click();
  await expect(page.getByRole('button', { name: 'Saved views (1)' })).toBeVisible();

  // The same URL in a fresh visit is the same list.
  await page.goto(shared);
  await expect(page.getByTestId('result-count')).toHaveText('3 of 4 requests');
  await expect(rows.nth(1)).toContainText('Antitrust Counsel');

  // From the dashboard: the saved view opens the list as it was saved.
  await page.goto('/firm/dashboard');
  await expect(page.getByText('New since your last visit')).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `pipeline-dashboard-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'Open invitations' }).click();
  await expect(page).toHaveURL(/\/firm\/requests\?status=pending&sort=position/);
  await expect(page.getByTestId('result-count')).toHaveText('3 of 4 requests');

  // Bulk resend: each was sent just now, so the once-a-day limit refuses each, with why.
  await page.getByRole('checkbox', { name: 'Select all shown' }).check();
  await expect(page.getByText('3 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Resend', exact: true }).click();
  const summary = page.getByRole('status').filter({ hasText: 'Refused: 3' });
  await expect(summary).toBeVisible();
  await expect(summary).toContainText('Resent: 0');
  await expect(summary.getByText(/You can resend it once a day/)).toHaveCount(3);
  expect(await axeViolations(page)).toEqual([]);
  // The stage reads whole at 1280 px: the badge's label is not cut short with an ellipsis.
  const stage = page.getByRole('table').getByText('Pending Response').first();
  expect(await stage.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `pipeline-list-${width}`);
  }

  // Withdraw behind one confirmation that lists them.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const dialog = page.getByRole('dialog');
  for (const title of titles) await expect(dialog.getByText(new RegExp(title))).toBeVisible();
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Withdrawn: 3' })).toBeVisible();
  await expect(page.getByText('No requests match your filters.')).toBeVisible();
});

// PRODUCT.md §15, item 2 of issue 64: the board by stage. Nothing is dragged; a card offers only the firm's own
// next move, behind the request page's confirmation, and the layout stays in the URL with the filters.
test('the recruiter reads the pipeline as a board by stage and marks a shared request under review from its card', async ({
  page,
  browser,
}) => {
  const { firm, requestId } = await attorneyInvitedWithCompleteLpq(page, browser, 'board');
  const shared = await page.request.post(`/api/attorney/lpq-requests/${requestId}/share`, { data: {} });
  expect(shared.status()).toBe(200);
  await inviteByApi(firm.request, uniqueEmail('board-pending'), { positionTitle: 'Banking Partner' });
  const recruiter = await firm.newPage();

  await recruiter.goto('/firm/requests');
  await recruiter.getByText('Board', { exact: true }).click();
  await expect(recruiter).toHaveURL(/layout=board/);
  const board = recruiter.getByTestId('requests-board');
  const column = (name: string) => board.getByRole('region', { name });
  await expect(column('Pending Response').getByRole('listitem')).toHaveCount(1);
  await expect(column('Pending Response').getByRole('button')).toHaveCount(0);
  const accepted = column('Accepted');
  await expect(accepted.getByRole('listitem')).toHaveCount(1);
  await expect(accepted).toContainText('Shared v1');

  // A filter keeps the board; the board keeps the filter.
  await recruiter.getByRole('combobox', { name: 'Status' }).click();
  await recruiter.getByRole('option', { name: 'Accepted' }).click();
  await expect(recruiter).toHaveURL(/status=accepted.*layout=board|layout=board.*status=accepted/);
  await expect(column('Pending Response')).toHaveCount(0);
  expect(await axeViolations(recruiter)).toEqual([]);
  for (const width of [1280, 390]) {
    await recruiter.setViewportSize({ width, height: 900 });
    await shot(recruiter, `pipeline-board-${width}`);
  }
  await recruiter.setViewportSize({ width: 1280, height: 900 });

  // The firm's own move, confirmed as on the request page.
  await accepted.getByRole('button', { name: /^Mark Under Review: / }).click();
  const dialog = recruiter.getByRole('dialog');
  await expect(dialog).toContainText('The attorney sees the new status.');
  await dialog.getByRole('button', { name: 'Mark Under Review' }).click();
  await recruiter.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(recruiter).toHaveURL(/layout=board/);
  await expect(column('Under Review').getByRole('listitem')).toHaveCount(1);
  await expect(column('Under Review').getByRole('button', { name: /^Mark Review Complete: / })).toBeVisible();
  await firm.close();
});
