/**
 * The load benchmark's later phases (bench/load.ts runs them against the app it started):
 * - PDF: one export's time and the app's peak RSS rise, cold (first, the worker starts) and warm;
 *   then another endpoint's p99 under load without and during 10 concurrent exports (target ≤ 1.5×).
 * - Data export: another user's p99 without and during 24 attorneys' exports at once
 *   (each exporting again as soon as one ends), target ≤ 1.5× as for the PDFs.
 * - Uploads: 10 concurrent 10 MB uploads through local storage (one signed PUT each) and through
 *   the multipart path (two 5 MB parts each); the app's peak RSS rise (target < 20 MB each).
 */
import { median, peakRssRise } from './lib';

export type Check = { label: string; value: string; met: boolean };
type Run = { reqPerSec: number; p50: number; p99: number; errors: number };

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

export const PDF_TARGET = { p99Ratio: 1.5, concurrent: 10 };
export const EXPORT_TARGET = { p99Ratio: 1.5, concurrent: 24 };
export const UPLOAD_TARGET = { maxRiseBytes: 20 * MB, concurrent: 10, fileBytes: 10 * MB };

export async function pdfPhase(opts: {
  appUrl: string;
  appPgid: number;
  firmCookie: string;
  requestId: string;
  /** The endpoint whose p99 is watched, loaded for `seconds` (wrk or autocannon, as the load phase). */
  loadOther: (seconds: number) => Promise<Run>;
  seconds: number;
  rounds: number;
}): Promise<Check[]> {
  const url = `${opts.appUrl}/api/firm/lpq-requests/${opts.requestId}/package.pdf`;
  const exportOnce = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie: opts.firmCookie } });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return { ms: performance.now() - started, bytes };
  };
  const cold = await peakRssRise(opts.appPgid, exportOnce);
  const warm = await peakRssRise(opts.appPgid, exportOnce);
  console.log(
    `  one export, cold (starts the worker): ${cold.result.ms.toFixed(0)} ms, ${(cold.result.bytes / 1024).toFixed(0)} KB of PDF, app RSS +${mb(cold.rise)} (from ${mb(cold.before)})`,
  );
  console.log(
    `  one export, warm: ${warm.result.ms.toFixed(0)} ms, app RSS +${mb(warm.rise)} (from ${mb(warm.before)})`,
  );

  // Without and during exports in alternating rounds (without first, then during first, …), judged on the
  // median of the rounds' ratios: a drift in the machine's load falls on both alike.
  let exports = 0;
  const duringExports = async () => {
    let exporting = true;
    const exporters = Array.from({ length: PDF_TARGET.concurrent }, async () => {
      while (exporting) {
        await exportOnce();
        exports++;
      }
    });
    // Every exporter has a request queued or rendering before the load starts.
    await new Promise((r) => setTimeout(r, 500));
    const run = await opts.loadOther(opts.seconds);
    exporting = false;
    await Promise.all(exporters);
    return run;
  };
  const rounds: { quiet: Run; during: Run }[] = [];
  for (let r = 0; r < opts.rounds; r++) {
    const round: Partial<{ quiet: Run; during: Run }> = {};
    for (const kind of r % 2 === 0 ? (['quiet', 'during'] as const) : (['during', 'quiet'] as const))
      round[kind] = kind === 'quiet' ? await opts.loadOther(opts.seconds) : await duringExports();
    const { quiet, during } = round as { quiet: Run; during: Run };
    rounds.push({ quiet, during });
    console.log(
      `  round ${r + 1}: attorney request list without exports: ${quiet.reqPerSec.toFixed(0)} req/s, p99 ${quiet.p99} ms; during ${PDF_TARGET.concurrent} concurrent exports: ${during.reqPerSec.toFixed(0)} req/s, p99 ${during.p99} ms (${(during.p99 / quiet.p99).toFixed(2)}×)`,
    );
  }
  const ratio = median(rounds.map((r) => r.during.p99 / r.quiet.p99));
  const errors = rounds.reduce((n, r) => n + r.during.errors, 0);
  console.log(`  ${exports} exports done during the rounds`);
  return [
    {
      label: `PDF: other endpoint's p99 during ${PDF_TARGET.concurrent} concurrent exports / without, median of ${opts.rounds} rounds (≤ ${PDF_TARGET.p99Ratio}×)`,
      value: `${rounds.map((r) => `${r.during.p99} / ${r.quiet.p99}`).join(', ')} ms → ${ratio.toFixed(2)}×`,
      met: ratio <= PDF_TARGET.p99Ratio && errors === 0,
    },
  ];
}

