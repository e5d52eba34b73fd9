import { expect, test } from '@playwright/test';
import {
  completeMasterLpq,
  conflictsForm,
  diversityForm,
} from '../server/modules/master-lpq/master-lpq.fixtures';
import { TEAM_MESSAGES } from '../shared/team';
import {
  certifyInDialog,
  completeLpq,
  firmAndAttorneyPages,
  inviteByApi,
  registerByApi,
  registerFirmByApi,
  saveAttorneyPartsByApi,
  shot,
  uniqueEmail,
  uploadPdfByApi,
  verifiedAttorneyByApi,
  verifyAddressByApi,
} from './helpers';

test('the attorney shares without diversity after a preview, sees the firm read, sends an update, and revokes', async ({
  browser,
}) => {
  const { firm, attorney } = await firmAndAttorneyPages(browser);
  await registerFirmByApi(firm.request);
  const attorneyEmail = await verifiedAttorneyByApi(attorney, 'control', {}, 'Casey');
  const requestId = await inviteByApi(firm.request, attorneyEmail);
  // A real uploaded resume, so the package has a document link the firm can be handed.
  const objectPath = await uploadPdfByApi(attorney.request, 'Casey resume.pdf');
  const masterLpq = completeLpq({ resumeUrl: objectPath });
  await saveAttorneyPartsByApi(attorney.request, {
    masterLpq,
    conflicts: conflictsForm(),
    diversity: diversityForm(),
  });

  // The share dialog: each part with a tick box, diversity unticked, a one-line summary.
  await attorney.goto('/attorney/lpq-requests');
  const card = attorney.getByRole('article', { name: /Arden & Vale LLP/ });
  await card.getByRole('button', { name: 'Share LPQ' }).click();
  const dialog = attorney.getByRole('dialog', { name: 'Share LPQ Package' });
  await expect(dialog.getByRole('checkbox', { name: 'Conflicts form' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Diversity self-identification' })).not.toBeChecked();
  // This firm has no diversity officer (PRODUCT.md §9): the tick is off, and the dialog says why.
  await expect(dialog.getByRole('checkbox', { name: 'Diversity self-identification' })).toBeDisabled();
  await expect(dialog.getByText(TEAM_MESSAGES.noDiversityOfficer)).toBeVisible();
  await expect(
    dialog.getByText(
      /Arden & Vale LLP will receive your profile, your Master LPQ, your conflicts form and 1 document\./,
    ),
  ).toBeVisible();
  await dialog.getByLabel('Access end date (optional)').fill('2099-12-31');
  await expect(dialog.getByText(/with access until Dec 31, 2099\./)).toBeVisible();
  await shot(attorney, 'share-dialog-1280');

  // The preview renders the firm's own review screen: no diversity form.
  await dialog.getByRole('button', { name: 'Preview what Arden & Vale LLP will see' }).click();
  const preview = attorney.getByRole('dialog', { name: 'What Arden & Vale LLP will see' });
  await expect(preview.getByRole('tab', { name: 'Master LPQ' })).toBeVisible();
  await preview.getByRole('tab', { name: 'Diversity' }).click();
  await expect(preview.getByText('The attorney did not share the voluntary diversity form.')).toBeVisible();
  await shot(attorney, 'share-preview-1280');
  await attorney.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await certifyInDialog(dialog, 'Casey Avery');
  await dialog.getByRole('button', { name: 'Share LPQ' }).click();
  await expect(attorney.getByText('LPQ Shared Successfully')).toBeVisible();
  await expect(card.getByText('Access until Dec 31, 2099')).toBeVisible();

  // The firm reads the package; the attorney sees the read on the card and in the access log.
  const detail = await firm.request.get(`/api/firm/lpq-requests/${requestId}`);
  const { package: pkg, visibleParts } = await detail.json();
  // Not shared, and not the registrant's to read in any case (PRODUCT.md §9): absent, never blanked.
  expect(pkg).not.toHaveProperty('diversityForm');
  expect(visibleParts).not.toContain('diversityForm');
  expect(pkg.version).toBe(1);
  await attorney.reload();
  await card.getByRole('button', { name: 'Access history' }).click();
  await expect(card.getByText(/Viewed Shared package/)).toBeVisible();
  await attorney.goto('/attorney/access-log');
  await expect(
    attorney.getByRole('list', { name: 'Access log' }).getByText('Arden & Vale LLP'),
  ).toBeVisible();
  await shot(attorney, 'access-log-1280');

  // The attorney edits the master LPQ and sends an update: the firm gets version 2 and what changed.
  const edited = await attorney.request.post('/api/attorney/master-lpq', {
    data: { ...masterLpq, generalInfo: { ...masterLpq.generalInfo, phone: '+1 646 555 0142' } },
  });
  expect(edited.ok()).toBe(true);
  await attorney.goto('/attorney/lpq-requests');
  await card.getByRole('button', { name: 'Send update' }).click();
  const update = attorney.getByRole('dialog', { name: 'Send Update' });
  await expect(update.getByText(/become version 2/)).toBeVisible();
  await certifyInDialog(update, 'Casey Avery');
  await update.getByRole('button', { name: 'Send Update' }).click();
  await expect(attorney.getByText('Update Sent')).toBeVisible();
  await expect(card.getByText(/version 2/)).toBeVisible();
  // The firm sees version 2 and what changed, on its review screen.
  await firm.goto(`/firm/requests/${requestId}`);
  await expect(firm.getByText(/\(v2 · \d+ changes?\)/)).toBeVisible();
  await firm.getByRole('button', { name: 'What changed' }).click();
  const changed = firm.getByRole('dialog', { name: 'What changed' });
  const phone = changed.getByRole('listitem').filter({ hasText: 'Phone' });
  await expect(phone.getByText('+1 646 555 0142')).toBeVisible();
  await shot(firm, 'firm-what-changed-1280');
  await firm.keyboard.press('Escape');
  const documentLink = (await (await firm.request.get(`/api/firm/lpq-requests/${requestId}`)).json()).package
    .documents[0].url as string;
  expect((await firm.request.get(documentLink)).status()).toBe(200);

  // Revoke, behind a confirmation that says what the firm loses.
  await card.getByRole('button', { name: 'Revoke access' }).click();
  const revoke = attorney.getByRole('dialog', { name: 'Revoke Access' });
  await expect(revoke.getByText(/will immediately lose access to your package/)).toBeVisible();
  await shot(attorney, 'revoke-confirm-1280');
  await revoke.getByRole('button', { name: 'Revoke access' }).click();
  await expect(attorney.getByText('Access Revoked').first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'Send update' })).toHaveCount(0);

  // The firm loses access: the screen says so, and the package, PDF and document links answer nothing.
  await firm.reload();
  await expect(firm.getByText('Access revoked', { exact: true })).toBeVisible();
  await expect(firm.getByRole('tab', { name: 'Master LPQ' })).toHaveCount(0);
  await expect(firm.getByRole('link', { name: 'Download PDF' })).toHaveCount(0);
  const after = await (await firm.request.get(`/api/firm/lpq-requests/${requestId}`)).json();
  expect(after).toMatchObject({ status: 'revoked', package: null });
  expect((await firm.request.get(`/api/firm/lpq-requests/${requestId}/package.pdf`)).status()).toBe(404);
  expect((await firm.request.get(documentLink)).status()).toBe(404);

  // The same screens at 390 px.
  await attorney.setViewportSize({ width: 390, height: 844 });
  await attorney.goto('/attorney/lpq-requests');
  await card.getByRole('button', { name: 'Access history' }).click();
  await expect(card.getByText(/Downloaded .*Casey resume\.pdf/)).toBeVisible();
  await shot(attorney, 'requests-390');
  await attorney.goto('/attorney/access-log');
  await expect(attorney.getByRole('list', { name: 'Access log' })).toBeVisible();
  await shot(attorney, 'access-log-390');

  await firm.context().close();
  await attorney.context().close();
});

test('sharing an incomplete master LPQ lists what is missing, with links to each answer', async ({
  page,
}) => {
  const firmContext = await page.context().browser()!.newContext();
  const firm = await firmContext.newPage();
  const attorneyEmail = uniqueEmail('incomplete');
  await registerFirmByApi(firm.request);
  await registerByApi(page, { email: attorneyEmail, userType: 'attorney', firstName: 'Casey' });
  await verifyAddressByApi(page.request, attorneyEmail);
  await inviteByApi(firm.request, attorneyEmail);
  const { disclosures: _unanswered, ...rest } = completeMasterLpq();
  expect(
    (await page.request.post('/api/attorney/master-lpq', { data: { ...rest, isComplete: false } })).ok(),
  ).toBe(true);

  await page.goto('/attorney/lpq-requests');
  await page
    .getByRole('article', { name: /Arden & Vale LLP/ })
    .getByRole('button', { name: 'Share LPQ' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Share LPQ Package' });
  await expect(dialog.getByText('What is missing', { exact: false }).first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Share LPQ' })).toBeDisabled();
  const link = dialog
    .getByRole('link')
    .filter({ hasText: /non-compete/i })
    .first();
  await link.click();
  await expect(page).toHaveURL(/\/attorney\/master-lpq\?field=/);
  await firmContext.close();
});
