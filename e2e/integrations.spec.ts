import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { INTEGRATION_TEXTS, INTEGRATION_TOASTS } from '../shared/integrations';
import { expectAccessible } from './accessibility';
import { atEachWidth, registerFirmByApi, signInByApi } from './helpers';

/**
 * PRODUCT.md §14 on the firm's settings (admins): create an API token (shown once, listed with its scopes),
 * call the API with it, add a webhook pointing at a receiver on loopback, send a test event and see its
 * delivery in the log; revoke and delete behind confirmations. Axe and screenshots at 1280 and 390 px.
 */

let receiver: http.Server;
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const bothWidths = (page: Page, name: string) =>
  atEachWidth(page, name, (width) => expectAccessible(page, `${name} at ${width} px`));

test('an admin makes an API token and a webhook, and sees a test delivery in the log', async ({ page }) => {
  const email = await registerFirmByApi(page.request);
  await signInByApi(page, email);
  await page.goto('/firm/settings');
  const tokens = page.getByRole('region', { name: INTEGRATION_TEXTS.tokensTitle });
  const hooks = page.getByRole('region', { name: INTEGRATION_TEXTS.webhooksTitle });
  await expect(tokens.getByText(INTEGRATION_TEXTS.noTokens)).toBeVisible();
  await expect(hooks.getByText(INTEGRATION_TEXTS.noWebhooks)).toBeVisible();
  await bothWidths(page, 'integrations-empty');

  // A token: name and scopes, shown once with Copy, then listed without it.
  await tokens.getByLabel(INTEGRATION_TEXTS.tokenName).fill('Greenhouse ATS');
  await tokens.getByRole('checkbox', { name: /^requests:read/ }).check();
  await tokens.getByRole('checkbox', { name: /^packages:read/ }).check();
  await tokens.getByRole('button', { name: INTEGRATION_TEXTS.createToken }).click();
  await expect(page.getByText(INTEGRATION_TOASTS.tokenCreated.title, { exact: true })).toBeVisible();
  const token = (await tokens.getByTestId('secret-once').textContent())?.trim() ?? '';
  expect(token).toMatch(/^lpt_/);
  await expect(tokens.getByRole('button', { name: INTEGRATION_TEXTS.copy })).toBeVisible();
  const card = tokens.getByTestId('api-token').filter({ hasText: 'Greenhouse ATS' });
  await expect(card).toContainText('requests:read');
  await expect(card).toContainText(INTEGRATION_TEXTS.neverUsed);
  const api = await page.request.get('/api/firm/lpq-requests', {
    headers: { authorization: `Bearer ${token}`, cookie: '' },
  });
  expect(api.status()).toBe(200);

  // A webhook to the receiver: its secret shown once; a test event lands in the log as delivered.
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  await hooks.getByLabel(INTEGRATION_TEXTS.webhookUrl).fill(url);
  await hooks.getByRole('checkbox', { name: /^request\.shared/ }).check();
  await hooks.getByRole('button', { name: INTEGRATION_TEXTS.addWebhook }).click();
  await expect(hooks.getByTestId('secret-once')).toContainText('whsec_');
  await hooks.getByRole('button', { name: INTEGRATION_TEXTS.done }).click();
  const hook = hooks.getByTestId('webhook').filter({ hasText: url });
  await hook.getByRole('button', { name: INTEGRATION_TEXTS.sendTest }).click();
  const delivery = hook.getByTestId('delivery').filter({ hasText: 'webhook.test' });
  await expect(delivery).toContainText('Delivered', { timeout: 15_000 });
  await expect(delivery).toContainText('204');
  expect(received.some((r) => r.headers['webhook-signature']?.toString().startsWith('v1,'))).toBe(true);
  await page.reload();
  await expect(tokens.getByTestId('api-token').filter({ hasText: 'Greenhouse ATS' })).toContainText(
    INTEGRATION_TEXTS.lastUsed,
  );
  await hooks
    .getByTestId('webhook')
    .filter({ hasText: url })
    .getByRole('button', { name: INTEGRATION_TEXTS.deliveryLog })
    .click();
  await expect(hooks.getByTestId('delivery').first()).toBeVisible();
  await bothWidths(page, 'integrations-listed');

  // Revoke and delete, each behind its confirmation.
  await tokens.getByRole('button', { name: 'Revoke the token Greenhouse ATS' }).click();
  const revoke = page.getByRole('dialog', { name: INTEGRATION_TEXTS.revokeTitle });
  await revoke.getByRole('button', { name: INTEGRATION_TEXTS.revoke }).click();
  await expect(tokens.getByText(INTEGRATION_TEXTS.noTokens)).toBeVisible();
  const after = await page.request.get('/api/firm/lpq-requests', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(after.status()).toBe(401);
  await hooks.getByRole('button', { name: `Delete the webhook ${url}` }).click();
  await page
    .getByRole('dialog', { name: INTEGRATION_TEXTS.deleteTitle })
    .getByRole('button', { name: INTEGRATION_TEXTS.deleteWebhook })
    .click();
  await expect(hooks.getByText(INTEGRATION_TEXTS.noWebhooks)).toBeVisible();
});
