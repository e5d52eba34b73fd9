import { type Browser, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { SECURITY_MESSAGES } from '../shared/security';
import { TEAM_MESSAGES } from '../shared/team';
import { ACCESS_TEXTS, TEAM_TOASTS } from '../shared/team-texts';
import {
  checkAtEachWidth,
  latestMail,
  linkFrom,
  PASSWORD,
  registerFirmByApi,
  shot,
  signInByApi,
  uniqueEmail,
} from './helpers';
import { joinThroughScreen } from './helpers-screens';

/**
 * The firm team's admin screens (PRODUCT.md §9): invite a member with roles, accept at /join in another
 * browser, change roles after confirming it is you, the last admin kept, remove after confirming, resend
 * and cancel an invitation, the settings and the audit trail, and a member sent to enrol when the firm
 * requires a second factor. Team, /join and Settings pass axe at 1280 and 390 px; screenshots of each.
 */

/** axe (serious and critical) and a full-page screenshot at each width. */
const check = checkAtEachWidth;

const toast = (page: Page, text: { title: string }) => page.getByText(text.title, { exact: true });
const inviteForm = (page: Page) => page.getByRole('form', { name: 'Invite a member' });
const memberRow = (page: Page, email: string) => page.getByTestId('member-row').filter({ hasText: email });
const invitationCard = (page: Page, email: string) =>
  page.getByTestId('invitation').filter({ hasText: email });

async function invite(page: Page, email: string, roles: string[]) {
  const form = inviteForm(page);
  await form.getByLabel('Email').fill(email);
  for (const role of roles) await form.getByRole('checkbox', { name: role, exact: true }).check();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invitationCard(page, email)).toBeVisible();
}

async function joinLink(page: Page, email: string) {
  return linkFrom(await latestMail(page.request, email, 'member_invitation'), '/join');
}

/** A second browser that accepts the invitation with a new account; it ends signed in on the dashboard. */
async function acceptInNewBrowser(browser: Browser, link: string, firstName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await joinThroughScreen(page, firstName);
  return page;
}

