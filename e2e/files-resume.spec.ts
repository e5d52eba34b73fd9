import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { chooseResume, registerByApi, uniqueEmail } from './helpers';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A small document that starts like a PDF (the server checks the first bytes). */
const resumePdf = Buffer.concat([Buffer.from('%PDF-1.7\n% resume\n'), Buffer.alloc(40_000, 'r')]);

test('an attorney uploads a resume, sees it after a reload and downloads the same bytes', async ({
  page,
}) => {
  await registerByApi(page, { email: uniqueEmail('resume'), userType: 'attorney' });
  await page.goto('/attorney/profile');
  const uploader = page.getByTestId('resume-uploader');
  await expect(uploader.getByText('browse files')).toBeVisible();

  await chooseResume(page, 'Jordan Avery CV.pdf', 'application/pdf', resumePdf);
  await expect(page.getByText('Resume Uploaded')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jordan Avery CV.pdf' })).toBeVisible();

  await page.reload();
  const link = page.getByRole('link', { name: 'Jordan Avery CV.pdf' });
  await expect(link).toBeVisible();
  await expect(page.getByText('39 KB')).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('Jordan Avery CV.pdf');
  const saved = await readFile((await download.path()) as string);
  expect(sha256(saved)).toBe(sha256(resumePdf));
});

test('a file that is not a document is refused by the server even with a .pdf name', async ({ page }) => {
  await registerByApi(page, { email: uniqueEmail('fake'), userType: 'attorney' });
  await page.goto('/attorney/profile');
  const uploader = page.getByTestId('resume-uploader');
  await chooseResume(page, 'cv.pdf', 'application/pdf', Buffer.from('<html>not a pdf</html>'.repeat(20)));
  await expect(page.getByText('Failed to upload resume.')).toBeVisible();
  await expect(uploader.getByText('Upload failed')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'cv.pdf' })).toHaveCount(0);
});

test('Uppy refuses a file of the wrong type with the spec message', async ({ page }) => {
  await registerByApi(page, { email: uniqueEmail('type'), userType: 'attorney' });
  await page.goto('/attorney/profile');
  const uploader = page.getByTestId('resume-uploader');
  await chooseResume(page, 'photo.png', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await expect(uploader.getByText('You can only upload: .pdf, .doc, .docx').first()).toBeVisible();
});
