import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PackageCertificate } from '@shared/certification';
import type { FirmRequestItem, SharedPackage } from '@shared/requests';
import type { AuditTrailPdf } from './audit-trail-pdf';
import type { PdfJob, PdfResult } from './pdf-worker';

/**
 * Package PDFs are rendered off the event loop (issue 17), in a few worker threads started on first use:
 * one fewer than the cores (at least one), so concurrent exports queue instead of taking every core from
 * the requests the main thread serves.
 */
const WORKERS = Math.max(1, Math.min(4, os.availableParallelism() - 1));

/**
 * The worker's entry beside this module: pdf-worker.js in the build (scripts/build.mjs bundles it next to
 * main.js), pdf-worker.ts from the sources, where tsx compiles it inside the worker (dev and tests).
 */
function startWorker() {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSources ? './pdf-worker.ts' : './pdf-worker.js', import.meta.url);
  const worker = fromSources
    ? new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`,
        { eval: true },
      )
    : new Worker(entry);
  // An idle worker does not keep the process alive; a pending export keeps its caller waiting.
  worker.unref();
  return worker;
}

type JobInput = PdfJob extends infer J ? (J extends PdfJob ? Omit<J, 'id'> : never) : never;
type Job = { input: JobInput; resolve: (pdf: Buffer) => void; reject: (err: Error) => void };

const queue: Job[] = [];
const idle: Worker[] = [];
let running = 0;
let nextId = 1;

function dispatch() {
  while (queue.length > 0 && (idle.length > 0 || running + idle.length < WORKERS)) {
    const job = queue.shift()!;
    const worker = idle.pop() ?? startWorker();
    run(worker, job);
  }
}

function run(worker: Worker, job: Job) {
  running++;
  const id = nextId++;
  const done = (err: Error | null, pdf?: Buffer) => {
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
    running--;
    if (err) job.reject(err);
    else job.resolve(pdf!);
    dispatch();
  };
  const onMessage = (result: PdfResult) => {
    if (result.id !== id) return;
    idle.push(worker);
    if ('error' in result) done(new Error(`PDF rendering failed: ${result.error}`));
    else done(null, Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
  };
  // A crashed worker is dropped; the next job starts a new one.
  const onError = (err: Error) => done(err);
  const onExit = (code: number) => done(new Error(`PDF worker exited with code ${code}`));
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  worker.postMessage({ id, ...job.input } satisfies PdfJob);
}

const offThread = (input: JobInput) =>
  new Promise<Buffer>((resolve, reject) => {
    queue.push({ input, resolve, reject });
    dispatch();
  });

/**
 * renderPackagePdf (package-pdf.ts) in a worker thread: the same bytes, without blocking the event loop.
 * With a certificate, the PDF ends with its certificate page (PRODUCT.md §11).
 */
export function renderPackagePdfOffThread(
  request: FirmRequestItem,
  pkg: SharedPackage,
  certificate?: PackageCertificate,
): Promise<Buffer> {
  return offThread({ request, pkg, certificate });
}

/** renderAuditTrailPdf (audit-trail-pdf.ts) in a worker thread. */
export function renderAuditTrailPdfOffThread(trail: AuditTrailPdf): Promise<Buffer> {
  return offThread({ trail });
}
