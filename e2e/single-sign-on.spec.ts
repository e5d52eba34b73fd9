import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { startTestProvider, type TestProvider } from '../server/test/oidc-test-provider';
import { SSO_MESSAGES, SSO_TEXTS } from '../shared/sso-texts';
import { checkAtEachWidth, registerFirmByApi } from './helpers';

/**
 * PRODUCT.md §14 through the screens, against a real OpenID provider (oidc-provider) on a loopback port:
 * the firm's admin sets up single sign-on on the settings page and runs 'Test sign-in'; an invited member
 * types their work address on /auth, continues with single sign-on, signs in at the provider and lands in
 * the firm's workspace; a stranger at the same domain gets the page that says to ask the admin. The
 * settings, /auth and the refusal pass axe at 1280 and 390 px.
 */
let provider: TestProvider;
test.beforeAll(async () => {
  provider = await startTestProvider({ redirectUris: [`${baseURL}/api/auth/sso/callback`] });
});
test.afterAll(() => provider?.close());

const check = (page: Page, name: string) => checkAtEachWidth(page, name, 844);

/** On /auth: the address, then 'Continue with single sign-on', then the provider's own form. */
async function signInThroughProvider(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  const sso = page.getByRole('link', { name: SSO_TEXTS.continueButton });
  await expect(sso).toBeVisible();
  await sso.click();
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await expect(page.getByLabel('Work email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Sign in to the provider' }).click();
}

test('an admin sets up single sign-on and a member signs in through the provider', async ({
  page,
  browser,
}) => {
  const domain = `sso-${randomBytes(4).toString('hex')}.example`;
  const adminEmail = `admin@${domain}`;
  await registerFirmByApi(page.request, { email: adminEmail });

  // The admin's settings: provider, client, secret, domain; then the test sign-in.
  await page.goto('/firm/settings');
  const section = page.getByRole('region', { name: SSO_TEXTS.sectionTitle });
  await expect(section.getByText('/api/auth/sso/callback')).toBeVisible();
  await section.getByLabel(SSO_TEXTS.issuerLabel).fill(provider.issuer);
  await section.getByLabel(SSO_TEXTS.clientIdLabel).fill(provider.clientId);
  await section.getByLabel(SSO_TEXTS.clientSecretLabel).fill(provider.clientSecret);
  const domains = section.getByLabel(SSO_TEXTS.domainsLabel);
  // The rule is stated under the field; a domain no member has a verified address at (and without the
  // TXT record) is refused with its message.
  await expect(section.getByText(SSO_TEXTS.domainsProofRule)).toBeVisible();
  await expect(section.getByText(/^lateral-passport-verification=/)).toBeVisible();
  const elsewhere = `elsewhere-${randomBytes(4).toString('hex')}.example`;
  await domains.fill(elsewhere);
  await domains.press('Enter');
  await section.getByRole('button', { name: SSO_TEXTS.save }).click();
  await expect(section.getByText(SSO_MESSAGES.domainUnproven(elsewhere))).toBeVisible();
  await domains.press('Backspace');
  await domains.fill(domain);
  await domains.press('Enter');
  await section.getByRole('button', { name: SSO_TEXTS.save }).click();
  await expect(page.getByText(SSO_TEXTS.savedToast.title)).toBeVisible();
  await expect(section.getByText('Set', { exact: true })).toBeVisible();
  await expect(section.getByLabel(SSO_TEXTS.clientSecretLabel)).toHaveValue('');
  await section.getByRole('link', { name: SSO_TEXTS.testButton }).click();
  await expect(page.getByLabel('Work email')).toBeVisible();
  await page.getByLabel('Work email').fill(adminEmail);
  await page.getByRole('button', { name: 'Sign in to the provider' }).click();
  await expect(page).toHaveURL(/\/firm\/settings\?ssoTest=ok/);
  await expect(page.getByText(SSO_TEXTS.testOk(adminEmail))).toBeVisible();
  await check(page, 'settings');

  // The admin invites a colleague at the firm's domain.
  const memberEmail = `dana@${domain}`;
  const invited = await page.request.post('/api/firm/invitations', {
    data: { email: memberEmail, roles: ['recruiter'] },
  });
  expect(invited.status(), await invited.text()).toBe(201);

  // The colleague, in a browser of their own: /auth offers single sign-on for the firm's domain only.
  const context = await browser.newContext();
  const member = await context.newPage();
  await member.goto('/auth');
  await member.getByLabel('Email').fill('someone@example.com');
  await expect(member.getByLabel('Password')).toBeVisible();
  await expect(member.getByRole('link', { name: SSO_TEXTS.continueButton })).toHaveCount(0);
  await member.getByLabel('Email').fill(memberEmail);
  await expect(member.getByRole('link', { name: SSO_TEXTS.continueButton })).toBeVisible();
  await check(member, 'auth-sso');
  await signInThroughProvider(member, memberEmail);
  await expect(member).toHaveURL(/\/firm\/dashboard/);
  const me = await member.request.get('/api/user');
  expect(await me.json()).toMatchObject({ email: memberEmail, firm: { roles: ['recruiter'] } });
  await context.close();

  // A stranger at the domain: no account, told to ask the admin.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await signInThroughProvider(stranger, `stranger@${domain}`);
  await expect(stranger).toHaveURL(/\/sso\/refused\?reason=no-account/);
  await expect(stranger.getByRole('heading', { name: SSO_TEXTS.refusedTitle })).toBeVisible();
  await expect(stranger.getByText(SSO_TEXTS.refusedNoAccount(`stranger@${domain}`))).toBeVisible();
  await check(stranger, 'refused');
  expect((await stranger.request.get('/api/user')).status()).toBe(401);
  await strangerContext.close();
});
