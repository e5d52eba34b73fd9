import { EventEmitter } from 'node:events';
import os from 'node:os';
import type { BusinessCase } from '@shared/business-case';
import type { PackageCertificate } from '@shared/certification';
import { PDF_MESSAGES } from '@shared/pdf';
import type { FirmRequestItem, SharedPackage } from '@shared/requests';
import { Piscina } from 'piscina';
import { HttpError } from '../plugins/errors';
import type { AuditTrailPdf } from './audit-trail-pdf';
import type { PdfJob } from './pdf-worker';

/**
 * Package PDFs are rendered off the event loop in a piscina pool of worker threads, started on first use:
 * one fewer than the cores (at least one, at most four), so concurrent exports queue instead of taking
 * every core from the requests the main thread serves.
 */
export const PDF_POOL = {
  threads: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
  /**
   * PDFs waiting for a thread, at most (beyond one rendering per thread). A download past it is refused at
   * once (503 with Retry-After) rather than queued for minutes: the caller learns now, and memory holds at
   * most this many packages waiting.
   */
  queueMax: 16,
  /**
   * One PDF's time limit, counted from its request (waiting included: piscina does not say when a task
   * starts). Past it the render is aborted, its thread ended and replaced, and the download answers 503.
   * A full package renders well within it (BENCHMARKS.md, PDF export under load); so does the queue's worst case.
   */
  timeLimitMs: 60_000,
  /** A thread idle this long ends; the next PDF pays for starting one again. */
  idleMs: 60_000,
  /** A retried download should find room by then. */
  retryAfterSeconds: 30,
};

export type PdfRenderOptions = {
  /** PRODUCT.md §11: the version's certificate page, at the end of the package PDF. */
  certificate?: PackageCertificate;
  /** PRODUCT.md §12: the firm's business case pages, for a reader who may read the case (never the attorney). */
  businessCase?: BusinessCase;
  /**
   * Wait for room in a full queue instead of refusing (the data export, whose archive is already being
   * sent), within the same time limit.
   */
  waitForRoom?: boolean;
  /** Aborts the render (the client went away). */
  signal?: AbortSignal;
};

export type PdfRenderer = {
  /** renderPackagePdf (package-pdf.ts) in a worker thread: the same bytes, without blocking the event loop. */
  render(request: FirmRequestItem, pkg: SharedPackage, opts?: PdfRenderOptions): Promise<Buffer>;
  /** renderAuditTrailPdf (audit-trail-pdf.ts), in the same pool and under the same bounds. */
  renderTrail(trail: AuditTrailPdf, opts?: PdfRenderOptions): Promise<Buffer>;
  /** Lets renders in progress finish, refuses the queued ones, ends the threads. */
  close(): Promise<void>;
};

/**
 * The worker's entry beside this module: pdf-worker.js in the build (scripts/build.mjs bundles it next to
 * main.js), pdf-worker.ts from the sources, where tsx compiles it inside the worker (dev and tests).
 */
function workerEntry() {
  const fromSources = import.meta.url.endsWith('.ts');
  const filename = new URL(fromSources ? './pdf-worker.ts' : './pdf-worker.js', import.meta.url).href;
  return { filename, execArgv: fromSources ? ['--import', 'tsx'] : [] };
}

const busy = () =>
  Object.assign(new HttpError(503, PDF_MESSAGES.busy), { retryAfterSeconds: PDF_POOL.retryAfterSeconds });
const tooSlow = () =>
  Object.assign(new HttpError(503, PDF_MESSAGES.tooSlow), { retryAfterSeconds: PDF_POOL.retryAfterSeconds });

/**
 * One pool per app (app.ts closes it with the app); its threads start with the first PDF.
 *
 * The bound is counted here, not by piscina's maxQueue: piscina keeps a task that carries an abort signal
 * (every one here: the time limit) in a queue of its own that maxQueue does not count, so maxQueue alone
 * let every PDF in. At most `threads + queueMax` PDFs are rendering or waiting; past that, a PDF is refused
 * (503) or, with waitForRoom, waits for a slot within its time limit.
 */
export function createPdfRenderer(limits: Partial<typeof PDF_POOL> = {}): PdfRenderer {
  const settings = { ...PDF_POOL, ...limits };
  const capacity = settings.threads + settings.queueMax;
  let inFlight = 0;
  const slotFreed = new EventEmitter();
  slotFreed.setMaxListeners(0);
  let pool: Piscina<PdfJob, Uint8Array> | undefined;
  let closed = false;
  const poolNow = () => {
    pool ??= new Piscina<PdfJob, Uint8Array>({
      ...workerEntry(),
      minThreads: 0,
      maxThreads: settings.threads,
      idleTimeout: settings.idleMs,
      // The PDF is moved back whole; a worker never sleeps between tasks on an Atomics wait.
      atomics: 'disabled',
      // Shutdown waits this long for a render in progress (app.ts onClose), then ends the thread.
      closeTimeout: 5_000,
    });
    return pool;
  };
  /** Resolves when a slot frees up or the signal aborts. */
  const aSlot = (signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const done = () => {
        slotFreed.off('freed', done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      slotFreed.once('freed', done);
      signal.addEventListener('abort', done, { once: true });
    });

  async function run(job: PdfJob, opts: PdfRenderOptions) {
    const deadline = AbortSignal.timeout(settings.timeLimitMs);
    const signal = opts.signal ? AbortSignal.any([deadline, opts.signal]) : deadline;
    while (inFlight >= capacity && !closed) {
      if (!opts.waitForRoom) throw busy();
      await aSlot(signal);
      if (deadline.aborted) throw tooSlow();
      if (opts.signal?.aborted) throw opts.signal.reason;
    }
    if (closed) throw busy();
    inFlight++;
    try {
      const pdf = await poolNow().run(job, { signal });
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    } catch (err) {
      if (deadline.aborted) throw tooSlow();
      throw err;
    } finally {
      inFlight--;
      slotFreed.emit('freed');
    }
  }

  return {
    render: (request, pkg, opts = {}) =>
      run({ request, pkg, certificate: opts.certificate, businessCase: opts.businessCase }, opts),
    renderTrail: (trail, opts = {}) => run({ trail }, opts),
    async close() {
      closed = true;
      await pool?.close({ force: true }).catch(() => pool?.destroy());
    },
  };
}
