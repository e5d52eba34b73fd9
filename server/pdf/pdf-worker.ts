/**
 * The worker thread that renders package PDFs (pdf-workers.ts starts it): pdfmake's layout is seconds of
 * synchronous CPU for a full package, which on the main thread would stall every other request meanwhile.
 * One job at a time: `{ id, request, pkg }` in, `{ id, pdf }` (its bytes transferred) or `{ id, error }` out.
 */
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { PackageCertificate } from '@shared/certification';
import type { FirmRequestItem, SharedPackage } from '@shared/requests';
import { type AuditTrailPdf, renderAuditTrailPdf } from './audit-trail-pdf';
import { renderPackagePdf } from './package-pdf';

const PDF_THREAD_NICE = 10;

export type PdfJob =
  | { id: number; request: FirmRequestItem; pkg: SharedPackage; certificate?: PackageCertificate }
  | { id: number; trail: AuditTrailPdf };
export type PdfResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread (see pdf-workers.ts)');

// An export is a download the firm waits seconds for anyway; the requests the main thread serves are not.
// On Linux this lowers this thread's priority only (setpriority on the calling thread).
try {
  os.setPriority(PDF_THREAD_NICE);
} catch {
  // Not permitted here: the export still runs off the event loop.
}

port.on('message', async (job: PdfJob) => {
  const { id } = job;
  try {
    const buffer =
      'trail' in job
        ? await renderAuditTrailPdf(job.trail)
        : await renderPackagePdf(job.request, job.pkg, job.certificate);
    // Transfer the bytes when the buffer owns its memory; a slice of a shared pool is copied instead.
    const owned = buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength;
    const pdf = owned ? new Uint8Array(buffer.buffer, 0, buffer.byteLength) : new Uint8Array(buffer);
    port.postMessage({ id, pdf } satisfies PdfResult, [pdf.buffer as ArrayBuffer]);
  } catch (err) {
    port.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
