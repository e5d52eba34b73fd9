import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { completeMasterLpq } from '../server/modules/master-lpq/master-lpq.fixtures';
import { latestMail, PASSWORD, registerByApi, signInThroughUi, uniqueEmail } from './helpers';
import { card, look, WIDE, world } from './newcomer';

// What a newcomer meets (e2e/newcomer.ts), in three files so CI's two workers share them.
test.describe.configure({ timeout: 240_000 });

test('errors a user must act on stay on the page, beside what caused them', async ({ browser }) => {
  const context = await browser.newContext({ viewport: WIDE });
  const page = await context.newPage();
  // The page's clock, so the toasts' 5 seconds pass at once (runFor) instead of being waited out.
  await page.clock.install();
  const email = uniqueEmail('wrong-password');
  await registerByApi(page, { email, userType: 'attorney' });
  await page.request.post('/api/logout');
  await page.goto('/auth');
  await signInThroughUi(page, email, 'not-the-password');
  const refusal = page.locator('form').getByRole('alert').filter({ hasText: 'Invalid email or password' });
  await expect(refusal).toBeVisible();
  await look(page, '10 wrong password with its toast');
  // The toast goes after 5 seconds; the message stays, under the password.
  await page.clock.runFor(6000);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await expect(refusal).toBeVisible();
  await look(page, '10 wrong password after the toast');

  // A firm whose address is not verified yet: the invite page says so before anything is typed.
  const firmEmail = uniqueEmail('unverified-firm');
  const registered = await page.request.post('/api/register/firm', {
    data: {
      firmName: 'Harrow & Finch LLP',
      headquartersAddress: '10 Hudson Yards, New York, NY',
      offices: [{ city: 'New York', state: 'NY', numberOfAttorneys: 12 }],
      contactPersonName: 'Avery Finch',
      contactPhone: '+1 212 555 0142',
      email: firmEmail,
      password: PASSWORD,
      agreeToTerms: true,
    },
  });
  expect(registered.status()).toBe(201);
  await page.goto('/firm/requests/new');
  await expect(page.getByRole('heading', { name: 'Send LPQ Invitation' })).toBeVisible();
  await expect(page.getByText('Please verify your email address')).toBeVisible();
  await expect(page.getByText('You can send invitations to attorneys once it is verified.')).toBeVisible();
  await look(page, '10 invite page before verifying');
  await page.getByLabel('Attorney Email').fill(uniqueEmail('invitee'));
  await page.getByLabel('Position Title').fill('Corporate Partner');
  await page.getByRole('combobox', { name: 'Practice Area' }).click();
  await page.getByRole('option', { name: 'Corporate', exact: true }).click();
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  const notSent = page.getByRole('alert', { name: 'The invitation was not sent' });
  await expect(notSent).toContainText('Verify your email address before sending invitations.');
  await expect(notSent).toBeVisible();
  await page.clock.runFor(6000);
  await expect(notSent).toBeVisible();
  await look(page, '10 invitation refused beside Send');
  await context.close();
});

