import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { conflictsForm } from '../server/modules/master-lpq/master-lpq.fixtures';
import {
  completeLpq,
  inviteByApi,
  PASSWORD,
  registerFirmByApi,
  saveAttorneyPartsByApi,
  seriousAxeFindings,
  shot,
  shotPath,
  uniqueEmail,
  uploadPdfByApi,
  verifyAddressByApi,
} from './helpers';

/**
 * PRODUCT.md §11, a record both sides can trust: the attorney certifies while sharing, the firm sees the
 * certification, verifies, downloads the PDF (which ends with the certificate page) and the audit trail;
 * the attorney checks the same trail. SHOTS=1 keeps screenshots and the PDFs' pages as PNGs.
 */

async function expectAccessible(page: Page, screen: string) {
  await expect(page.locator('[aria-label^="Loading"]')).toHaveCount(0);
  const blocking = await seriousAxeFindings(page);
  expect.soft(blocking, `serious or critical axe violations on ${screen}`).toEqual([]);
}

/** A downloaded file's bytes, from the click that starts it. */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

/** The text of a PDF, and (with SHOTS=1) its last page as a PNG for a person to look at. */
function pdfText(bytes: Buffer, name: string) {
  const file = test.info().outputPath(`${name}.pdf`);
  writeFileSync(file, bytes);
  const pagePng = shotPath(name);
  if (pagePng) {
    const pages = Number(
      /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1] ?? 1,
    );
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', String(pages), '-l', String(pages), file, pagePng]);
  }
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

