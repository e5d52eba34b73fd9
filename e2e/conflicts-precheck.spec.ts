import { expect, test } from '@playwright/test';
import { conflictsForm } from '../server/modules/master-lpq/master-lpq.fixtures';
import { answerConflictsRow, attorneyInvitedWithCompleteLpq, conflictsRow, settle, shot } from './helpers';

/**
 * Issue 63 (PRODUCT.md §13): the attorney sends a conflicts pre-check before sharing, the conflicts member answers
 * with one waiver, the attorney reads it, shares, adds a party, sends an update, and the member sees only the new
 * row waiting. Screenshots at 1280 and 390 px (SHOTS=1).
 */
const matter = (relatedParties: string[]) => ({
  id: 'matter-acme',
  clientName: 'Acme Corp',
  matterDescription: 'Supply agreement dispute',
  adverseParties: ['Globex Inc'],
  relatedParties,
  role: 'Lead counsel',
  openedOn: '2021-03-01',
  closedOn: null,
  clientMayObject: false,
});
const form = (relatedParties: string[]) =>
  conflictsForm({ currentClients: [], formerClients: [], matters: [matter(relatedParties)] as never });

test('pre-check, one waiver, share, a new party, only the new row waits', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { firm, requestId } = await attorneyInvitedWithCompleteLpq(page, browser, 'precheck');
  expect((await page.request.put('/api/attorney/conflicts-form', { data: form([]) })).status()).toBe(200);

  // The attorney: the dialog shows exactly the rows the conflicts team will see.
  await page.goto('/attorney/lpq-requests');
  await page.getByRole('button', { name: 'Send conflicts pre-check' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a conflicts pre-check' });
  const table = dialog.getByRole('table', { name: 'What the conflicts team will see' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('Globex Inc');
  await expect(dialog).not.toContainText('Supply agreement dispute');
  await settle(page);
  await shot(page, 'attorney-precheck-dialog-1280');
  await dialog.getByRole('button', { name: 'Send pre-check' }).click();
  await expect(page.getByText(/^Conflicts pre-check sent /)).toBeVisible();

  // The conflicts member (the firm's registrant holds the role): the position alone, then the answers.
  const member = await firm.newPage();
  await member.goto('/firm/conflicts');
  await member
    .getByRole('link', { name: /^Pre-check \(candidate not named\), / })
    .first()
    .click();
  await expect(member.getByRole('heading', { name: /^Pre-check: / })).toBeVisible();
  await expect(member.locator('body')).not.toContainText('Supply agreement dispute');
  await answerConflictsRow(member, 'Acme Corp (Client)', 'Cleared');
  await expect(conflictsRow(member, 'Acme Corp (Client)').getByText('Answered by')).toBeVisible();
  await answerConflictsRow(
    member,
    'Globex Inc (Adverse Party)',
    'Waiver needed',
    'We act for Globex in an unrelated matter; a waiver from Acme is needed.',
  );
  await expect(conflictsRow(member, 'Globex Inc (Adverse Party)').getByText('Answered by')).toBeVisible();
  await settle(member);
  await shot(member, 'member-precheck-1280');
  await member.setViewportSize({ width: 390, height: 844 });
  await settle(member);
  await shot(member, 'member-precheck-390');

  // The attorney reads the answer on the card.
  await page.reload();
  await expect(page.getByText('Conflicts check: 1 cleared · 1 waiver needed')).toBeVisible();
  await expect(page.getByText('a waiver from Acme is needed.')).toBeVisible();
  await settle(page);
  await shot(page, 'attorney-answers-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  await shot(page, 'attorney-answers-390');

  // Share, add a related party, send an update.
  expect(
    (await page.request.post(`/api/attorney/lpq-requests/${requestId}/share`, { data: {} })).status(),
  ).toBe(200);
  expect((await page.request.put('/api/attorney/conflicts-form', { data: form(['Initech']) })).status()).toBe(
    200,
  );
  expect(
    (await page.request.post(`/api/attorney/lpq-requests/${requestId}/update`, { data: {} })).status(),
  ).toBe(200);

  // The member: only the new row waits; the others keep their answers.
  await member.setViewportSize({ width: 1280, height: 900 });
  await member.goto(`/firm/conflicts/${requestId}`);
  await expect(conflictsRow(member, 'Initech (Related Party)')).toBeVisible();
  await expect(conflictsRow(member, 'Initech (Related Party)').getByText('Answered by')).toHaveCount(0);
  await expect(conflictsRow(member, 'Acme Corp (Client)').getByText('Answered by')).toBeVisible();
  await expect(conflictsRow(member, 'Globex Inc (Adverse Party)').getByText('Answered by')).toBeVisible();
  await settle(member);
  await shot(member, 'member-after-update-1280');
  const queue = await member.request.get('/api/firm/conflicts');
  expect((await queue.json()).find((q: { requestId: string }) => q.requestId === requestId)).toMatchObject({
    conflictsWaiting: 1,
    conflictsStatus: 'pending',
  });
  await firm.close();
});
