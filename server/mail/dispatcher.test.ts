import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { outbox } from '../db/schema';
import { createTestApp, type DbKind, dbKinds, recordingTransport, type TestApp } from '../test/harness';
import { backoffDelay, createMailDispatcher } from './dispatcher';
import { composeMail } from './layout';
import { enqueueMail } from './outbox';

const mail = (to: string) => ({
  kind: 'test',
  to,
  ...composeMail({ subject: 'Hi', greeting: 'Hello <b>', paragraphs: ['Body'] }),
});

describe('backoffDelay', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 1000, 5000))).toEqual([1000, 2000, 4000, 5000]);
  });
});

describe('composeMail', () => {
  it('escapes user text in the HTML part and keeps the link in both parts', () => {
    const m = composeMail({
      subject: 'S',
      greeting: 'Hello <script>x</script>',
      paragraphs: ['a & b'],
      action: { label: 'Open', url: 'http://localhost:3000/x?token=1' },
    });
    expect(m.html).toContain('Hello &lt;script&gt;');
    expect(m.html).toContain('a &amp; b');
    expect(m.text).toContain('http://localhost:3000/x?token=1');
    expect(m.html).toContain('href="http://localhost:3000/x?token=1"');
  });
});

for (const kind of dbKinds as DbKind[]) {
  describe(`mail dispatcher [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ kind });
    });
    afterAll(async () => t?.close());
    /** One queued mail and a dispatcher for it; `down`: its SMTP is unavailable until the test says. */
    async function queued(
      to: string,
      opts: { baseDelayMs?: number; maxAttempts?: number } = {},
      down = false,
    ) {
      const id = await enqueueMail(t.db, mail(to));
      const transport = recordingTransport();
      transport.fail = down;
      const dispatcher = createMailDispatcher({ db: t.db, transport, pollMs: 0, ...opts });
      return { id, transport, dispatcher };
    }

    it('delivers queued mail once', async () => {
      const { id, transport, dispatcher } = await queued('once@example.com');
      await dispatcher.runOnce();
      await dispatcher.runOnce();
      expect(transport.sent.filter((m) => m.to === 'once@example.com')).toHaveLength(1);
      const row = await t.outboxById(id);
      expect(row.status).toBe('sent');
      expect(row.sentAt).not.toBeNull();
    });

    it('retries with backoff while SMTP is down, then delivers once it is back', async () => {
      const { id, transport, dispatcher } = await queued(
        'retry@example.com',
        { baseDelayMs: 0, maxAttempts: 5 },
        true,
      );
      await dispatcher.runOnce();
      let row = await t.outboxById(id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP unavailable' });
      transport.fail = false;
      await dispatcher.runOnce();
      row = await t.outboxById(id);
      expect(row.status).toBe('sent');
      expect(transport.sent.filter((m) => m.to === 'retry@example.com')).toHaveLength(1);
    });

    it('waits the backoff delay before trying again', async () => {
      const { id, transport, dispatcher } = await queued('later@example.com', { baseDelayMs: 60_000 }, true);
      await dispatcher.runOnce();
      transport.fail = false;
      await dispatcher.runOnce();
      const row = await t.outboxById(id);
      expect(row.status).toBe('pending');
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    });

    it("ends in 'failed' after the last attempt", async () => {
      const { id, dispatcher } = await queued('dead@example.com', { baseDelayMs: 0, maxAttempts: 3 }, true);
      for (let i = 0; i < 5; i++) await dispatcher.runOnce();
      const row = await t.outboxById(id);
      expect(row.status).toBe('failed');
      expect(row.attempts).toBe(3);
    });

    it('takes back a row whose sender died while holding it', async () => {
      const id = await enqueueMail(t.db, mail('orphan@example.com'));
      await t.db
        .update(outbox)
        .set({ status: 'sending', lockedUntil: new Date(Date.now() - 1000), attempts: 1 })
        .where(eq(outbox.id, id));
      const transport = recordingTransport();
      await createMailDispatcher({ db: t.db, transport, pollMs: 0 }).runOnce();
      expect((await t.outboxById(id)).status).toBe('sent');
    });

    if (kind === 'postgres') {
      it('two processes sharing one database send each mail exactly once', async () => {
        const url = new URL(process.env.TEST_DATABASE_URL!);
        const current = (await t.database.db.execute('select current_database() as name')) as unknown as {
          rows: { name: string }[];
        };
        url.pathname = `/${current.rows[0].name}`;
        const other = await openDatabase({ url: url.toString() });
        try {
          const addresses = Array.from({ length: 40 }, (_, i) => `pair-${i}@example.com`);
          for (const a of addresses) await enqueueMail(t.db, mail(a));
          const a = recordingTransport();
          const b = recordingTransport();
          const slow = (tr: ReturnType<typeof recordingTransport>) => {
            const send = tr.send.bind(tr);
            tr.send = async (m) => {
              await new Promise((r) => setTimeout(r, 5));
              await send(m);
            };
            return tr;
          };
          const d1 = createMailDispatcher({ db: t.db, transport: slow(a), pollMs: 0, batchSize: 3 });
          const d2 = createMailDispatcher({ db: other.db, transport: slow(b), pollMs: 0, batchSize: 3 });
          await Promise.all([d1.runOnce(), d2.runOnce()]);
          const sent = [...a.sent, ...b.sent].map((m) => m.to).filter((to) => to.startsWith('pair-'));
          expect(sent.sort()).toEqual([...addresses].sort());
          expect(a.sent.length).toBeGreaterThan(0);
          expect(b.sent.length).toBeGreaterThan(0);
        } finally {
          await other.close();
        }
      });
    }
  });
}
