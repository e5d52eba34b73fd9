import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTP_MESSAGES } from '@shared/http';
import {
  INTEGRATION_MESSAGES,
  WEBHOOK_EVENT_SCOPES,
  WEBHOOK_EVENTS,
  WEBHOOK_PAYLOAD_FIELDS,
  type WebhookEvent,
} from '@shared/integrations';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhooks } from '../../db/schema';
import { buildAttorney } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { isPublicAddress, resolveWebhookAddress } from '../../webhooks/address';
import { createWebhookDispatcher } from '../../webhooks/dispatcher';
import { payloadData } from '../../webhooks/outbox';
import { buildFirm } from '../firm/firm.factories';
import { newRequest } from '../requests/firm/firm-requests.test-support';
import { transitionRequest } from '../requests/lifecycle/request-state';
import { completeMasterLpqFor, sendRequest } from '../requests/sharing/sharing.test-support';
import { sharingControlClient } from '../requests/sharing/sharing-control.test-support';
import { encryptSecret } from '../security/security.crypto';
import { addFirmMember } from '../team/team.factories';
import { createWebhook } from './webhooks.service';

/** A real HTTP receiver on loopback: what it got, and the status it answers with. */
function receiver() {
  const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  let status = 200;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(status).end('ok');
    });
  });
  return {
    got,
    answer: (code: number) => {
      status = code;
    },
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/lp`,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const headersOf = (h: http.IncomingHttpHeaders) => ({
  'webhook-id': String(h['webhook-id']),
  'webhook-timestamp': String(h['webhook-timestamp']),
  'webhook-signature': String(h['webhook-signature']),
});

describeEachDb('webhooks', (t) => {
  const hook = receiver();
  beforeAll(() => hook.start());
  afterAll(() => hook.stop());
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const add = (cookie: string, payload: unknown) =>
    inject({ method: 'POST', url: '/api/firm/webhooks', headers: { cookie }, payload: payload as object });
  const deliveries = async (cookie: string, id: string) =>
    (await inject({ method: 'GET', url: `/api/firm/webhooks/${id}/deliveries`, headers: { cookie } })).json();
  const subscribe = async (cookie: string, events: string[]) => {
    const res = await add(cookie, { url: hook.url(), events });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; url: string; events: string[]; secret: string };
  };

  it('subscribes a URL, answers its whsec_ secret once and keeps it encrypted', async () => {
    const firm = await buildFirm(t().app);
    const created = await subscribe(firm.cookie, ['request.withdrawn', 'request.shared']);
    expect(created).toEqual({
      id: expect.any(String),
      url: hook.url(),
      events: ['request.shared', 'request.withdrawn'],
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const [row] = await t().db.select().from(webhooks).where(eq(webhooks.id, created.id));
    expect(row.secretEncrypted).not.toContain(created.secret.slice(6));
    const list = await inject({ method: 'GET', url: '/api/firm/webhooks', headers: { cookie: firm.cookie } });
    expect(list.json()).toEqual([
      {
        id: created.id,
        url: hook.url(),
        events: ['request.shared', 'request.withdrawn'],
        createdAt: expect.any(String),
      },
    ]);
    expect(list.body).not.toContain(created.secret);
  });

  it('401 signed out, 403 for an attorney and a recruiter, 404 for another firm’s webhook, 400 with the message', async () => {
    const firm = await buildFirm(t().app);
    const other = await buildFirm(t().app);
    const attorney = await buildAttorney(t().app);
    const recruiter = await addFirmMember(t().app, firm.firmId, ['recruiter']);
    const { id } = await subscribe(firm.cookie, ['request.shared']);
    expect((await inject({ method: 'GET', url: '/api/firm/webhooks' })).statusCode).toBe(401);
    for (const cookie of [attorney.cookie, recruiter.cookie]) {
      expect(
        (await inject({ method: 'GET', url: '/api/firm/webhooks', headers: { cookie } })).statusCode,
      ).toBe(403);
      expect((await add(cookie, { url: hook.url(), events: ['request.shared'] })).statusCode).toBe(403);
    }
    for (const [method, url] of [
      ['GET', `/api/firm/webhooks/${id}/deliveries`],
      ['POST', `/api/firm/webhooks/${id}/test`],
      ['DELETE', `/api/firm/webhooks/${id}`],
    ] as const) {
      const res = await inject({ method, url, headers: { cookie: other.cookie } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: HTTP_MESSAGES.notFound });
    }
    const noEvents = await add(firm.cookie, { url: hook.url(), events: [] });
    expect(noEvents.statusCode).toBe(400);
    expect(JSON.stringify(noEvents.json())).toContain(INTEGRATION_MESSAGES.eventsRequired);
    const badUrl = await add(firm.cookie, { url: 'ftp://example.com/x', events: ['request.shared'] });
    expect(badUrl.statusCode).toBe(400);
    expect(JSON.stringify(badUrl.json())).toContain(INTEGRATION_MESSAGES.urlInvalid);
    const del = await inject({
      method: 'DELETE',
      url: `/api/firm/webhooks/${id}`,
      headers: { cookie: firm.cookie },
    });
    expect(del.statusCode).toBe(204);
    expect(
      (await inject({ method: 'GET', url: '/api/firm/webhooks', headers: { cookie: firm.cookie } })).json(),
    ).toEqual([]);
  });

  it('delivers a test event signed as Standard Webhooks says: the published verifier accepts it', async () => {
    const firm = await buildFirm(t().app);
    const { id, secret } = await subscribe(firm.cookie, ['request.shared']);
    const before = hook.got.length;
    const sent = await inject({
      method: 'POST',
      url: `/api/firm/webhooks/${id}/test`,
      headers: { cookie: firm.cookie },
    });
    expect(sent.statusCode).toBe(202);
    await t().app.ctx.webhookDispatcher.runOnce();
    const [received] = hook.got.slice(before);
    expect(received).toBeDefined();
    const payload = new Webhook(secret).verify(received.body, headersOf(received.headers)) as Record<
      string,
      unknown
    >;
    expect(payload).toMatchObject({ type: 'webhook.test', data: { webhookId: id, firmId: firm.firmId } });
    expect(received.headers['webhook-id']).toBe(sent.json().deliveryId);
    // Another secret, or a changed body, is refused by the same verifier.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
        received.body,
        headersOf(received.headers),
      ),
    ).toThrow();
    expect(() => new Webhook(secret).verify(`${received.body} `, headersOf(received.headers))).toThrow();
    const log = await deliveries(firm.cookie, id);
    expect(log).toEqual([
      {
        id: sent.json().deliveryId,
        event: 'webhook.test',
        status: 'delivered',
        createdAt: expect.any(String),
        deliveredAt: expect.any(String),
        nextAttemptAt: null,
        attempts: [{ at: expect.any(String), statusCode: 200, error: null, durationMs: expect.any(Number) }],
      },
    ]);
  });

  it('sends the business events with ids, statuses and times only, from the action’s transaction', async () => {
    const firm = await buildFirm(t().app);
    const { id, secret } = await subscribe(firm.cookie, ['request.withdrawn']);
    const attorneyEmail = 'casey.webhook@example.com';
    const created = await inject({
      method: 'POST',
      url: '/api/firm/lpq-requests',
      headers: { cookie: firm.cookie },
      payload: newRequest({ attorneyEmail, positionTitle: 'Secret Partner Role' }),
    });
    const requestId = created.json().id as string;
    const before = hook.got.length;
    const withdrawn = await inject({
      method: 'POST',
      url: `/api/firm/lpq-requests/${requestId}/withdraw`,
      headers: { cookie: firm.cookie },
    });
    expect(withdrawn.statusCode).toBe(200);
    // A second withdraw fails (409) and queues nothing.
    const again = await inject({
      method: 'POST',
      url: `/api/firm/lpq-requests/${requestId}/withdraw`,
      headers: { cookie: firm.cookie },
    });
    expect(again.statusCode).toBe(409);
    await t().app.ctx.webhookDispatcher.runOnce();
    const got = hook.got.slice(before);
    expect(got).toHaveLength(1);
    const payload = new Webhook(secret).verify(got[0].body, headersOf(got[0].headers)) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(payload.type).toBe('request.withdrawn');
    expect(payload.data).toEqual({ requestId, status: 'withdrawn', version: null, at: expect.any(String) });
    expect(got[0].body).not.toContain(attorneyEmail);
    expect(got[0].body).not.toContain('Secret Partner');
    expect((await deliveries(firm.cookie, id))[0]).toMatchObject({
      event: 'request.withdrawn',
      status: 'delivered',
    });
  });

  it('hears the attorney’s share, revoke and decline, each once, with ids, statuses and times only', async () => {
    const firm = await buildFirm(t().app);
    const { secret } = await subscribe(firm.cookie, [
      'request.shared',
      'request.revoked',
      'request.declined',
    ]);
    const attorney = await buildAttorney(t().app);
    await completeMasterLpqFor(t().app, attorney.cookie);
    const shared = await sendRequest(t().app, firm.cookie, attorney.user.email);
    const declined = await sendRequest(t().app, firm.cookie, attorney.user.email, {
      positionTitle: 'Counsel, Tax',
    });
    const as = (url: string) =>
      inject({ method: 'POST', url, headers: { cookie: attorney.cookie }, payload: {} });
    const before = hook.got.length;
    expect((await as(`/api/attorney/lpq-requests/${shared}/share`)).statusCode).toBe(200);
    expect((await as(`/api/attorney/lpq-requests/${shared}/revoke`)).statusCode).toBe(200);
    expect((await as(`/api/attorney/lpq-requests/${declined}/decline`)).statusCode).toBe(200);
    await t().app.ctx.webhookDispatcher.runOnce();
    const events = hook.got
      .slice(before)
      .map((r) => new Webhook(secret).verify(r.body, headersOf(r.headers)) as { type: string; data: object });
    expect(events.map((e) => e.type).sort()).toEqual([
      'request.declined',
      'request.revoked',
      'request.shared',
    ]);
    for (const e of events)
      expect(Object.keys(e.data).sort()).toEqual(['at', 'requestId', 'status', 'version']);
    expect(events.find((e) => e.type === 'request.shared')?.data).toMatchObject({
      requestId: shared,
      status: 'accepted',
      version: 1,
    });
    for (const r of hook.got.slice(before)) expect(r.body).not.toContain(attorney.user.email);
  });

  it('queues nothing when the business action’s transaction fails (the outbox is in it)', async () => {
    const firm = await buildFirm(t().app);
    const { id } = await subscribe(firm.cookie, ['request.withdrawn']);
    const created = await inject({
      method: 'POST',
      url: '/api/firm/lpq-requests',
      headers: { cookie: firm.cookie },
      payload: newRequest(),
    });
    const requestId = created.json().id as string;
    await expect(
      t().db.transaction(async (tx) => {
        await transitionRequest(tx, { requestId, to: 'withdrawn' });
        throw new Error('the action failed after the move');
      }),
    ).rejects.toThrow('the action failed');
    const [{ n }] = await t()
      .db.select({ n: count() })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, id));
    expect(n).toBe(0);
  });

  it('retries a receiver that answers 500, with backoff, each attempt in the log; gives up after 24 hours', async () => {
    const firm = await buildFirm(t().app);
    const { id } = await subscribe(firm.cookie, ['request.shared']);
    hook.answer(500);
    try {
      const sent = await inject({
        method: 'POST',
        url: `/api/firm/webhooks/${id}/test`,
        headers: { cookie: firm.cookie },
      });
      const deliveryId = sent.json().deliveryId as string;
      await t().app.ctx.webhookDispatcher.runOnce();
      let [entry] = await deliveries(firm.cookie, id);
      expect(entry.status).toBe('pending');
      expect(entry.attempts).toEqual([
        { at: expect.any(String), statusCode: 500, error: 'HTTP 500', durationMs: expect.any(Number) },
      ]);
      // The first retry waits a minute: not due yet.
      const wait = Date.parse(entry.nextAttemptAt) - Date.parse(entry.attempts[0].at);
      expect(wait).toBeGreaterThan(55_000);
      expect(wait).toBeLessThan(65_000);
      await t().app.ctx.webhookDispatcher.runOnce();
      expect((await deliveries(firm.cookie, id))[0].attempts).toHaveLength(1);
      // Due again: a second failure doubles the wait.
      const due = () =>
        t()
          .db.update(webhookDeliveries)
          .set({ nextAttemptAt: sql`now() - interval '1 second'` })
          .where(eq(webhookDeliveries.id, deliveryId));
      await due();
      await t().app.ctx.webhookDispatcher.runOnce();
      [entry] = await deliveries(firm.cookie, id);
      expect(entry.attempts).toHaveLength(2);
      const second = Date.parse(entry.nextAttemptAt) - Date.parse(entry.attempts[1].at);
      expect(second).toBeGreaterThan(115_000);
      // The receiver is back: the next attempt delivers.
      hook.answer(200);
      await due();
      await t().app.ctx.webhookDispatcher.runOnce();
      [entry] = await deliveries(firm.cookie, id);
      expect(entry.status).toBe('delivered');
      expect(entry.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 500, 200]);

      // A delivery failing for a day is given up.
      hook.answer(500);
      const late = await inject({
        method: 'POST',
        url: `/api/firm/webhooks/${id}/test`,
        headers: { cookie: firm.cookie },
      });
      await t()
        .db.update(webhookDeliveries)
        .set({ createdAt: sql`now() - interval '24 hours'` })
        .where(eq(webhookDeliveries.id, late.json().deliveryId));
      await t().app.ctx.webhookDispatcher.runOnce();
      const failed = (await deliveries(firm.cookie, id)).find(
        (d: { id: string }) => d.id === late.json().deliveryId,
      );
      expect(failed).toMatchObject({ id: late.json().deliveryId, status: 'failed', nextAttemptAt: null });
    } finally {
      hook.answer(200);
    }
  });

  describe('in production', () => {
    it('refuses on save a URL that is not https or not public: loopback, private, link-local', async () => {
      const firm = await buildFirm(t().app);
      const production = { ...t().app.ctx, config: { ...t().app.ctx.config, env: 'production' as const } };
      const refused = async (url: string, message: string) => {
        await expect(
          createWebhook(production, firm.user, { url, events: ['request.shared'] }),
        ).rejects.toMatchObject({
          statusCode: 400,
          message,
        });
      };
      await refused(hook.url(), INTEGRATION_MESSAGES.urlNotHttps);
      for (const url of [
        'https://127.0.0.1/hook',
        'https://[::1]/hook',
        'https://10.1.2.3/hook',
        'https://172.20.0.1/hook',
        'https://192.168.1.10/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://[fe80::1]/hook',
        'https://[fd00::1]/hook',
        'https://100.64.0.1/hook',
        'https://0.0.0.0/hook',
        'https://[::ffff:127.0.0.1]/hook',
        'https://localhost/hook',
      ])
        await refused(url, INTEGRATION_MESSAGES.urlNotPublic);
      expect((await t().db.select().from(webhooks).where(eq(webhooks.firmId, firm.firmId))).length).toBe(0);
    });

    it('checks the resolved address again at each delivery: a name that now points inside is refused, never connected', async () => {
      const firm = await buildFirm(t().app);
      // Saved while it pointed outside; its name now resolves to loopback, where the receiver listens.
      const port = new URL(hook.url()).port;
      const { id } = await subscribe(firm.cookie, ['request.shared']);
      await t()
        .db.update(webhooks)
        .set({ url: `https://hooks.example.com:${port}/hooks/lp` })
        .where(eq(webhooks.id, id));
      const before = hook.got.length;
      for (const internal of ['127.0.0.1', '10.0.0.7', '169.254.169.254']) {
        const dispatcher = createWebhookDispatcher({
          db: t().db,
          storageSecret: t().app.ctx.config.storageSecret,
          production: true,
          pollMs: 0,
          resolve: async () => [{ address: internal, family: 4 }],
        });
        await inject({
          method: 'POST',
          url: `/api/firm/webhooks/${id}/test`,
          headers: { cookie: firm.cookie },
        });
        await dispatcher.runOnce();
      }
      expect(hook.got.length).toBe(before);
      const log = await deliveries(firm.cookie, id);
      expect(log).toHaveLength(3);
      for (const entry of log)
        expect(entry.attempts).toEqual([
          {
            at: expect.any(String),
            statusCode: null,
            error: `Refused: ${INTEGRATION_MESSAGES.urlNotPublic}`,
            durationMs: expect.any(Number),
          },
        ]);
    });
  });

  describe('conflicts.precheck reaches the conflicts system alone (PRODUCT.md §13: before the share, between the conflicts departments)', () => {
    const { post: postAs, world } = sharingControlClient(t);
    const pipelineEvents = WEBHOOK_EVENTS.filter((e) => WEBHOOK_EVENT_SCOPES[e] === 'requests:read');

    it('400 with the message for a webhook that mixes the pre-check with the request events; 401 signed out', async () => {
      const firm = await buildFirm(t().app);
      const res = await add(firm.cookie, {
        url: hook.url(),
        events: ['request.shared', 'conflicts.precheck'],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INTEGRATION_MESSAGES.eventsMixScopes);
      expect(res.json().errors.events).toBe(INTEGRATION_MESSAGES.eventsMixScopes);
      const [n] = await t().db.select({ n: count() }).from(webhooks).where(eq(webhooks.firmId, firm.firmId));
      expect(n.n).toBe(0);
      const signedOut = await inject({
        method: 'POST',
        url: '/api/firm/webhooks',
        payload: { url: hook.url(), events: ['conflicts.precheck'] },
      });
      expect(signedOut.statusCode).toBe(401);
      // On its own, the pre-check is a webhook like any other.
      await subscribe(firm.cookie, ['conflicts.precheck']);
    });

    it('delivers a pre-check only to the conflicts-only webhook, signed, with the request id, a status and a time; the ATS’s webhooks never hear of it', async () => {
      const w = await world();
      await addFirmMember(t().app, w.firm.firmId, ['conflicts'], { firstName: 'Cole', lastName: 'Park' });
      const ats = await subscribe(w.firm.cookie, pipelineEvents);
      const conflictsHook = await subscribe(w.firm.cookie, ['conflicts.precheck']);
      // A webhook saved before the scopes were kept apart, hearing every event: written directly.
      const [legacy] = await t()
        .db.insert(webhooks)
        .values({
          firmId: w.firm.firmId,
          url: hook.url(),
          events: [...WEBHOOK_EVENTS],
          secretEncrypted: encryptSecret(
            t().config.storageSecret,
            `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
          ),
        })
        .returning();
      const before = hook.got.length;
      const sent = await postAs(w.attorney, `${w.base}/conflicts-precheck`);
      expect(sent.statusCode, sent.body).toBe(200);
      const queued = await t()
        .db.select()
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.webhookId, [ats.id, conflictsHook.id, legacy.id]));
      expect(queued.map((d) => [d.webhookId, d.event])).toEqual([[conflictsHook.id, 'conflicts.precheck']]);
      await t().app.ctx.webhookDispatcher.runOnce();
      const got = hook.got.slice(before);
      expect(got).toHaveLength(1);
      // Standard Webhooks' published verifier accepts it with the conflicts webhook's secret, and only that.
      const payload = new Webhook(conflictsHook.secret).verify(got[0].body, headersOf(got[0].headers)) as {
        type: string;
        data: Record<string, unknown>;
      };
      expect(() => new Webhook(ats.secret).verify(got[0].body, headersOf(got[0].headers))).toThrow();
      expect(payload).toEqual({
        type: 'conflicts.precheck',
        timestamp: expect.any(String),
        data: { requestId: w.requestId, status: 'pending', at: expect.any(String) },
      });
      expect(got[0].body).not.toContain(w.attorney.user.email);
      expect(got[0].body).not.toContain('Casey');
      // The share that follows reaches the pipeline's webhooks (the legacy one too), not the conflicts one.
      const shared = await postAs(w.attorney, `${w.base}/share`, {});
      expect(shared.statusCode, shared.body).toBe(200);
      const after = await t()
        .db.select({ webhookId: webhookDeliveries.webhookId, event: webhookDeliveries.event })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.webhookId, [ats.id, conflictsHook.id, legacy.id]));
      expect(
        after
          .filter((d) => d.event === 'request.shared')
          .map((d) => d.webhookId)
          .sort(),
      ).toEqual([ats.id, legacy.id].sort());
      expect(after.filter((d) => d.webhookId !== conflictsHook.id).map((d) => d.event)).not.toContain(
        'conflicts.precheck',
      );
    });

    it('never puts a field in a payload that the event’s scope may not read', async () => {
      const extra = {
        attorneyName: 'Casey Nguyen',
        partyName: 'Acme Corp',
        conflictsStatus: 'pending',
        precheck: true,
      };
      expect(
        payloadData('conflicts.precheck', {
          requestId: 'r',
          status: 'pending',
          at: 't',
          version: 2,
          ...extra,
        }),
      ).toEqual({
        requestId: 'r',
        status: 'pending',
        at: 't',
      });
      expect(
        payloadData('request.shared', { requestId: 'r', status: 'accepted', version: 1, at: 't', ...extra }),
      ).toEqual({
        requestId: 'r',
        status: 'accepted',
        version: 1,
        at: 't',
      });
      // And every delivery these tests queued (on this database) keeps to its event's fields.
      const rows = await t().db.select().from(webhookDeliveries);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        if (row.event === 'webhook.test') continue;
        const allowed = WEBHOOK_PAYLOAD_FIELDS[WEBHOOK_EVENT_SCOPES[row.event as WebhookEvent]];
        const data = (row.payload as { data: Record<string, unknown> }).data;
        for (const key of Object.keys(data)) expect(allowed, `${row.event}: ${key}`).toContain(key);
      }
    });
  });
});

describe('public addresses', () => {
  it('tells public addresses from loopback, private, link-local, CGNAT and the unspecified address', async () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '93.184.216.34'])
      expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '127.8.9.1',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      'not-an-ip',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    expect(isPublicAddress('172.32.0.1')).toBe(true);
    // Outside production, http and loopback are accepted, for testing.
    await expect(resolveWebhookAddress('http://127.0.0.1:9/x', false)).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    // A name resolving to any internal address is refused in production.
    await expect(
      resolveWebhookAddress('https://rebind.example/x', true, async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.1', family: 4 },
      ]),
    ).rejects.toThrow(INTEGRATION_MESSAGES.urlNotPublic);
  });
});
