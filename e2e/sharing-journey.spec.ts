import { expect, test } from '@playwright/test';
import { completeMasterLpq } from '../server/modules/master-lpq/master-lpq.fixtures';
import {
  certifyInDialog,
  firmAndAttorneyPages,
  inviteByApi,
  latestMail,
  linkFrom,
  PASSWORD,
  registerFirmByApi,
  uniqueEmail,
} from './helpers';
import { walkAttorneySignUp } from './helpers-screens';

test('a firm invites, the attorney registers through the mail, shares, the firm reads the package, the attorney sees it', async ({
  browser,
}) => {
  const { firm, attorney } = await firmAndAttorneyPages(browser);
  const attorneyEmail = uniqueEmail('invited');

  // The firm registers and invites an address with no account yet.
  await registerFirmByApi(firm.request);
  const requestId = await inviteByApi(firm.request, attorneyEmail);

  // The attorney follows the e-mailed sign-up link: registering through it verifies the address.
  const mail = await latestMail(attorney.request, attorneyEmail);
  await attorney.goto(linkFrom(mail, '/register/attorney'));
  await expect(attorney.getByLabel('Email Address')).toHaveValue(attorneyEmail);
  await walkAttorneySignUp(attorney, { lastName: 'Nguyen', phone: '+1 212 555 0100' });
  await attorney.getByRole('button', { name: 'Create Account' }).click();
  await expect(attorney).toHaveURL(/\/attorney\/master-lpq$/);

  // Completing the master LPQ (its own journey covers the screen), then sharing from the request list.
  const saved = await attorney.request.post('/api/attorney/master-lpq', {
    data: { ...completeMasterLpq(), isComplete: true },
  });
  expect(saved.ok()).toBe(true);
  await attorney.goto('/attorney/lpq-requests');
  const card = attorney.getByRole('article', { name: /Arden & Vale LLP/ });
  await expect(card.getByText('Pending Response')).toBeVisible();
  await card.getByRole('button', { name: 'Share LPQ' }).click();
  const dialog = attorney.getByRole('dialog', { name: 'Share LPQ Package' });
  await expect(dialog).toContainText('conflicts form');
  await certifyInDialog(dialog, 'Casey Nguyen');
  await dialog.getByRole('button', { name: 'Share LPQ' }).click();
  await expect(attorney.getByText('LPQ Shared Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Documents Shared')).toBeVisible();

  // The firm sees the frozen package and downloads the PDF.
  await firm.goto(`/firm/requests/${requestId}`);
  await expect(firm.getByText('Casey Nguyen').first()).toBeVisible();
  await firm.getByRole('tab', { name: 'Master LPQ' }).click();
  await expect(firm.getByText('Acme Corp').first()).toBeVisible();
  const [download] = await Promise.all([
    firm.waitForEvent('download'),
    firm.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  const pdfPath = await download.path();
  expect(pdfPath).toBeTruthy();

  // The attorney sees both reads on /attorney/access-log: one entry (one firm user, within 30 minutes).
  await attorney.goto('/attorney/access-log');
  await expect(attorney.getByRole('list', { name: 'What was read' }).getByRole('listitem')).toHaveText([
    'Viewed Shared package',
    'Exported Package PDF',
  ]);
  await expect(attorney.getByRole('button', { name: 'Show each of the 2 reads' })).toBeVisible();
  await expect(attorney.getByText('Arden & Vale LLP').first()).toBeVisible();

  // The attorney answers the firm's question and submits the position LPQ.
  await attorney.goto('/attorney/lpq-requests');
  await card.getByRole('link', { name: 'Complete Position LPQ' }).click();
  await expect(attorney.getByRole('heading', { name: 'Lateral Partner Questionnaire' })).toBeVisible();
  await expect(attorney.getByText('Step 1 of 5')).toBeVisible();
  await attorney.getByRole('button', { name: 'Firm-Specific Questions' }).click();
  // The last step lists what Submit still needs; its link goes to the answer.
  const missing = attorney.getByRole('region', { name: 'What is missing' });
  await expect(missing).toContainText('Why our firm? — This question is required');
  await attorney.getByRole('button', { name: 'Submit LPQ' }).click();
  await expect(missing).toBeFocused();
  await missing.getByRole('button', { name: 'Why our firm?' }).click();
  await expect(attorney.getByLabel('Why our firm?')).toBeFocused();
  await attorney.getByLabel('Why our firm?').fill('Your cross-border platform.');
  await expect(missing).toHaveCount(0);
  await attorney.getByRole('button', { name: 'Submit LPQ' }).click();
  await expect(attorney.getByText('LPQ Completed', { exact: true })).toBeVisible();
  await expect(attorney).toHaveURL(/\/attorney\/dashboard$/);

  await firm.context().close();
  await attorney.context().close();
});

test('declining asks for confirmation and tells the firm', async ({ page }) => {
  const firmEmail = uniqueEmail('firm-decline');
  const attorneyEmail = uniqueEmail('decliner');
  const firmReq = await page.context().browser()!.newContext();
  const firmApi = firmReq.request;
  await registerFirmByApi(firmApi, {
    firmName: 'Byrne Partners',
    headquartersAddress: '1 Main St',
    offices: [{ city: 'Boston', state: 'MA', numberOfAttorneys: 5 }],
    contactPersonName: 'Pat Byrne',
    email: firmEmail,
    contactPhone: '+1 617 555 0100',
  });
  const reg = await page.request.post('/api/register', {
    data: {
      email: attorneyEmail,
      password: PASSWORD,
      firstName: 'Riley',
      lastName: 'Stone',
      userType: 'attorney',
    },
  });
  expect(reg.status()).toBe(201);
  const verify = await latestMail(page.request, attorneyEmail, 'verify_email');
  await page.goto(linkFrom(verify, '/verify-email'));
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  expect(
    (
      await firmApi.post('/api/firm/lpq-requests', {
        data: { attorneyEmail, positionTitle: 'Litigation Partner', practiceArea: 'Litigation' },
      })
    ).status(),
  ).toBe(201);

  await page.goto('/attorney/lpq-requests');
  const card = page.getByRole('article', { name: /Byrne Partners/ });
  await card.getByRole('button', { name: 'Decline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline LPQ Request' });
  await expect(dialog).toContainText('The firm will be notified');
  await dialog.getByLabel('Reason (optional)').fill('Staying put this year.');
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Request Declined')).toBeVisible();
  await expect(card.getByText('Declined').first()).toBeVisible();
  const declined = await latestMail(page.request, firmEmail, 'request_declined');
  expect(declined.text).toContain('Staying put this year.');
  await firmReq.close();
});
