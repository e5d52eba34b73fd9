import { ACCOUNT_MESSAGES, ACCOUNT_PATHS, EXPORT_FILES } from '@shared/account';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import type { PdfRenderer } from '../../pdf/pdf-workers';
import { type Actor, buildAttorney } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { sharedRequestFor } from '../requests/sharing/sharing.test-support';
import { readZip } from './zip.test-support';

/**
 * A renderer that holds every PDF until the test lets it go: the export is caught mid-render, where it
 * must hold no transaction.
 */
let releaseHeld: (() => void) | undefined;
function heldRenderer() {
  let started!: () => void;
  let release!: () => void;
  const rendering = new Promise<void>((resolve) => {
    started = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  releaseHeld = release;
  const renderer: PdfRenderer = {
    async render() {
      started();
      await gate;
      return Buffer.from('%PDF-1.7\n% held render\n');
    },
    async renderTrail() {
      return Buffer.from('%PDF-1.7\n% trail\n');
    },
    async close() {},
  };
  return { renderer, rendering, release };
}

/** The data export renders outside its transaction, one export per attorney at a time. */
describeEachDb('data export while PDFs render', (t, kind) => {
  const as = (actor: Pick<Actor, 'cookie'>, opts: InjectOptions) =>
    t().app.inject({ ...opts, headers: { cookie: actor.cookie } });
  const exportOf = (actor: Pick<Actor, 'cookie'>) =>
    as(actor, { method: 'GET', url: ACCOUNT_PATHS.dataExport });

  let realRenderer: PdfRenderer | undefined;
  const useRenderer = (renderer: PdfRenderer) => {
    realRenderer ??= t().app.ctx.pdf;
    t().app.ctx.pdf = renderer;
  };
  afterEach(() => {
    // A test that failed mid-render lets it finish, so the app can close.
    releaseHeld?.();
    releaseHeld = undefined;
    if (realRenderer) t().app.ctx.pdf = realRenderer;
    realRenderer = undefined;
  });

  const attorneyWithSharedPackage = async () => (await sharedRequestFor(t().app)).attorney;

  it('holds no transaction while a PDF renders: another user writes meanwhile', async () => {
    const attorney = await attorneyWithSharedPackage();
    const other = await buildAttorney(t().app);
    const held = heldRenderer();
    useRenderer(held.renderer);

    const running = exportOf(attorney);
    await held.rendering;
    // Before the fix the export's transaction held PGlite's one connection until every PDF was rendered:
    // this write waited for the render, which waited for this test (a deadlock).
    const write = await as(other, {
      method: 'PUT',
      url: '/api/attorney/drafts/business-plan',
      payload: { data: { executiveSummary: 'Typed during an export' } },
    });
    expect(write.statusCode).toBe(200);
    if (kind === 'postgres') {
      const open = await t().db.execute(sql`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%' and pid <> pg_backend_pid()`);
      expect((open as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    }

    held.release();
    const res = await running;
    expect(res.statusCode).toBe(200);
    const entries = readZip(res.rawPayload);
    expect(JSON.parse(entries.get(EXPORT_FILES.json)?.toString('utf8') ?? '{}').account.id).toBe(
      attorney.user.id,
    );
    const pdfs = [...entries.keys()].filter((name) => name.startsWith(`${EXPORT_FILES.sharedFolder}/`));
    expect(pdfs).toHaveLength(1);
    expect(entries.get(pdfs[0])?.toString()).toBe('%PDF-1.7\n% held render\n');
  });

  it('a second export by the same attorney while one runs is a 409 with a message; others are not held up', async () => {
    const attorney = await attorneyWithSharedPackage();
    const otherAttorney = await buildAttorney(t().app);
    const held = heldRenderer();
    useRenderer(held.renderer);

    const running = exportOf(attorney);
    await held.rendering;
    const second = await exportOf(attorney);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: ACCOUNT_MESSAGES.exportRunning });
    // Another attorney's export (nothing shared: no PDF to wait for) is not refused.
    const others = await exportOf(otherAttorney);
    expect(others.statusCode).toBe(200);

    held.release();
    expect((await running).statusCode).toBe(200);
    // Once the first has finished, the attorney may export again.
    const again = await exportOf(attorney);
    expect(again.statusCode).toBe(200);
    expect(readZip(again.rawPayload).has(EXPORT_FILES.json)).toBe(true);
  });

  it('a failed render ends the download broken (never a ZIP that looks whole) and frees the attorney’s next export', async () => {
    const attorney = await attorneyWithSharedPackage();
    useRenderer({
      async render() {
        throw new Error('renderer crashed');
      },
      async renderTrail() {
        throw new Error('renderer crashed');
      },
      async close() {},
    });
    // The headers went out with the first bytes; the response is cut off before the archive's central
    // directory (the client sees the connection end: here, a rejected inject or a partial payload).
    const failed = await exportOf(attorney).then(
      (res) => res.rawPayload,
      (err: Error) => err,
    );
    if (failed instanceof Error) expect(failed.message).toMatch(/destroyed before completion/);
    else expect(() => readZip(failed)).toThrow();
    const held = heldRenderer();
    useRenderer(held.renderer);
    held.release();
    const next = await exportOf(attorney);
    expect(next.statusCode).toBe(200);
    // The JSON, the package's PDF, and the audit trail as CSV and as the request's PDF (PRODUCT.md §11).
    expect(readZip(next.rawPayload).size).toBe(4);
  });
});
