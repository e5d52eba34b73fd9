/**
 * The worker thread that renders package PDFs (piscina runs it for pdf-workers.ts): pdfmake's layout is
 * seconds of synchronous CPU for a full package, which on the main thread would stall every other request
 * meanwhile. One job at a time: a package (with its certificate) or an audit trail in, the PDF's bytes out
 * (moved, not copied).
 */
import os from 'node:os';
import type { BusinessCase } from '@shared/business-case';
import type { PackageCertificate } from '@shared/certification';
import type { FirmRequestItem, SharedPackage } from '@shared/requests';
import { move } from 'piscina';
import { type AuditTrailPdf, renderAuditTrailPdf } from './audit-trail-pdf';
import { renderPackagePdf } from './package-pdf';

const PDF_THREAD_NICE = 10;

export type PdfJob =
  | {
      request: FirmRequestItem;
      pkg: SharedPackage;
      certificate?: PackageCertificate;
      businessCase?: BusinessCase;
    }
  | { trail: AuditTrailPdf };

// An export is a download the firm waits seconds for anyway; the requests the main thread serves are not.
// On Linux this lowers this thread's priority only (setpriority on the calling thread).
try {
  os.setPriority(PDF_THREAD_NICE);
} catch {
  // Not permitted here: the export still runs off the event loop.
}

export default async function renderInWorker(job: PdfJob) {
  const buffer =
    'trail' in job
      ? await renderAuditTrailPdf(job.trail)
      : await renderPackagePdf(job.request, job.pkg, job.certificate, job.businessCase);
  // Move the bytes when the buffer owns its memory; a slice of a shared pool is copied first.
  const owned = buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength;
  const pdf = owned ? new Uint8Array(buffer.buffer, 0, buffer.byteLength) : new Uint8Array(buffer);
  return move(pdf);
}
