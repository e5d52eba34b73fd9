import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { completeMasterLpq } from '../server/modules/master-lpq/master-lpq.fixtures';
import {
  inviteByApi,
  registerFirmByApi,
  registerInvitedAttorneyByApi,
  seriousAxeFindings,
  shot,
  uniqueEmail,
  uploadPdfByApi,
} from './helpers';

/** The invited attorney registers through the mailed link (verified), with a resume on a complete master LPQ. */
async function attorneyWithResume(request: APIRequestContext, attorneyEmail: string) {
  await registerInvitedAttorneyByApi(request, attorneyEmail);
  const objectPath = await uploadPdfByApi(request, 'Dana Whitfield resume.pdf', 20_000);
  return completeMasterLpq({ resumeUrl: objectPath });
}

/** axe (WCAG 2.1 A and AA): no serious or critical violation on the screen as it is now. */
async function expectAccessible(page: Page, screen: string) {
  await expect(page.locator('[aria-label^="Loading"]')).toHaveCount(0);
  const blocking = await seriousAxeFindings(page);
  expect.soft(blocking, `serious or critical axe violations on ${screen}`).toEqual([]);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing overflows sideways').toBeLessThanOrEqual(0);
}

test('the firm reads versions, sees what changed, and loses the package when the attorney revokes', async ({
  browser,
}) => {
  // A long journey (two actors, three versions, axe on each screen, two widths): about twice its longest run on
  // the slowest CI machine seen (two cores, two workers).
  test.setTimeout(180_000);
  const firmContext = await browser.newContext();
  const firm = await firmContext.newPage();
  const attorneyContext = await browser.newContext();
  const attorney = attorneyContext.request;
  const attorneyEmail = uniqueEmail('versions');

  await registerFirmByApi(firm.request, {
    email: uniqueEmail('firm-versions'),
    firmName: 'Arden & Vale LLP',
  });
  const requestId = await inviteByApi(firm.request, attorneyEmail);
  const masterLpq = await attorneyWithResume(attorney, attorneyEmail);

  // Version 1, with an access end date; then the attorney changes two answers and sends version 2.
  expect((await attorney.post('/api/attorney/master-lpq', { data: masterLpq })).ok()).toBe(true);
  const base = `/api/attorney/lpq-requests/${requestId}`;
  const shared = await attorney.post(`${base}/share`, { data: { accessUntil: '2099-12-31' } });
  expect(shared.status(), await shared.text()).toBe(200);
  const changed = {
    ...masterLpq,
    generalInfo: { ...masterLpq.generalInfo, phone: '+1 617 555 0199' },
    financialInfo: { ...masterLpq.financialInfo, compensationExpectations: '$1.4M base' },
    clientsInfo: {
      ...masterLpq.clientsInfo,
      topClients: [
        ...(masterLpq.clientsInfo?.topClients ?? []),
        { clientName: 'Birch Capital', isOriginator: false, ytdCollections: 150000 },
      ],
    },
  };
  expect((await attorney.post('/api/attorney/master-lpq', { data: changed })).ok()).toBe(true);
  const updated = await attorney.post(`${base}/update`);
  expect(updated.status(), await updated.text()).toBe(200);
  expect((await updated.json()).version).toBe(2);

  // The list marks the request as updated.
  await firm.goto('/firm/requests');
  const row = firm.getByRole('row', { name: /Dana Whitfield/ });
  await expect(row.getByText('Updated · v2')).toBeVisible();

  // The review screen shows the latest version, its access end date, and offers the others.
  await firm.goto(`/firm/requests/${requestId}`);
  await expect(firm.getByText('Access until Dec 31, 2099')).toBeVisible();
  await expect(firm.getByText(/\(v2 · 3 changes\)/)).toBeVisible();
  const picker = firm.getByRole('combobox', { name: 'Package version' });
  await expect(picker).toHaveValue(/^Version 2 · 3 changes · shared [A-Z][a-z]{2} \d{2}, \d{4} · Latest$/);
  await expect(firm.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', /version=2$/);
  await firm.getByRole('tab', { name: 'Master LPQ' }).click();
  await expect(firm.getByRole('tabpanel', { name: 'Master LPQ' }).getByText('+1 617 555 0199')).toBeVisible();

  // Version 1, chosen with the keyboard: the URL says so, the notice says it is not the latest.
  await picker.focus();
  await firm.keyboard.press('ArrowDown');
  await expect(firm.getByRole('option', { name: /^Version 1 · shared/ })).toBeVisible();
  await firm.keyboard.press('ArrowUp');
  await firm.keyboard.press('Enter');
  await expect(firm).toHaveURL(/\?version=1$/);
  await expect(firm.getByText('You are viewing an earlier version')).toBeVisible();
  await expect(firm.getByText(/\(v1\)/)).toBeVisible();
  // The chosen tab stays; it shows version 1's answer.
  await expect(firm.getByRole('tabpanel', { name: 'Master LPQ' }).getByText('+1 617 555 0100')).toBeVisible();
  const pdfHref = await firm.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  expect(pdfHref).toMatch(/package\.pdf\?version=1$/);
  const pdf = await firm.request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-disposition']).toContain('v1.pdf');
  // The link opens that version for anyone who follows it.
  await firm.reload();
  await expect(firm.getByText('You are viewing an earlier version')).toBeVisible();
  const versionBar = firm
    .getByRole('combobox', { name: 'Package version' })
    .locator('xpath=ancestor::*[contains(@class,"Paper")][1]');
  await shot(versionBar, `picker-1280`);
  await shot(firm, `older-version-1280`);
  await expectAccessible(firm, 'an earlier version');

  // What changed since version 1: each changed answer with its label, before and after.
  await firm.getByRole('button', { name: 'What changed since this version' }).click();
  const dialog = firm.getByRole('dialog', { name: 'What changed' });
  await expect(dialog.getByRole('combobox', { name: 'From' })).toHaveValue(/^Version 1 /);
  await expect(dialog.getByRole('combobox', { name: 'To' })).toHaveValue(/^Version 2 .* · Latest$/);
  await expect(dialog.getByText('3 changes from version 1')).toBeVisible();
  const phone = dialog.getByRole('listitem').filter({ hasText: 'Phone' });
  await expect(phone.locator('del')).toHaveText('+1 617 555 0100');
  await expect(phone.locator('ins')).toHaveText('+1 617 555 0199');
  await expect(dialog.getByRole('region', { name: 'Master LPQ' })).toBeVisible();
  // A client added in version 2: one line, named by the client, '(added)', with what it holds.
  const added = dialog.getByRole('listitem').filter({ hasText: 'Birch Capital' });
  await expect(added.getByText('(added)')).toBeVisible();
  await expect(added.locator('ins')).toHaveText('Originator: No · YTD Collections: $150,000');
  await shot(firm, `changes-1280`, { fullPage: false });
  await expectAccessible(firm, 'What changed');
  // The same version on both sides: nothing to show.
  await dialog.getByRole('combobox', { name: 'From' }).click();
  await firm.getByRole('option', { name: /^Version 2 / }).click();
  await expect(dialog.getByText('No differences between these versions.')).toBeVisible();
  await firm.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // 'View the latest version' drops the version from the URL.
  await firm.getByRole('link', { name: 'View the latest version' }).click();
  await expect(firm).toHaveURL(new RegExp(`/firm/requests/${requestId}$`));
  await expect(firm.getByText('You are viewing an earlier version')).toHaveCount(0);
  // A link to a version that does not exist shows the latest and says so.
  await firm.goto(`/firm/requests/${requestId}?version=9`);
  await expect(firm.getByText('Version 9 is not available')).toBeVisible();
  await expect(firm).toHaveURL(new RegExp(`/firm/requests/${requestId}$`));
  await expect(firm.getByText(/\(v2 · 3 changes\)/)).toBeVisible();

  // A phone: the picker and the changes fit.
  await firm.setViewportSize({ width: 390, height: 844 });
  await firm.goto(`/firm/requests/${requestId}?version=1`);
  await expect(firm.getByText('You are viewing an earlier version')).toBeVisible();
  await noSidewaysScroll(firm);
  await shot(firm, `older-version-390`);
  await shot(firm, `older-version-390-top`, { fullPage: false });
  await shot(versionBar, `picker-390`);
  await firm.getByRole('button', { name: 'What changed', exact: true }).click();
  await expect(dialog.getByText('3 changes from version 1')).toBeVisible();
  await shot(firm, `changes-390`, { fullPage: false });
  await firm.keyboard.press('Escape');
  await firm.goto('/firm/requests');
  await expect(firm.getByText('Updated · v2').filter({ visible: true })).toBeVisible();
  await noSidewaysScroll(firm);
  await shot(firm, `list-updated-390`);
  await firm.setViewportSize({ width: 1280, height: 800 });

  // The firm holds a document link and a note; then the attorney revokes.
  const detail = await (await firm.request.get(`/api/firm/lpq-requests/${requestId}`)).json();
  const documentLink = detail.package.documents[0].url as string;
  expect((await firm.request.get(documentLink)).status()).toBe(200);
  expect(
    (
      await firm.request.post(`/api/firm/lpq-requests/${requestId}/notes`, { data: { body: 'Call Dana.' } })
    ).status(),
  ).toBe(201);
  // Issue 67 item 16: while the firm has access, its admin may assign reviewers…
  await firm.goto(`/firm/requests/${requestId}`);
  await expect(firm.getByRole('button', { name: 'Assign Reviewers' })).toBeVisible();
  const revoked = await attorney.post(`${base}/revoke`);
  expect(revoked.status(), await revoked.text()).toBe(200);

  // The firm reloads: the request says plainly what happened; no package, no PDF, no review buttons.
  await firm.goto(`/firm/requests/${requestId}?version=1`);
  await expect(firm.getByText('Access Revoked', { exact: true }).first()).toBeVisible();
  await expect(firm).toHaveURL(new RegExp(`/firm/requests/${requestId}$`));
  await expect(firm.getByRole('alert').filter({ hasText: 'Access revoked' })).toContainText(
    /Dana Whitfield revoked your firm's access to this package on [A-Z][a-z]{2} \d{2}, \d{4}\./,
  );
  for (const gone of ['Download PDF']) await expect(firm.getByRole('link', { name: gone })).toHaveCount(0);
  // …once access has ended there is nothing to grant: no Assign Reviewers (issue 67 item 16).
  for (const gone of [
    'Mark Under Review',
    'Mark Review Complete',
    'What changed',
    'Assign Reviewers',
    'Change Reviewers',
  ])
    await expect(firm.getByRole('button', { name: gone })).toHaveCount(0);
  await expect(firm.getByRole('tab')).toHaveCount(0);
  await expect(firm.getByRole('heading', { name: 'Summary' })).toHaveCount(0);
  await expect(firm.getByText('Access until Dec 31, 2099')).toHaveCount(0);
  await expect(firm.getByText('Updated · v2')).toHaveCount(0);
  // The notes and the history stay.
  await expect(firm.getByText('Call Dana.')).toBeVisible();
  for (const event of ['Package shared', 'Package updated', 'Access revoked by the attorney'])
    await expect(firm.getByText(event, { exact: true })).toBeVisible();
  await shot(firm, `revoked-1280`);
  await expectAccessible(firm, 'the revoked request');
  await firm.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(firm);
  await shot(firm, `revoked-390`);
  await shot(firm, `revoked-390-top`, { fullPage: false });
  await firm.setViewportSize({ width: 1280, height: 800 });

  // Every link the firm held answers 404.
  expect((await firm.request.get(documentLink)).status()).toBe(404);
  expect((await firm.request.get(`/api/firm/lpq-requests/${requestId}/package.pdf?version=1`)).status()).toBe(
    404,
  );

  // The list keeps the row, marked revoked, and the status filter finds it.
  await firm.goto('/firm/requests');
  await firm.getByRole('combobox', { name: 'Status' }).click();
  await firm.getByRole('option', { name: 'Access Revoked' }).click();
  await expect(firm.getByRole('row')).toHaveCount(2);
  await expect(
    firm.getByRole('row', { name: /Dana Whitfield/ }).getByText('Access Revoked', { exact: true }),
  ).toBeVisible();
  await expectAccessible(firm, 'the list filtered to revoked requests');
  await firm.goto('/firm/dashboard');
  await expect(
    firm.getByRole('row', { name: /Dana Whitfield/ }).getByText('Access Revoked', { exact: true }),
  ).toBeVisible();
  await firm.setViewportSize({ width: 390, height: 844 });
  await expect(firm.getByText('Access Revoked', { exact: true }).filter({ visible: true })).toBeVisible();
  await noSidewaysScroll(firm);
  await shot(firm, `dashboard-revoked-390`);

  await firmContext.close();
  await attorneyContext.close();
});

test('the review page marks what changed since the version the member last opened (issue 67)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const firmContext = await browser.newContext();
  const firm = await firmContext.newPage();
  const attorneyContext = await browser.newContext();
  const attorney = attorneyContext.request;
  const attorneyEmail = uniqueEmail('since-opened');
  await registerFirmByApi(firm.request, { email: uniqueEmail('firm-since'), firmName: 'Arden & Vale LLP' });
  const requestId = await inviteByApi(firm.request, attorneyEmail);
  const masterLpq = await attorneyWithResume(attorney, attorneyEmail);
  expect((await attorney.post('/api/attorney/master-lpq', { data: masterLpq })).ok()).toBe(true);
  const base = `/api/attorney/lpq-requests/${requestId}`;
  expect((await attorney.post(`${base}/share`)).status()).toBe(200);

  // The member opens version 1: nothing to mark.
  await firm.goto(`/firm/requests/${requestId}`);
  await expect(firm.getByText(/\(v1\)/)).toBeVisible();
  await expect(firm.getByText(/which you last opened/)).toHaveCount(0);

  // The attorney changes two answers and sends version 2.
  const changed = {
    ...masterLpq,
    generalInfo: { ...masterLpq.generalInfo, phone: '+1 617 555 0199' },
    financialInfo: { ...masterLpq.financialInfo, compensationExpectations: '$1.4M base' },
  };
  expect((await attorney.post('/api/attorney/master-lpq', { data: changed })).ok()).toBe(true);
  expect((await attorney.post(`${base}/update`)).status()).toBe(200);

  // The pipeline's last activity counts them.
  await firm.goto('/firm/requests');
  await expect(
    firm.getByRole('row', { name: /Dana Whitfield/ }).getByText(/Shared v2 · 2 changes · /),
  ).toBeVisible();

  await firm.goto(`/firm/requests/${requestId}`);
  const banner = firm.getByRole('alert').filter({ hasText: 'which you last opened' });
  await expect(banner).toContainText('2 answers changed since version 1, which you last opened');
  await expect(firm.getByText(/\(v2 · 2 changes\)/)).toBeVisible();
  await firm.getByRole('tab', { name: 'Master LPQ' }).click();
  const panel = firm.getByRole('tabpanel', { name: 'Master LPQ' });
  await expect(panel.getByText('Changed · was +1 617 555 0100')).toBeVisible();
  await expect(panel.getByText(/^Changed · was /)).toHaveCount(2);
  await shot(firm, 'since-opened-1280');
  await expectAccessible(firm, 'the changes since the version last opened');
  // The link opens What changed from the version last opened.
  await banner.getByRole('button', { name: 'Compare with version 1' }).click();
  const dialog = firm.getByRole('dialog', { name: 'What changed' });
  await expect(dialog.getByRole('combobox', { name: 'From' })).toHaveValue(/^Version 1 /);
  await expect(dialog.getByText('2 changes from version 1')).toBeVisible();
  await firm.keyboard.press('Escape');

  await firm.setViewportSize({ width: 390, height: 844 });
  await expect(banner).toBeVisible();
  await noSidewaysScroll(firm);
  await shot(firm, 'since-opened-390');
  await shot(firm, 'since-opened-390-top', { fullPage: false });

  // Opened again: version 2 is now the one last opened; nothing is marked.
  await firm.reload();
  await expect(firm.getByText(/\(v2 · 2 changes\)/)).toBeVisible();
  await expect(firm.getByText(/which you last opened/)).toHaveCount(0);

  await firmContext.close();
  await attorneyContext.close();
});
