import { expect, type Page, test } from '@playwright/test';
import { completeMasterLpq } from '../server/modules/master-lpq/master-lpq.fixtures';
import { FILE_MESSAGES } from '../shared/files';
import {
  axeViolations,
  chooseResume,
  inviteByApi,
  registerFirmByApi,
  shot,
  verifiedAttorneyByApi,
} from './helpers';

// The upload flows in the browser (a file named by any of its URLs, names that follow the bytes' type,
// downloads streamed through the app): the master LPQ's Documents step, a
// position LPQ's documents and the profile's resume, at 1280 and 390 px.

const pdf = (seed: string) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(30_000, seed)]);
/** A Word document's first bytes (a zip with [Content_Types].xml and word/), whatever its name says. */
const docx = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.alloc(26, 0),
  Buffer.from('[Content_Types].xml<Types/>word/document.xml<w:document/>'),
]);

async function expectNoSeriousAxeFindings(page: Page) {
  const violations = await axeViolations(page, 'all');
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
}

const verifiedAttorney = (page: Page, firstName: string) =>
  verifiedAttorneyByApi(page, firstName.toLowerCase(), {}, firstName);

const uploader = (page: Page) => page.getByTestId('documents-uploader');
const choose = (page: Page, name: string, buffer: Buffer, mimeType = 'application/pdf') =>
  uploader(page).locator('input[type=file]').first().setInputFiles({ name, mimeType, buffer });

for (const width of [1280, 390]) {
  test(`master LPQ documents at ${width} px: uploaded, named by their type, kept after saving, downloadable`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await verifiedAttorney(page, 'Dana');
    const saved = await page.request.post('/api/attorney/master-lpq', {
      data: { ...completeMasterLpq(), isComplete: true },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await page.goto('/attorney/master-lpq');
    await page
      .getByRole('navigation', { name: 'Steps' })
      .getByRole('button', { name: '7. Documents' })
      .click();
    await expect(page.getByText('Supporting documents')).toBeVisible();

    await choose(page, 'Writing sample.pdf', pdf('w'));
    await expect(page.getByRole('link', { name: 'Writing sample.pdf' })).toBeVisible();
    // A Word file named .pdf is kept under the name its bytes call for.
    await choose(page, 'Engagement letter.pdf', docx);
    await expect(page.getByRole('link', { name: 'Engagement letter.docx' })).toBeVisible();
    // A name with an invisible character is refused with the reason, under the file and in a toast.
    await choose(page, 'Deal\u200Blist.pdf', pdf('d'));
    await expect(page.getByText(FILE_MESSAGES.filenameCharacters).first()).toBeVisible();
    await shot(page, `master-lpq-documents-${width}`);
    await expectNoSeriousAxeFindings(page);

    await page.getByRole('button', { name: 'Save Template' }).click();
    await expect(page).toHaveURL(/\/attorney\/dashboard/);
    const stored = (await (await page.request.get('/api/attorney/master-lpq')).json()).documents as {
      name: string;
      url: string;
    }[];
    expect(stored.map((d) => d.name)).toEqual(['Writing sample.pdf', 'Engagement letter.docx']);

    await page.goto('/attorney/master-lpq');
    await page
      .getByRole('navigation', { name: 'Steps' })
      .getByRole('button', { name: '7. Documents' })
      .click();
    const link = page.getByRole('link', { name: 'Writing sample.pdf' });
    await expect(link).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('Writing sample.pdf');
  });

  test(`position LPQ documents at ${width} px: attached in the browser, then the firm downloads them`, async ({
    browser,
  }) => {
    const firmContext = await browser.newContext();
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    const email = await verifiedAttorney(page, 'Casey');
    await registerFirmByApi(firmContext.request);
    const requestId = await inviteByApi(firmContext.request, email);
    expect(
      (
        await page.request.post('/api/attorney/master-lpq', {
          data: { ...completeMasterLpq(), isComplete: true },
        })
      ).ok(),
    ).toBe(true);
    const shared = await page.request.post(`/api/attorney/lpq-requests/${requestId}/share`);
    expect(shared.ok(), await shared.text()).toBe(true);
    const { lpqId } = (await shared.json()) as { lpqId: string };

    await page.goto(`/lpq/${lpqId}`);
    await page.getByRole('button', { name: 'References & Documents' }).click();
    await expect(page.getByRole('heading', { name: 'References & Documents', level: 2 })).toBeVisible();
    await choose(page, 'Deal sheet.pdf', pdf('s'));
    await expect(page.getByRole('link', { name: 'Deal sheet.pdf' })).toBeVisible();
    await shot(page, `position-lpq-documents-${width}`);
    await expectNoSeriousAxeFindings(page);
    await page.getByRole('button', { name: 'Save & Exit' }).click();
    await expect(page.getByText('Progress Saved').first()).toBeVisible();

    const lpq = await (await page.request.get(`/api/lpqs/${lpqId}`)).json();
    const [doc] = lpq.formData.documents as { id: string; name: string; url: string }[];
    expect(doc.name).toBe('Deal sheet.pdf');
    const got = await firmContext.request.get(doc.url);
    expect(got.status()).toBe(200);
    expect(got.headers()['content-disposition']).toContain('filename="Deal sheet.pdf"');
    expect((await got.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await firmContext.close();
  });
}

test('the resume at 390 px: uploaded on the profile and shown after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await verifiedAttorney(page, 'Jordan');
  await page.goto('/attorney/profile');
  await chooseResume(page, 'Jordan CV.pdf', 'application/pdf', pdf('r'));
  await expect(page.getByText('Resume Uploaded')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Jordan CV.pdf' })).toBeVisible();
  await shot(page, 'profile-resume-390');
  await expectNoSeriousAxeFindings(page);
});