test('toasts and dialogs: the close button has a name, the message reads at 4.5:1', async ({ browser }) => {
  const w = await world(browser, { share: true });
  const { attorney } = w;
  await attorney.goto('/attorney/profile');
  await attorney.getByRole('button', { name: 'Save Profile' }).click();
  await expect(attorney.getByText('Profile Updated')).toBeVisible();
  await expect(attorney.getByRole('button', { name: 'Close notification' })).toBeVisible();
  await look(attorney, '11 profile saved toast');

  await attorney.goto('/attorney/lpq-requests');
  await card(attorney).getByRole('button', { name: 'Revoke access' }).click();
  await expect(attorney.getByRole('dialog', { name: 'Revoke Access' })).toBeVisible();
  await look(attorney, '11 revoke dialog');
  await attorney.keyboard.press('Escape');
  await card(attorney).getByRole('button', { name: 'Send update' }).click();
  const update = attorney.getByRole('dialog', { name: 'Send Update' });
  await update.getByRole('button', { name: /^Preview what/ }).click();
  const preview = attorney.getByRole('dialog', { name: 'What Arden & Vale LLP will see' });
  await expect(preview.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await look(attorney, '11 preview dialog');
  await w.close();
});

test('polish: tables, links, labels, words, money, disclosures, kept input, the quick start', async ({
  browser,
}) => {
  const w = await world(browser, { share: true });
  const { attorney, firm } = w;
  // A table never loses columns: the summary's clients table fits the review screen and the preview.
  const fits = async (where: Page | Locator, name: string) => {
    const region = where.getByRole('region', { name: `${name} (table)` }).first();
    await expect(region).toBeVisible();
    return region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  };
  await firm.goto(`/firm/requests/${w.requestId}`);
  expect(await fits(firm, 'Top Clients')).toBe(true);
  await look(firm, '12 firm summary');
  // The PDF names each document as a link.
  const pdf = await firm.request.get(`/api/firm/lpq-requests/${w.requestId}/package.pdf`);
  expect(pdf.ok()).toBe(true);
  expect((await pdf.body()).toString('latin1')).toMatch(
    /\/URI \(http:\/\/localhost:\d+\/objects\/[0-9a-f-]+\?inline=1\)/,
  );

  await attorney.goto('/attorney/lpq-requests');
  const shared = card(attorney);
  await expect(shared.getByRole('link', { name: 'Complete Position LPQ' })).toHaveAttribute(
    'data-variant',
    'filled',
  );
  await expect(shared.getByRole('button', { name: 'Revoke access' })).not.toHaveAttribute(
    'data-variant',
    'filled',
  );
  await shared.getByRole('button', { name: 'Send update' }).click();
  await attorney
    .getByRole('dialog', { name: 'Send Update' })
    .getByRole('button', { name: /^Preview what/ })
    .click();
  expect(
    await fits(attorney.getByRole('dialog', { name: 'What Arden & Vale LLP will see' }), 'Top Clients'),
  ).toBe(true);
  await attorney.keyboard.press('Escape');

  // The dashboard marks the saved forms complete.
  await attorney.goto('/attorney/dashboard');
  const conflicts = attorney.getByRole('link', { name: /Conflicts Form/ });
  await expect(conflicts.getByText('complete', { exact: true })).toBeVisible();
  await expect(
    attorney.getByRole('link', { name: /Business Plan/ }).getByText('complete', { exact: true }),
  ).toBeVisible();
  await look(attorney, '12 dashboard quick actions');

  // 'None of these apply' answers No to the fifteen disclosures.
  const fresh = await browser.newContext({ viewport: WIDE });
  const newcomer = await fresh.newPage();
  await registerByApi(newcomer, { email: uniqueEmail('disclosures'), userType: 'attorney' });
  await newcomer.goto('/attorney/master-lpq');
  await newcomer.getByRole('button', { name: /^6\. Disclosures/ }).click();
  await newcomer.getByRole('button', { name: 'None of these apply' }).click();
  const questions = newcomer.getByRole('radiogroup');
  await expect(questions).toHaveCount(15);
  for (let i = 0; i < 15; i++) await expect(questions.nth(i).getByLabel('No', { exact: true })).toBeChecked();
  await look(newcomer, '12 disclosures answered no');
  // Annual Billings taken from the master LPQ (the conflicts form's first load) reads as money.
  const { resumeUrl: _none, ...lpq } = completeMasterLpq();
  expect((await newcomer.request.post('/api/attorney/master-lpq', { data: lpq })).ok()).toBe(true);
  await newcomer.goto('/attorney/conflicts-form');
  await expect(newcomer.getByLabel('Annual Billings').first()).toHaveValue(/^\$\d{1,3}(,\d{3})+$/);
  await look(newcomer, '12 conflicts form autopopulated');

  // Words: 'email' throughout; the firm's verification mail speaks to a firm; the invitation preview.
  const mail = await latestMail(
    firm.request,
    (await (await firm.request.get('/api/user')).json()).email,
    'verify_email',
  );
  expect(mail.text).toContain('send LPQ invitations to attorneys');
  await firm.goto('/firm/requests/new');
  const mailPreview = firm.getByLabel('Email preview');
  await expect(mailPreview).toContainText('for the position [position title]');
  await expect(mailPreview).not.toContainText('the position the position');
  await look(firm, '12 invitation page');
  for (const [page, path] of [
    [firm, '/firm/requests/new'],
    [attorney, '/attorney/lpq-requests'],
    [attorney, '/attorney/account'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await page.locator('body').innerText(), path).not.toMatch(/e-mail/i);
  }

  // A registration wizard keeps what was typed over a reload, never the password.
  const signUp = await browser.newContext({ viewport: WIDE });
  const visitor = await signUp.newPage();
  await visitor.goto('/register/attorney');
  await visitor.getByLabel('First Name').fill('Casey');
  await visitor.getByLabel('Email Address').fill('casey@example.com');
  await visitor.getByLabel(/^Password/).fill(PASSWORD);
  await visitor.reload();
  await expect(visitor.getByLabel('First Name')).toHaveValue('Casey');
  await expect(visitor.getByLabel('Email Address')).toHaveValue('casey@example.com');
  await expect(visitor.getByLabel(/^Password/)).toHaveValue('');
  await expect(visitor.getByRole('status').filter({ hasText: 'We kept what you typed' })).toBeVisible();
  await look(visitor, '12 registration kept over a reload');
  expect(await visitor.evaluate(() => JSON.stringify(window.sessionStorage))).not.toContain(PASSWORD);

  // The quick start names PORT and PUBLIC_URL and offers the demo.
  const readme = readFileSync('README.md', 'utf8');
  const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('## Security'));
  for (const words of ['PORT=', 'PUBLIC_URL', 'npm run demo']) expect(quickStart).toContain(words);
  await fresh.close();
  await signUp.close();
  await w.close();
});
