import { expect, type Page, test } from '@playwright/test';
import { completeMasterLpq } from '../server/modules/master-lpq/master-lpq.fixtures';
import {
  inviteByApi,
  registerFirmByApi,
  registerInvitedAttorneyByApi,
  shot,
  uniqueEmail,
  uploadPdfByApi,
} from './helpers';

// The hiring side's tabs: self-identification reaches the diversity officer only (PRODUCT.md §9).
const TABS = ['Profile', 'Master LPQ', 'Position LPQ', 'Conflicts', 'Business Plan', 'Documents'];

/** Everything a person reads on the review screen: the page, then each tab's panel in turn. */
async function readableText(page: Page) {
  // innerText, not textContent: what is rendered for a person, not hidden markup.
  const parts = [await page.locator('main').innerText()];
  for (const tab of TABS) {
    await page.getByRole('tab', { name: tab }).click();
    parts.push(await page.getByRole('tabpanel', { name: tab }).innerText());
  }
  return parts.join('\n');
}

test('the firm’s review screen reads like a document: summary first, labelled sections, no ids, timestamps or codes', async ({
  browser,
}) => {
  const firmContext = await browser.newContext();
  const firm = await firmContext.newPage();
  const attorney = await (await browser.newContext()).newPage();
  const attorneyEmail = uniqueEmail('review');

  await registerFirmByApi(firm.request, { email: uniqueEmail('firm-review'), firmName: 'Arden & Vale LLP' });
  const requestId = await inviteByApi(firm.request, attorneyEmail);

  // The attorney registers through the invitation (verified) as a senior partner.
  await registerInvitedAttorneyByApi(attorney.request, attorneyEmail);

  // A resume (PDF) on the master LPQ, then the conflicts form, then sharing.
  const objectPath = await uploadPdfByApi(attorney.request, 'Dana Whitfield resume.pdf', 250_000);
  const masterLpq = completeMasterLpq({ resumeUrl: objectPath });
  masterLpq.disclosures = { ...masterLpq.disclosures, malpracticeClaim: false };
  for (const [method, url, data] of [
    ['post', '/api/attorney/master-lpq', masterLpq],
    [
      'put',
      '/api/attorney/conflicts-form',
      {
        attorneyName: 'Dana Whitfield',
        date: '2026-01-10',
        firmName: 'Hale & Stone LLP',
        currentClients: [
          {
            clientName: 'Acme Corp',
            businessDescription: 'Manufacturing',
            relationshipStartDate: '2016-01-15',
            typesOfWork: 'M&A',
            annualBillings: '800000',
          },
        ],
        certificationAgreement: true,
      },
    ],
  ] as const) {
    const res = await attorney.request[method](url, { data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  }
  const shared = await attorney.request.post(`/api/attorney/lpq-requests/${requestId}/share`);
  expect(shared.status(), await shared.text()).toBe(200);
  const lpqId = (await shared.json()).lpqId as string;
  await attorney.request.put(`/api/lpqs/${lpqId}`, {
    data: {
      formData: { name: 'Dana Whitfield', position: 'senior_partner' },
      firmAnswers: { why: 'Your platform.' },
    },
  });

  await firm.goto(`/firm/requests/${requestId}`);
  const summary = firm.getByRole('heading', { name: 'Summary' });
  await expect(summary).toBeVisible();
  // The read is preloaded with the page's code and the page takes that answer: one read of the package
  // per page load, so the attorney's access log shows one view, not two (PRODUCT.md §8).
  await expect(firm.getByRole('tab', { name: 'Profile' })).toBeVisible();
  const log = (await (
    await attorney.request.get(`/api/attorney/access-log?requestId=${requestId}`)
  ).json()) as {
    action: string;
    count: number;
  }[];
  expect(log.filter((e) => e.action === 'viewed').reduce((sum, e) => sum + e.count, 0)).toBe(1);
  // The summary comes before the package's tabs.
  const summaryBox = await summary.boundingBox();
  const tabsBox = await firm.getByRole('tab', { name: 'Profile' }).boundingBox();
  expect(summaryBox!.y).toBeLessThan(tabsBox!.y);
  // Issue 67 item 10: the master LPQ's title (the certified record), not the profile's 'Senior Partner'.
  // Item 11: the candidate card comes first: name, firm and title, book, ask, conflicts, changes.
  const card = firm.getByRole('region', { name: 'Candidate' });
  await expect(card.getByRole('heading', { name: 'Dana Whitfield' })).toBeVisible();
  await expect(card.getByText('Hale & Stone LLP · Partner')).toBeVisible();
  await expect(card.getByText('$1.2M base')).toBeVisible();
  await expect(card.getByText('Book', { exact: true })).toBeVisible();
  await expect(card.getByText('Conflicts', { exact: true })).toBeVisible();
  await expect(card.getByText('v1', { exact: true })).toBeVisible();
  // The request's logistics in one line.
  await expect(card.getByText(/^Corporate · Sent [A-Z][a-z]{2} \d{2}, \d{4} · /)).toBeVisible();
  const cardBox = (await card.boundingBox())!;
  expect(cardBox.y + cardBox.height).toBeLessThan(summaryBox!.y);
  await expect(summary.locator('xpath=..').getByText('Hale & Stone LLP · Partner')).toBeVisible();
  await expect(firm.getByText('Disclosures Answered Yes')).toBeVisible();
  await expect(
    firm.getByText(
      /Are you subject to a non-compete or non-solicitation agreement\? — Six-month non-solicit/,
    ),
  ).toBeVisible();
  await shot(firm, `review-1280`);

  const text = await readableText(firm);
  expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
  expect(text).toContain('$2,100,000');
  expect(text).toContain('$800,000');
  expect(text).toContain('Sep 01, 2015');
  expect(text).toContain('Why our firm?');
  expect(text).toContain('Your platform.');

  // Disclosures in the spec's order, the Yes with its explanation under it.
  await firm.getByRole('tab', { name: 'Master LPQ' }).click();
  const panel = firm.getByRole('tabpanel', { name: 'Master LPQ' });
  await expect(panel.getByText('Six-month non-solicit')).toBeVisible();
  await shot(firm, `review-1280-master`);

  // The documents: a named link with type and size; the PDF opens in the browser.
  await firm.getByRole('tab', { name: 'Documents' }).click();
  const docs = firm.getByRole('tabpanel', { name: 'Documents' });
  const link = docs.getByRole('link', { name: /Dana Whitfield resume\.pdf/ });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(docs.getByText('PDF · 244 KB')).toBeVisible();
  const opened = await firm.request.get((await link.getAttribute('href'))!, { maxRedirects: 0 });
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-disposition']).toMatch(/^inline;/);

  // The firm's own note, with its author; then the PDF; then the review moves on.
  await firm.getByLabel('Add a note').fill('Strong Boston book.\nAsk about the Acme relationship.');
  await firm.getByRole('button', { name: 'Add Note' }).click();
  await expect(firm.getByText('Note Added')).toBeVisible();
  await expect(firm.getByText(/Strong Boston book\./)).toBeVisible();
  await expect(firm.getByText(/^Morgan Vale · [A-Z][a-z]{2} \d{2}, \d{4} at/)).toBeVisible();
  const pdfHref = await firm.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  const pdfRes = await firm.request.get(pdfHref!);
  expect(pdfRes.status()).toBe(200);
  expect(pdfRes.headers()['content-type']).toBe('application/pdf');
  expect((await pdfRes.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // A confirmation cancelled gives the focus back to the button that opened it (the first opening too,
  // when the dialog is mounted open).
  const markUnderReview = firm.getByRole('button', { name: 'Mark Under Review' });
  await markUnderReview.click();
  await expect(firm.getByRole('dialog')).toBeVisible();
  await firm.keyboard.press('Escape');
  await expect(firm.getByRole('dialog')).toBeHidden();
  await expect(markUnderReview).toBeFocused();
  for (const [button, toast] of [
    ['Mark Under Review', 'Marked Under Review'],
    ['Mark Review Complete', 'Review Complete'],
  ] as const) {
    await firm.getByRole('button', { name: button }).click();
    await firm.getByRole('dialog').getByRole('button', { name: button }).click();
    await expect(firm.getByText(toast, { exact: true }).first()).toBeVisible();
  }
  await expect(firm.getByText('Review complete', { exact: true })).toBeVisible();
  await expect(firm.getByText('Package shared', { exact: true })).toBeVisible();
  // Issue 67 item 11: what was done is a fact of the request, not a disabled button.
  await expect(firm.getByRole('button', { name: /^Mark (Under Review|Review Complete)$/ })).toHaveCount(0);
  await expect(card.getByText(/^Marked Under Review [A-Z][a-z]{2} \d{2}, \d{4}$/)).toBeVisible();
  await expect(card.getByText(/^Review completed [A-Z][a-z]{2} \d{2}, \d{4}$/)).toBeVisible();

  // A phone: nothing overflows sideways, the summary still comes first.
  await firm.setViewportSize({ width: 390, height: 844 });
  await firm.getByRole('tab', { name: 'Profile' }).click();
  await expect(summary).toBeVisible();
  // Issue 67 item 11: on a phone the candidate comes first and the summary starts near the top (it was
  // about 1,100 px down behind the firm's own logistics).
  await firm.evaluate(() => window.scrollTo(0, 0));
  const phoneSummary = (await summary.boundingBox())!;
  expect(phoneSummary.y + (await firm.evaluate(() => window.scrollY))).toBeLessThan(800);
  const overflow = await firm.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const heading of ['Summary', 'Shared Package']) {
    const card = firm.getByRole('heading', { name: heading }).locator('xpath=..');
    const box = (await card.boundingBox())!;
    expect(box.x + box.width, `${heading} card fits the phone`).toBeLessThanOrEqual(390);
  }
  await shot(firm, `review-390`);
  await firm.getByRole('tab', { name: 'Master LPQ' }).click();
  await shot(firm, `review-390-master`);
  // Phone-sized pieces, to look at them at their real size.
  const height = await firm.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, n = 1; y < height; y += 1600, n++) {
    await shot(firm, `review-390-part${n}`, { clip: { x: 0, y, width: 390, height: 1600 } });
  }

  await firmContext.close();
});

test('the recruiter’s pipeline: search, sort, pages, CSV, resend and withdraw a pending invitation', async ({
  page,
}) => {
  await registerFirmByApi(page.request, { email: uniqueEmail('pipeline'), firmName: 'Arden & Vale LLP' });
  const titles = ['Antitrust Counsel', 'Banking Partner', 'Corporate Partner'];
  const ids: string[] = [];
  for (const positionTitle of titles)
    ids.push(await inviteByApi(page.request, uniqueEmail('lead'), { positionTitle }));

  await page.goto('/firm/requests');
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(4);
  await page.getByRole('textbox', { name: 'Search' }).fill('banking');
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('row', { name: /Banking Partner/ })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Position A–Z' }).click();
  await expect(rows.nth(1)).toContainText('Antitrust Counsel');
  await expect(rows.nth(3)).toContainText('Corporate Partner');

  const csvHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  const csv = await page.request.get(csvHref!);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split('\r\n');
  expect(lines[0]).toBe('Attorney Email,Attorney Name,Position,Practice Area,Status,Sent,Due,Shared');
  expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual(titles);

  // Resend is once a day: the invitation was just sent, so the firm is told to wait.
  await page.goto(`/firm/requests/${ids[0]}`);
  await expect(page.getByText(/^Can be resent from /)).toBeVisible();
  await page.getByRole('button', { name: 'Resend Invitation' }).click();
  await expect(page.getByText(/You can resend it once a day/)).toBeVisible();

  await page.getByRole('button', { name: 'Withdraw Invitation' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/can no longer share their LPQ/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Withdraw Invitation' }).click();
  await expect(page.getByText('Invitation Withdrawn', { exact: true })).toBeVisible();
  await expect(page.getByText('You withdrew this invitation.')).toBeVisible();
  await expect(page.getByText('Invitation withdrawn', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw Invitation' })).toHaveCount(0);

  await page.goto('/firm/requests');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Withdrawn' }).click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('row', { name: /Antitrust Counsel/ })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `pipeline-${width}`);
  }
});