test('an admin builds the team: invite, join, roles, the last admin, removal, invitations', async ({
  page,
  browser,
}) => {
  // About twice its longest run on the slowest CI machine seen (two cores, two workers): room, without hiding a hang.
  test.setTimeout(360_000);
  const adminEmail = await registerFirmByApi(page.request);
  await page.goto('/firm/dashboard');
  const quick = page.getByTestId('firm-quick-actions');
  for (const link of ['Team', 'Settings', 'Firm Profile', 'Custom Sections', 'LPQ Requests', 'Conflicts'])
    await expect(quick.getByRole('link', { name: new RegExp(`^${link}`) })).toBeVisible();
  await expect(quick.getByRole('link', { name: /^Self-identification/ })).toHaveCount(0);
  await page.getByRole('banner').getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(memberRow(page, adminEmail)).toContainText('Off');
  // The only admin: neither removed nor demoted, and the page says why.
  await expect(memberRow(page, adminEmail).getByRole('button', { name: /^Remove/ })).toBeDisabled();
  await expect(memberRow(page, adminEmail)).toContainText(TEAM_MESSAGES.lastAdmin);

  // Errors under the fields; a diversity officer cannot review, so the form does not offer both.
  const form = inviteForm(page);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText('Choose at least one role')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('checkbox', { name: 'Reviewer', exact: true }).check();
  await expect(form.getByRole('checkbox', { name: 'Diversity officer' })).toBeDisabled();
  await expect(form.getByText(TEAM_MESSAGES.diversityCannotReview)).toBeVisible();
  await form.getByRole('checkbox', { name: 'Reviewer', exact: true }).uncheck();
  await check(page, 'team-invite-errors');

  const dana = uniqueEmail('dana');
  await invite(page, dana, ['Reviewer', 'Conflicts']);
  await expect(toast(page, TEAM_TOASTS.invited)).toBeVisible();
  await expect(invitationCard(page, dana)).toContainText('Reviewer');
  await check(page, 'team');

  // Dana accepts in her own browser: the firm, her roles, then her account.
  const link = await joinLink(page, dana);
  const danaContext = await browser.newContext();
  const danaPage = await danaContext.newPage();
  await danaPage.goto(link);
  await expect(danaPage.getByRole('heading', { name: 'Join Arden & Vale LLP' })).toBeVisible();
  await expect(danaPage.getByText(dana).first()).toBeVisible();
  await danaPage.getByRole('button', { name: 'Create account and join' }).click();
  await expect(danaPage.getByText('First name is required')).toBeVisible();
  await check(danaPage, 'join-errors');
  await joinThroughScreen(danaPage, 'Dana', () => check(danaPage, 'join'));
  const danaQuick = danaPage.getByTestId('firm-quick-actions');
  await expect(danaQuick.getByRole('link', { name: /^Assigned to me/ })).toBeVisible();
  await expect(danaQuick.getByRole('link', { name: /^Conflicts/ })).toHaveAttribute(
    'href',
    '/firm/conflicts',
  );
  await expect(danaQuick.getByRole('link', { name: /^Team/ })).toHaveCount(0);
  await expect(danaPage.getByRole('banner').getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await shot(danaPage, `dashboard-reviewer-1280`);
  await danaPage.goto('/firm/team');
  await expect(danaPage.getByRole('heading', { name: ACCESS_TEXTS.noAccessTitle })).toBeVisible();
  await check(danaPage, 'no-access');
  // The link was used: it does not work twice.
  await danaPage.goto(link);
  await expect(danaPage.getByText(TEAM_MESSAGES.invitationInvalid)).toBeVisible();

  // Her roles change after the admin confirms it is them; the dialog's save then goes through by itself.
  await page.reload();
  await expect(memberRow(page, dana)).toContainText('Dana Reed');
  expect((await page.request.post('/dev/session/age')).status()).toBe(204);
  await memberRow(page, dana).getByRole('button', { name: 'Change roles of Dana Reed' }).click();
  const rolesDialog = page.getByRole('dialog', { name: 'Roles of Dana Reed' });
  await rolesDialog.getByRole('checkbox', { name: 'Reviewer', exact: true }).uncheck();
  await rolesDialog.getByRole('checkbox', { name: 'Diversity officer' }).check();
  await expect(rolesDialog.getByRole('checkbox', { name: 'Reviewer', exact: true })).toBeDisabled();
  await check(page, 'roles-dialog');
  await rolesDialog.getByRole('button', { name: 'Save roles' }).click();
  const reauth = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(reauth).toBeVisible();
  await reauth.getByLabel('Password').fill(PASSWORD);
  await reauth.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, TEAM_TOASTS.rolesChanged)).toBeVisible();
  await expect(rolesDialog).toBeHidden();
  // Through both dialogs, the focus comes back to the button that opened the first.
  await expect(
    memberRow(page, dana).getByRole('button', { name: 'Change roles of Dana Reed' }),
  ).toBeFocused();
  await expect(memberRow(page, dana)).toContainText('Diversity officer');
  await danaPage.goto('/firm/dashboard');
  await expect(danaQuick.getByRole('link', { name: /^Self-identification/ })).toBeVisible();
  await expect(danaQuick.getByRole('link', { name: /^Assigned to me/ })).toHaveCount(0);

  // A second admin joins, then steps down while this page still shows two admins: the server keeps the
  // last admin, and the dialog says so.
  const sam = uniqueEmail('sam');
  await invite(page, sam, ['Admin']);
  const samPage = await acceptInNewBrowser(browser, await joinLink(page, sam), 'Sam');
  await page.reload();
  await expect(memberRow(page, adminEmail)).toContainText(TEAM_MESSAGES.cannotRemoveSelf);
  const samId = ((await (await samPage.request.get('/api/user')).json()) as { id: string }).id;
  const stepDown = await samPage.request.put(`/api/firm/members/${samId}`, {
    data: { roles: ['recruiter'] },
  });
  expect(stepDown.status()).toBe(200);
  await memberRow(page, adminEmail)
    .getByRole('button', { name: /^Change roles of/ })
    .click();
  const ownRoles = page.getByRole('dialog', { name: /^Roles of/ });
  await ownRoles.getByRole('checkbox', { name: 'Admin', exact: true }).uncheck();
  await ownRoles.getByRole('button', { name: 'Save roles' }).click();
  await expect(ownRoles.getByRole('alert')).toContainText(TEAM_MESSAGES.lastAdmin);
  await ownRoles.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(memberRow(page, adminEmail).getByRole('button', { name: /^Remove/ })).toBeDisabled();
  await expect(memberRow(page, adminEmail)).toContainText(TEAM_MESSAGES.lastAdmin);

  // A recruiter reads the team, and changes nothing.
  await samPage.goto('/firm/team');
  await expect(memberRow(samPage, dana)).toBeVisible();
  await expect(samPage.getByRole('button', { name: /^Change roles/ })).toHaveCount(0);
  await expect(samPage.getByRole('heading', { name: 'Invite a member' })).toHaveCount(0);

  // Removing Dana asks first; Cancel keeps her.
  const removeDana = memberRow(page, dana).getByRole('button', { name: 'Remove Dana Reed' });
  await removeDana.click();
  const confirmRemove = page.getByRole('dialog', { name: 'Remove this member?' });
  await expect(confirmRemove).toContainText(dana);
  await confirmRemove.getByRole('button', { name: 'Cancel' }).click();
  await expect(memberRow(page, dana)).toBeVisible();
  await removeDana.click();
  await check(page, 'remove-dialog');
  await confirmRemove.getByRole('button', { name: 'Remove member' }).click();
  await expect(toast(page, TEAM_TOASTS.memberRemoved)).toBeVisible();
  await expect(memberRow(page, dana)).toHaveCount(0);
  // Her session ended; signed in again she is told why she sees nothing.
  expect((await danaPage.request.get('/api/user')).status()).toBe(401);
  await signInByApi(danaPage, dana);
  await danaPage.goto('/firm/dashboard');
  await expect(danaPage.getByRole('heading', { name: ACCESS_TEXTS.noFirmTitle })).toBeVisible();
  await expect(danaPage.getByText(TEAM_MESSAGES.noFirm)).toBeVisible();
  await check(danaPage, 'no-firm');

  // Resend makes a new link (the old one stops working); Cancel asks first, then the link is dead.
  const lee = uniqueEmail('lee');
  await invite(page, lee, ['Recruiter']);
  const firstLink = await joinLink(page, lee);
  await invitationCard(page, lee)
    .getByRole('button', { name: `Resend the invitation to ${lee}` })
    .click();
  await expect(toast(page, TEAM_TOASTS.invitationResent)).toBeVisible();
  await expect.poll(() => joinLink(page, lee)).not.toBe(firstLink);
  const secondLink = await joinLink(page, lee);
  await danaPage.goto(firstLink);
  await expect(danaPage.getByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible();
  await check(danaPage, 'join-invalid');
  await invitationCard(page, lee)
    .getByRole('button', { name: `Cancel the invitation to ${lee}` })
    .click();
  const confirmCancel = page.getByRole('dialog', { name: 'Cancel this invitation?' });
  await confirmCancel.getByRole('button', { name: 'Cancel invitation' }).click();
  await expect(toast(page, TEAM_TOASTS.invitationCancelled)).toBeVisible();
  await expect(invitationCard(page, lee)).toHaveCount(0);
  await expect(page.getByText('No open invitations.')).toBeVisible();
  await danaPage.goto(secondLink);
  await expect(danaPage.getByText(TEAM_MESSAGES.invitationInvalid)).toBeVisible();

  // Invited again, Dana's account (now without a firm) joins with its password; a wrong one is a field error.
  await invite(page, dana, ['Reviewer']);
  await danaPage.goto(await joinLink(page, dana));
  await expect(
    danaPage.getByText('A firm account with this address already exists', { exact: false }),
  ).toBeVisible();
  await danaPage.getByLabel('Password', { exact: true }).fill('not my password');
  await danaPage.getByRole('button', { name: 'Sign in and join' }).click();
  await expect(danaPage.getByText('Invalid email or password', { exact: false })).toBeVisible();
  await expect(danaPage).toHaveURL(/\/join\?token=/);
  await check(danaPage, 'join-existing-account');
  await danaPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await danaPage.getByRole('button', { name: 'Sign in and join' }).click();
  await expect(danaPage).toHaveURL(/\/firm\/dashboard$/);
  await expect(danaQuick.getByRole('link', { name: /^Assigned to me/ })).toBeVisible();

  // The audit trail has every change, newest first.
  await page.goto('/firm/settings');
  const trail = page.getByTestId('audit-trail').getByRole('listitem');
  await expect(trail.first()).toContainText(`Dana Reed (${dana}) joined as Reviewer`);
  await expect(page.getByTestId('audit-trail')).toContainText(`cancelled the invitation to ${lee}`);
  await expect(page.getByTestId('audit-trail')).toContainText(`removed ${dana}`);
  await expect(page.getByTestId('audit-trail')).toContainText(
    `changed the roles of ${dana} from Reviewer, Conflicts to Conflicts, Diversity officer`,
  );
  await expect(page.getByTestId('audit-trail')).toContainText(
    `Dana Reed (${dana}) joined as Reviewer, Conflicts`,
  );
  await expect(page.getByTestId('audit-trail')).toContainText(`invited ${dana} as Reviewer, Conflicts`);
  await Promise.all([danaContext.close(), samPage.context().close()]);
});

