import { expect, test } from '@playwright/test';
import { completeMasterLpq } from '../server/modules/master-lpq/master-lpq.fixtures';
import { certifyInDialog, inviteByApi, registerFirmByApi } from './helpers';
import { card, count, look, world } from './newcomer';

// What a newcomer meets (e2e/newcomer.ts), in three files so CI's two workers share them.
test.describe.configure({ timeout: 240_000 });

test('submitting the position LPQ is an event of its own; counters and badges read as the spec says', async ({
  browser,
}) => {
  const w = await world(browser);
  // A second firm invites the same attorney: shared with two firms.
  const other = await browser.newContext();
  const otherFirm = other.request;
  await registerFirmByApi(otherFirm, { firmName: 'Baxter Lowe LLP' });
  const second = await inviteByApi(otherFirm, w.attorneyEmail);
  expect((await w.attorney.request.post(`/api/attorney/lpq-requests/${second}/share`)).ok()).toBe(true);

  const { attorney, firm } = w;
  await attorney.goto('/attorney/lpq-requests');
  await card(attorney).getByRole('button', { name: 'Share LPQ' }).click();
  const dialog = attorney.getByRole('dialog', { name: 'Share LPQ Package' });
  await certifyInDialog(dialog, 'Dana Whitfield');
  await dialog.getByRole('button', { name: 'Share LPQ' }).click();
  await expect(attorney.getByText('LPQ Shared Successfully')).toBeVisible();

  // The position LPQ, submitted.
  await card(attorney).getByRole('link', { name: 'Complete Position LPQ' }).click();
  await attorney.getByRole('button', { name: /^5\. Firm-Specific Questions/ }).click();
  await attorney.getByLabel('Why our firm?').fill('Your cross-border platform.');
  await attorney.getByRole('button', { name: 'Submit LPQ' }).click();
  await expect(attorney.getByText('LPQ Completed')).toBeVisible();

  await attorney.goto('/attorney/lpq-requests');
  await expect(count(attorney, 'Shared')).toHaveAccessibleName('Shared: 2');
  await expect(count(attorney, 'Under Review')).toHaveAccessibleName('Under Review: 0');
  const mine = card(attorney);
  await expect(mine.getByText('Documents Shared', { exact: true })).toBeVisible();
  await expect(mine.getByText(/^Position LPQ submitted [A-Z][a-z]{2} \d{2}, \d{4}$/)).toBeVisible();
  await expect(mine.getByRole('link', { name: 'View Position LPQ' })).toBeVisible();
  await look(attorney, '1 attorney requests after submitting');

  // The firm: its own event, and nobody marked it Under Review.
  await firm.goto(`/firm/requests/${w.requestId}`);
  await expect(firm.getByText('Position LPQ submitted', { exact: true })).toBeVisible();
  await expect(firm.getByText('Marked Under Review')).toHaveCount(0);
  await look(firm, '1 firm request after the submission');

  // Under Review is the firm's own action; the attorney's counters follow it.
  await firm.getByRole('button', { name: 'Mark Under Review' }).click();
  await firm
    .getByRole('dialog', { name: 'Mark Under Review' })
    .getByRole('button', { name: 'Mark Under Review' })
    .click();
  // The toast, beside the same words in the request's history.
  await expect(firm.getByText('Marked Under Review').first()).toBeVisible();
  await attorney.reload();
  await expect(count(attorney, 'Shared')).toHaveAccessibleName('Shared: 1');
  await expect(count(attorney, 'Under Review')).toHaveAccessibleName('Under Review: 1');
  await expect(card(attorney).getByText('Under Review', { exact: true })).toBeVisible();
  await other.close();
  await w.close();
});

