import { PDF_MESSAGES } from '@shared/pdf';
import type { FirmRequestItem, SharedPackage } from '@shared/requests';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../plugins/errors';
import { createPdfRenderer, type PdfRenderer } from './pdf-workers';

/**
 * The PDF pool is bounded (a full queue refuses at once with a 503 the client can act
 * on), each PDF has a time limit, and the pool closes. The real renders are covered where the PDFs are
 * served (firm-requests, account tests); here the jobs are empty, so a job that runs fails in the worker.
 */
const nothing = {} as FirmRequestItem;
const empty = {} as SharedPackage;

const refusal = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return err instanceof HttpError
    ? {
        status: err.statusCode,
        message: err.message,
        retryAfter: (err as { retryAfterSeconds?: number }).retryAfterSeconds,
      }
    : err;
};

describe('PDF pool', () => {
  let renderer: PdfRenderer | undefined;
  afterEach(async () => {
    await renderer?.close();
    renderer = undefined;
  });

  it('a full queue refuses at once: 503, a message and Retry-After', async () => {
    renderer = createPdfRenderer({ threads: 1, queueMax: 2 });
    // One renders and two wait; the other five find no room.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => refusal(renderer!.render(nothing, empty))),
    );
    const refused = answers.filter((a) => !(a instanceof Error));
    const ran = answers.filter((a) => a instanceof Error);
    for (const answer of refused)
      expect(answer).toEqual({ status: 503, message: PDF_MESSAGES.busy, retryAfter: 30 });
    // Those with room ran (and failed in the worker on their empty package).
    expect(ran).toHaveLength(3);
    expect(refused).toHaveLength(5);
  });

  it('waitForRoom waits for the queue instead of refusing (the data export)', async () => {
    renderer = createPdfRenderer({ threads: 1, queueMax: 1 });
    const queued = [renderer.render(nothing, empty), renderer.render(nothing, empty)].map(refusal);
    const waited = await refusal(renderer.render(nothing, empty, { waitForRoom: true }));
    expect(waited).toBeInstanceOf(Error);
    expect(waited).not.toBeInstanceOf(HttpError);
    await Promise.all(queued);
  });

  it('a PDF past its time limit is aborted: 503 with its own message', async () => {
    renderer = createPdfRenderer({ threads: 1, timeLimitMs: 1 });
    expect(await refusal(renderer.render(nothing, empty))).toEqual({
      status: 503,
      message: PDF_MESSAGES.tooSlow,
      retryAfter: 30,
    });
  });

  it('after close, a PDF is refused', async () => {
    renderer = createPdfRenderer({ threads: 1 });
    await refusal(renderer.render(nothing, empty));
    await renderer.close();
    expect(await refusal(renderer.render(nothing, empty))).toMatchObject({ status: 503 });
  });
});