test('the attorney certifies while sharing; the firm sees it, verifies, and downloads the PDF and the trail', async ({
  browser,
}) => {
  const firm = await (await browser.newContext()).newPage();
  const attorney = await (await browser.newContext()).newPage();
  const attorneyEmail = uniqueEmail('record');

  await registerFirmByApi(firm.request);
  const registered = await attorney.request.post('/api/register', {
    data: {
      email: attorneyEmail,
      password: PASSWORD,
      firstName: 'Casey',
      lastName: 'Nguyen',
      userType: 'attorney',
    },
  });
  expect(registered.status()).toBe(201);
  await verifyAddressByApi(attorney.request, attorneyEmail);
  const requestId = await inviteByApi(firm.request, attorneyEmail);
  const resume = await uploadPdfByApi(attorney.request, 'Casey resume.pdf');
  await saveAttorneyPartsByApi(attorney.request, {
    masterLpq: completeLpq({ resumeUrl: resume }),
    conflicts: conflictsForm(),
  });

  // The share dialog asks for the certification, and checks the name before anything is sent.
  await attorney.goto('/attorney/lpq-requests');
  const card = attorney.getByRole('article', { name: /Arden & Vale LLP/ });
  await card.getByRole('button', { name: 'Share LPQ' }).click();
  const dialog = attorney.getByRole('dialog', { name: 'Share LPQ Package' });
  await expect(
    dialog.getByText(
      'I certify that the information in this package is true, accurate and complete to the best of my knowledge.',
    ),
  ).toBeVisible();
  const name = dialog.getByLabel('Your full name');
  await dialog.getByRole('button', { name: 'Share LPQ' }).click();
  await expect(dialog.getByText('Type your full name to certify this package.')).toBeVisible();
  await name.fill('Casey Smith');
  await expect(dialog.getByText('The name must match the name on your account')).toBeVisible();
  await expectAccessible(attorney, 'share dialog with the certification');
  await shot(attorney, 'record-share-dialog-1280');
  await name.fill('casey  nguyen');
  await expect(dialog.getByText('The name must match the name on your account')).toBeHidden();
  await dialog.getByRole('button', { name: 'Share LPQ' }).click();
  await expect(attorney.getByText('LPQ Shared Successfully')).toBeVisible();

  // The firm's review screen: the certification on the version, and Verify.
  await firm.goto(`/firm/requests/${requestId}`);
  const line = firm.getByText(
    // Issue 67: the account's name is the name of record, what was typed the signature.
    /^Certified by Casey Nguyen \(typed: casey\s+nguyen\) on \w{3} \d{2}, \d{4} · fingerprint [0-9a-f]{4}…[0-9a-f]{4}$/,
  );
  await expect(line).toBeVisible();
  await firm.getByRole('button', { name: 'Verify version 1' }).click();
  await expect(firm.getByText(/^Version 1 is exactly what was shared/)).toBeVisible();
  await expect(firm.getByText(/^Fingerprint [0-9a-f]{64}$/)).toBeVisible();
  await firm.getByRole('button', { name: 'Check the trail' }).click();
  await expect(firm.getByText(/^Intact: \d+ events, each linked to the one before/)).toBeVisible();
  // Issue 67: the signed receipt of the check, with its facts and a button that copies its JSON.
  const receipt = firm.getByRole('region', { name: 'Signed receipt' });
  await expect(receipt.getByText('Head hash')).toBeVisible();
  await expect(receipt.getByText(/^[0-9a-f]{12}…$/)).toBeVisible();
  await expect(receipt.getByText('Key', { exact: true })).toBeVisible();
  await expect(receipt.getByRole('button', { name: 'Copy receipt' })).toBeVisible();
  await expectAccessible(firm, 'firm review with the certification, verify and trail results');
  await shot(firm, 'record-firm-review-1280');

  // The PDF ends with the certificate page.
  const pdf = await download(firm, () => firm.getByRole('link', { name: 'Download PDF' }).click());
  const pdfWords = pdfText(pdf.bytes, 'record-package-pdf-last-page');
  const certificate = pdfWords.slice(pdfWords.lastIndexOf('Certificate'));
  expect(certificate).toContain('casey nguyen');
  expect(certificate).toMatch(/\d{2}:\d{2}:\d{2} UTC/);
  expect(certificate).toContain('Casey resume.pdf');
  expect(certificate).toMatch(/Fingerprint \(SHA-256\)\s+[0-9a-f]{64}/);

  // The trail, as CSV and PDF.
  const csv = await download(firm, () =>
    firm.getByRole('button', { name: 'Download CSV: the audit trail' }).click(),
  );
  expect(csv.name).toMatch(/^audit-trail-.+\.csv$/);
  const csvText = csv.bytes.toString('utf8');
  expect(csvText.split('\r\n')[0]).toContain('Previous hash,Hash');
  for (const code of [',sent,', ',shared,', ',certified,', ',exported,']) expect(csvText).toContain(code);
  const trail = await download(firm, () =>
    firm.getByRole('button', { name: 'Download PDF: the audit trail' }).click(),
  );
  const trailWords = pdfText(trail.bytes, 'record-trail-pdf');
  expect(trailWords).toContain('Audit trail');
  expect(trailWords).toMatch(/Intact: \d+ events verified/);
  expect(trailWords).toContain('Package certified');

  // On a phone the review screen's certification and trail fit the width.
  await firm.setViewportSize({ width: 390, height: 844 });
  await firm.reload();
  await expect(line).toBeVisible();
  expect(await firm.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(firm, 'record-firm-review-390');

  // The attorney sees the same trail: on the request's access history, and for the whole account.
  await attorney.reload();
  await card.getByRole('button', { name: 'Access history' }).click();
  await card.getByRole('button', { name: 'Check the trail' }).click();
  await expect(card.getByText(/^Intact: \d+ events/)).toBeVisible();
  const attorneyCsv = await download(attorney, () =>
    card.getByRole('button', { name: 'Download CSV: the audit trail' }).click(),
  );
  expect(attorneyCsv.bytes.toString('utf8')).toContain(',certified,');
  await shot(attorney, 'record-attorney-card-1280');
  await attorney.goto('/attorney/account');
  const section = attorney.getByRole('region', { name: 'Audit trail' });
  await section.getByRole('button', { name: 'Check the trail' }).click();
  await expect(section.getByText(/^Intact: \d+ events/)).toBeVisible();
  const account = await download(attorney, () =>
    section.getByRole('button', { name: 'Download CSV: your audit trail' }).click(),
  );
  expect(account.bytes.toString('utf8')).toContain(requestId);
  await expectAccessible(attorney, 'account page with the audit trail');
  await shot(attorney, 'record-account-1280');
  await attorney.setViewportSize({ width: 390, height: 844 });
  await attorney.goto('/attorney/lpq-requests');
  await attorney
    .getByRole('article', { name: /Arden & Vale LLP/ })
    .getByRole('button', { name: 'Send update' })
    .click();
  const update = attorney.getByRole('dialog', { name: 'Send Update' });
  await expect(update.getByLabel('Your full name')).toBeVisible();
  expect(await attorney.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(attorney, 'record-update-dialog-390');
});
