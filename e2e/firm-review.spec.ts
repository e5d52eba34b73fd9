import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { completeMasterLpq } from '../server/modules/questionnaires/questionnaires.fixtures';
import { inviteByApi, latestMail, linkFrom, PASSWORD, registerFirmByApi, uniqueEmail } from './helpers';

const SHOTS = '/tmp/review-shots';
const TABS = [
  'Profile',
  'Master LPQ',
  'Position LPQ',
  'Conflicts',
  'Diversity',
  'Business Plan',
  'Documents',
];

/** Everything a person reads on the review screen: the page, then each tab's panel in turn. */
async function readableText(page: Page) {
  // innerText, not textContent: what is rendered for a person, not hidden markup.
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
  const parts = [await page.locator('main').innerText()];
  for (const tab of TABS) {
    await page.getByRole('tab', { name: tab }).click();
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
    parts.push(await page.getByRole('tabpanel', { name: tab }).innerText());
  }
  return parts.join('\n');
}

test('the firm’s review screen reads like a document: summary first, labelled sections, no ids, timestamps or codes', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const firmContext = await browser.newContext();
  const firm = await firmContext.newPage();
  const attorney = await (await browser.newContext()).newPage();
  const attorneyEmail = uniqueEmail('review');

  await registerFirmByApi(firm.request, { email: uniqueEmail('firm-review'), firmName: 'Arden & Vale LLP' });
  const requestId = await inviteByApi(firm.request, attorneyEmail);

  // The attorney registers through the invitation (verified) as a senior partner.
  const token = new URL(
    linkFrom(await latestMail(attorney.request, attorneyEmail), '/register/attorney'),
  ).searchParams.get('token');
  const signedUp = await attorney.request.post('/api/register/attorney', {
    data: {
      firstName: 'Dana',
      lastName: 'Whitfield',
      email: attorneyEmail,
      phone: '+1 617 555 0100',
      password: PASSWORD,
      currentFirm: 'Hale & Stone LLP',
      position: 'senior_partner',
      yearsExperience: 15,
      barAdmissions: 'Massachusetts\nNew York',
      practiceAreas: ['Corporate', 'M&A'],
      invitationToken: token,
    },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(201);

  // A resume (PDF) on the master LPQ, then the conflicts form, then sharing.
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(250_000, 'x')]);
  const ticket = await attorney.request.post('/api/objects/upload', {
    data: { filename: 'Dana Whitfield resume.pdf', contentType: 'application/pdf', size: pdf.length },
  });
  const { uploadURL, objectPath } = await ticket.json();
  expect(
    (
      await attorney.request.put(uploadURL, { data: pdf, headers: { 'content-type': 'application/pdf' } })
    ).status(),
  ).toBe(200);
  expect((await attorney.request.post(`/api/objects/${objectPath.split('/').pop()}/confirm`)).status()).toBe(
    200,
  );
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
  // The summary comes before the package's tabs.
  const summaryBox = await summary.boundingBox();
  const tabsBox = await firm.getByRole('tab', { name: 'Profile' }).boundingBox();
  expect(summaryBox!.y).toBeLessThan(tabsBox!.y);
  await expect(firm.getByText('Hale & Stone LLP · Senior Partner')).toBeVisible();
  await expect(firm.getByText('Disclosures Answered Yes')).toBeVisible();
  await expect(
    firm.getByText(
      /Are you subject to a non-compete or non-solicitation agreement\? — Six-month non-solicit/,
    ),
  ).toBeVisible();
  await firm.screenshot({ path: `${SHOTS}/review-1280.png`, fullPage: true });

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
  await firm.screenshot({ path: `${SHOTS}/review-1280-master.png`, fullPage: true });

  // The documents: a named link with type and size; the PDF opens in the browser.
  await firm.getByRole('tab', { name: 'Documents' }).click();
  const docs = firm.getByRole('tabpanel', { name: 'Documents' });
  const link = docs.getByRole('link', { name: /Dana Whitfield resume\.pdf/ });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(docs.getByText('PDF · 244 KB')).toBeVisible();
  const opened = await firm.request.get((await link.getAttribute('href'))!, { maxRedirects: 0 });
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-disposition']).toMatch(/^inline;/);

  // A phone: nothing overflows sideways, the summary still comes first.
  await firm.setViewportSize({ width: 390, height: 844 });
  await firm.getByRole('tab', { name: 'Profile' }).click();
  await expect(summary).toBeVisible();
  const overflow = await firm.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const heading of ['Summary', 'Shared Package']) {
    const card = firm.getByRole('heading', { name: heading }).locator('xpath=..');
    const box = (await card.boundingBox())!;
    expect(box.x + box.width, `${heading} card fits the phone`).toBeLessThanOrEqual(390);
  }
  await firm.screenshot({ path: `${SHOTS}/review-390.png`, fullPage: true });
  await firm.getByRole('tab', { name: 'Master LPQ' }).click();
  await firm.screenshot({ path: `${SHOTS}/review-390-master.png`, fullPage: true });
  // Phone-sized pieces, to look at them at their real size.
  const height = await firm.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, n = 1; y < height; y += 1600, n++) {
    await firm.screenshot({
      path: `${SHOTS}/review-390-part${n}.png`,
      clip: { x: 0, y, width: 390, height: 1600 },
      fullPage: true,
    });
  }

  await firmContext.close();
});