test('a pending request lists what the share dialog would send: no diversity form unless ticked', async ({
  browser,
}) => {
  const w = await world(browser);
  const { attorney } = w;
  await attorney.goto('/attorney/lpq-requests');
  const pending = card(attorney);
  await expect(pending.getByText('If you share, Arden & Vale LLP receives')).toBeVisible();
  const listed = pending.getByRole('listitem');
  await expect(listed).toHaveText(['Profile', 'Master LPQ', 'Conflicts form', 'Business plan', 'Documents']);
  await expect(pending.getByText('Diversity Form', { exact: true })).toHaveCount(0);
  await look(attorney, '2 pending request card');
  // The share dialog ticks the same parts.
  await pending.getByRole('button', { name: 'Share LPQ' }).click();
  const dialog = attorney.getByRole('dialog', { name: 'Share LPQ Package' });
  for (const part of ['Conflicts form', 'Business plan', 'Documents'])
    await expect(dialog.getByRole('checkbox', { name: part })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Diversity self-identification' })).not.toBeChecked();
  await look(attorney, '2 share dialog');
  await w.close();
});

test('what changed reads one line per value; the attorney is told and sends the update from there', async ({
  browser,
}) => {
  const w = await world(browser, { share: true });
  const { attorney, firm } = w;
  const lpq = completeMasterLpq();
  const changed = await attorney.request.post('/api/attorney/master-lpq', {
    data: {
      ...lpq,
      resumeUrl: undefined,
      financialInfo: {
        ...lpq.financialInfo,
        currentYear: { ...lpq.financialInfo?.currentYear, billableHours: 1720 },
      },
      isComplete: true,
    },
  });
  expect(changed.ok()).toBe(true);

  await attorney.goto('/attorney/lpq-requests');
  const notice = card(attorney)
    .getByRole('alert')
    .filter({ hasText: 'Your answers changed since you sent version 1' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'See what changed (1)' }).click();
  await expect(notice.getByRole('listitem')).toHaveText([
    /^Billable Hours · Current Year:\s*changed from 1,800\s*→\s*to 1,720$/,
  ]);
  await look(attorney, '3 attorney told the master LPQ changed');

  await notice.getByRole('button', { name: 'Send these changes' }).click();
  const dialog = attorney.getByRole('dialog', { name: 'Send Update' });
  await certifyInDialog(dialog, 'Dana Whitfield');
  await dialog.getByRole('button', { name: 'Send Update' }).click();
  await expect(attorney.getByText('Update Sent')).toBeVisible();
  await expect(notice).toHaveCount(0);
  await look(attorney, '3 update sent toast');
  // Issue 67 item 7: again with nothing changed since: the dialog says so, and nothing is made or sent.
  await card(attorney).getByRole('button', { name: 'Send update' }).click();
  const again = attorney.getByRole('dialog', { name: 'Send Update' });
  await certifyInDialog(again, 'Dana Whitfield');
  await again.getByRole('button', { name: 'Send Update' }).click();
  await expect(
    again.getByRole('alert').filter({ hasText: 'Nothing has changed since version 2' }),
  ).toBeVisible();
  await look(attorney, '3 update with nothing changed');
  await attorney.keyboard.press('Escape');
  await expect(again).toBeHidden();
  const read = await (await firm.request.get(`/api/firm/lpq-requests/${w.requestId}`)).json();
  expect(read.package.version).toBe(2);

  await firm.goto(`/firm/requests/${w.requestId}`);
  await firm.getByRole('button', { name: 'What changed', exact: true }).click();
  const changes = firm.getByRole('dialog', { name: 'What changed' });
  await expect(changes.getByText('1 change from version 1')).toBeVisible();
  const line = changes.getByRole('listitem');
  await expect(line).toHaveCount(1);
  await expect(line.getByText('Billable Hours · Current Year:')).toBeVisible();
  await expect(line.locator('del')).toHaveText('1,800');
  await expect(line.locator('ins')).toHaveText('1,720');
  await expect(changes.getByText(/^: /)).toHaveCount(0);
  await look(firm, '3 firm what changed');
  await w.close();
});

test('a resume uploaded from the profile replaces the one before it: the firm sees one', async ({
  browser,
}) => {
  const w = await world(browser);
  const { attorney, firm } = w;
  const pdf = (text: string) =>
    Buffer.concat([Buffer.from(`%PDF-1.7\n% ${text}\n`), Buffer.alloc(30_000, 'r')]);
  // The master LPQ's resume (its Documents step)…
  await attorney.goto('/attorney/master-lpq');
  await attorney.getByRole('button', { name: /^7\. Documents/ }).click();
  await attorney
    .getByTestId('resume-uploader')
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'Dana CV 2026.pdf', mimeType: 'application/pdf', buffer: pdf('2026') });
  await expect(attorney.getByText('Resume Uploaded')).toBeVisible();
  await attorney.getByRole('button', { name: 'Save Template' }).click();
  await expect(attorney).toHaveURL(/\/attorney\/dashboard$/);
  // …then a new one from the profile.
  await attorney.goto('/attorney/profile');
  await attorney
    .getByTestId('resume-uploader')
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'Dana CV 2027.pdf', mimeType: 'application/pdf', buffer: pdf('2027') });
  await expect(attorney.getByText('Resume Uploaded')).toBeVisible();
  await expect(attorney.getByRole('link', { name: 'Dana CV 2027.pdf' })).toBeVisible();
  await look(attorney, '5 profile with the new resume');
  await attorney.goto('/attorney/master-lpq');
  await attorney.getByRole('button', { name: /^7\. Documents/ }).click();
  await expect(attorney.getByRole('link', { name: 'Dana CV 2027.pdf' })).toBeVisible();
  await expect(attorney.getByRole('link', { name: 'Dana CV 2026.pdf' })).toHaveCount(0);

  expect((await attorney.request.post(`/api/attorney/lpq-requests/${w.requestId}/share`)).ok()).toBe(true);
  await firm.goto(`/firm/requests/${w.requestId}`);
  await firm.getByRole('tab', { name: 'Documents' }).click();
  const documents = firm.getByRole('tabpanel', { name: 'Documents' });
  await expect(documents.getByRole('link', { name: /Dana CV 2027\.pdf/ })).toBeVisible();
  await expect(documents.getByRole('link', { name: /Dana CV 2026\.pdf/ })).toHaveCount(0);
  await expect(documents.getByRole('link', { name: /Dana Whitfield resume\.pdf/ })).toHaveCount(0);
  await look(firm, '5 firm documents tab');
  await w.close();
});