test('settings: a second factor first, then required of every member; self-identification off', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await registerFirmByApi(page.request);
  const kim = uniqueEmail('kim');
  expect(
    (
      await page.request.post('/api/firm/invitations', { data: { email: kim, roles: ['recruiter'] } })
    ).status(),
  ).toBe(201);
  const kimPage = await acceptInNewBrowser(browser, await joinLink(page, kim), 'Kim');

  await page.goto('/firm/settings');
  const requireTwoFactor = page.getByRole('switch', { name: 'Require two-step sign-in' });
  const selfIdentification = page.getByRole('switch', { name: 'Receive self-identification data' });
  await expect(selfIdentification).toBeChecked();
  // Not before the admin has a second factor: the reason, and the way to set one up.
  await requireTwoFactor.click({ force: true });
  await expect(page.getByText(TEAM_MESSAGES.enrolBeforeRequiring)).toBeVisible();
  await expect(requireTwoFactor).not.toBeChecked();
  await expect(page.getByRole('link', { name: 'Set up two-step sign-in for your account' })).toHaveAttribute(
    'href',
    '/account/security',
  );
  await check(page, 'settings-enrol-first');
  await selfIdentification.click({ force: true });
  await expect(toast(page, TEAM_TOASTS.settingsSaved)).toBeVisible();
  await expect(selfIdentification).not.toBeChecked();
  await expect(page.getByTestId('audit-trail').getByRole('listitem').first()).toContainText(
    'turned off ‘Receive self-identification data’',
  );
  await check(page, 'settings');

  // The admin enrols an authenticator, then requires one of the team.
  const { secret } = (await (await page.request.post('/api/auth/totp/setup')).json()) as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  expect((await page.request.post('/api/auth/totp/enable', { data: { code } })).status()).toBe(200);
  // The first save's toast closes on its own before the second save, so the one seen next is the second's.
  await expect(toast(page, TEAM_TOASTS.settingsSaved)).toHaveCount(0, { timeout: 15_000 });
  await requireTwoFactor.click({ force: true });
  await expect(toast(page, TEAM_TOASTS.settingsSaved)).toBeVisible();
  await expect(requireTwoFactor).toBeChecked();
  await expect(page.getByTestId('audit-trail').getByRole('listitem').first()).toContainText(
    'turned on ‘Require two-step sign-in’',
  );
  await page.goto('/firm/team');
  await expect(memberRow(page, kim)).toContainText('Off');

  // Kim has none: the firm's pages send her to set one up, with the reason.
  await kimPage.goto('/firm/dashboard');
  await expect(kimPage).toHaveURL(/\/account\/security\?required=1$/);
  await expect(kimPage.getByText(SECURITY_MESSAGES.twoFactorRequired)).toBeVisible();
  await shot(kimPage, `two-factor-required-1280`);
  await kimPage.context().close();

  // Signing in again, Kim goes straight to enrolment: no page of the firm's asks for data it would refuse.
  const kimAgain = await (await browser.newContext()).newPage();
  const refused: string[] = [];
  kimAgain.on('response', (res) => {
    if (res.status() === 403) refused.push(res.url());
  });
  await kimAgain.goto('/auth');
  await kimAgain.getByLabel('Email').fill(kim);
  await kimAgain.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await kimAgain.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(kimAgain).toHaveURL(/\/account\/security\?required=1$/);
  await expect(kimAgain.getByText(SECURITY_MESSAGES.twoFactorRequired)).toBeVisible();
  // She sets up the authenticator app: the page says the way is open, and it is.
  await kimAgain.getByRole('button', { name: 'Set up' }).click();
  const kimSecret = (await kimAgain.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await kimAgain
    .getByLabel('Code from the app')
    .fill(new TOTP({ secret: Secret.fromBase32(kimSecret), digits: 6, period: 30 }).generate());
  await kimAgain.getByRole('button', { name: 'Turn on' }).click();
  await kimAgain.getByRole('button', { name: 'I have saved them' }).click();
  await expect(kimAgain.getByText(SECURITY_MESSAGES.enrolledAsRequired)).toBeVisible();
  await expect(kimAgain.getByText(SECURITY_MESSAGES.twoFactorRequired)).toHaveCount(0);
  await shot(kimAgain, `two-factor-enrolled-1280`);
  await kimAgain.setViewportSize({ width: 390, height: 844 });
  await shot(kimAgain, `two-factor-enrolled-390`, { fullPage: false });
  await kimAgain.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(kimAgain).toHaveURL(/\/firm\/dashboard$/);
  await expect(kimAgain.getByRole('heading', { level: 1 })).toBeVisible();
  expect(refused).toEqual([]);
  await kimAgain.context().close();

  // The admin's authenticator is their only factor: turning it off says what the firm's rule then leaves.
  await page.goto('/account/security');
  await page.getByRole('button', { name: 'Turn off' }).click();
  const turnOff = page.getByRole('dialog', { name: 'Turn off the authenticator app?' });
  await expect(turnOff.getByText(SECURITY_MESSAGES.lastFactorRequiredByFirm)).toBeVisible();
  await check(page, 'turn-off-last-factor');
  await turnOff.getByRole('button', { name: 'Cancel' }).click();
  await expect(turnOff).toBeHidden();
});