export async function exportPhase(opts: {
  appUrl: string;
  /** One signed-in attorney per concurrent export (one export per attorney at a time). */
  attorneyCookies: string[];
  /** Another user's endpoint whose p99 is watched, loaded for `seconds`. */
  loadOther: (seconds: number) => Promise<Run>;
  seconds: number;
  rounds: number;
}): Promise<Check[]> {
  const url = `${opts.appUrl}/api/attorney/data-export`;
  let exports = 0;
  let bytes = 0;
  const exportOnce = async (cookie: string) => {
    const res = await fetch(url, { headers: { cookie } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString()}`);
    exports++;
    bytes += body.byteLength;
  };
  const duringExports = async () => {
    let exporting = true;
    const exporters = opts.attorneyCookies.map(async (cookie) => {
      while (exporting) await exportOnce(cookie);
    });
    await new Promise((r) => setTimeout(r, 500));
    const run = await opts.loadOther(opts.seconds);
    exporting = false;
    await Promise.all(exporters);
    return run;
  };
  const rounds: { quiet: Run; during: Run }[] = [];
  for (let r = 0; r < opts.rounds; r++) {
    const round: Partial<{ quiet: Run; during: Run }> = {};
    for (const kind of r % 2 === 0 ? (['quiet', 'during'] as const) : (['during', 'quiet'] as const))
      round[kind] = kind === 'quiet' ? await opts.loadOther(opts.seconds) : await duringExports();
    const { quiet, during } = round as { quiet: Run; during: Run };
    rounds.push({ quiet, during });
    console.log(
      `  round ${r + 1}: attorney request list without exports: ${quiet.reqPerSec.toFixed(0)} req/s, p99 ${quiet.p99} ms; during ${opts.attorneyCookies.length} concurrent data exports: ${during.reqPerSec.toFixed(0)} req/s, p99 ${during.p99} ms (${(during.p99 / quiet.p99).toFixed(2)}×)`,
    );
  }
  const ratio = median(rounds.map((r) => r.during.p99 / r.quiet.p99));
  const errors = rounds.reduce((n, r) => n + r.during.errors, 0);
  console.log(
    `  ${exports} data exports done during the rounds, ${(bytes / Math.max(1, exports) / 1024).toFixed(0)} KB each`,
  );
  return [
    {
      label: `Data export: other endpoint's p99 during ${opts.attorneyCookies.length} concurrent exports / without, median of ${opts.rounds} rounds (≤ ${EXPORT_TARGET.p99Ratio}×)`,
      value: `${rounds.map((r) => `${r.during.p99} / ${r.quiet.p99}`).join(', ')} ms → ${ratio.toFixed(2)}×`,
      met: ratio <= EXPORT_TARGET.p99Ratio && errors === 0,
    },
  ];
}

const pdfLike = (size: number, seed: number) => {
  const bytes = Buffer.alloc(size, 0x20 + (seed % 64));
  bytes.write('%PDF-1.7\n% bench upload\n');
  return bytes;
};

export async function uploadPhase(opts: {
  appUrl: string;
  appPgid: number;
  /** One signed-in attorney per concurrent upload (each has their own storage allowance). */
  attorneyCookies: string[];
  kind: 'single' | 'multipart';
}): Promise<Check[]> {
  const api = async (cookie: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${opts.appUrl}${path}`, {
      method,
      headers: { cookie, origin: opts.appUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const put = async (url: string, bytes: Buffer) => {
    const res = await fetch(url, {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { 'content-type': 'application/pdf' },
    });
    if (res.status !== 200) throw new Error(`PUT ${url}: ${res.status} ${await res.text()}`);
    return res.headers.get('etag') ?? '';
  };
  const size = UPLOAD_TARGET.fileBytes;

  /** Ticket, one signed PUT of the whole file to the app's local storage, confirm. */
  const singlePut = async (cookie: string, i: number) => {
    const bytes = pdfLike(size, i);
    const ticket = await api(cookie, 'POST', '/api/objects/upload', {
      filename: `bench-${i}.pdf`,
      contentType: 'application/pdf',
      size,
    });
    await put(ticket.uploadURL, bytes);
    await api(cookie, 'POST', `/api/objects/${ticket.objectPath.split('/').pop()}/confirm`);
  };
  /** Multipart (the Uppy companion API): start, two 5 MB parts to signed URLs, complete. */
  const multipart = async (cookie: string, i: number) => {
    const bytes = pdfLike(size, i);
    const { key, uploadId } = await api(cookie, 'POST', '/api/uploads/s3/multipart', {
      filename: `bench-mp-${i}.pdf`,
      type: 'application/pdf',
      metadata: { size: String(size) },
    });
    const q = `key=${encodeURIComponent(key)}`;
    const half = size / 2;
    const parts = [];
    for (const n of [1, 2]) {
      const signed = await api(
        cookie,
        'GET',
        `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}/${n}?${q}`,
      );
      const etag = await put(signed.url, bytes.subarray((n - 1) * half, n * half));
      parts.push({ PartNumber: n, ETag: etag });
    }
    await api(cookie, 'POST', `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}/complete?${q}`, {
      parts,
    });
  };

  const checks: Check[] = [];
  const paths = {
    single: ['local storage, one signed PUT each', singlePut],
    multipart: ['multipart path, two 5 MB parts each', multipart],
  } as const;
  for (const [label, upload] of [paths[opts.kind]]) {
    // One upload first, so code loaded on first use is not counted as the uploads' memory.
    await upload(opts.attorneyCookies[0], 1000);
    const started = performance.now();
    const { rise, before } = await peakRssRise(opts.appPgid, () =>
      Promise.all(opts.attorneyCookies.map((cookie, i) => upload(cookie, i))),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  ${opts.attorneyCookies.length} concurrent 10 MB uploads, ${label}: ${seconds.toFixed(1)} s, app RSS +${mb(rise)} (from ${mb(before)})`,
    );
    checks.push({
      label: `uploads: app RSS rise for ${opts.attorneyCookies.length} concurrent 10 MB uploads, ${label} (< 20 MB)`,
      value: `+${mb(rise)}`,
      met: rise < UPLOAD_TARGET.maxRiseBytes,
    });
  }
  return checks;
}
