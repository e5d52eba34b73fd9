import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { files } from '../../../db/schema';
import { actorCalls, buildAttorney } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import { uploadReadyPdf } from '../../files/files.test-support';
import { buildFirm } from '../../firm/firm.factories';
import { conflictsForm } from '../../master-lpq/master-lpq.fixtures';
import { completeMasterLpqFor, sendRequest } from '../sharing/sharing.test-support';

// The shared setup of the record.*.test.ts suites (PRODUCT.md §11).

export function recordClient(t: () => TestApp) {
  const { inject, as, get, post } = actorCalls(t);

  /** A firm, Casey Nguyen with a complete master LPQ, a conflicts form and one document, and a request. */
  async function world(opts: { firmName?: string; positionTitle?: string } = {}) {
    const firm = await buildFirm(t().app, { firmName: opts.firmName ?? 'Arden & Vale' });
    const attorney = await buildAttorney(t().app, { firstName: 'Casey', lastName: 'Nguyen' });
    const doc = await uploadReadyPdf(t().app, attorney.cookie, 'writing-sample.pdf');
    await completeMasterLpqFor(t().app, attorney.cookie, { documents: [doc], resumeUrl: undefined });
    await as(attorney, { method: 'PUT', url: '/api/attorney/conflicts-form', payload: conflictsForm() });
    const requestId = await sendRequest(
      t().app,
      firm.cookie,
      attorney.user.email,
      opts.positionTitle ? { positionTitle: opts.positionTitle } : {},
    );
    return {
      firm,
      attorney,
      doc,
      requestId,
      attorneyUrl: `/api/attorney/lpq-requests/${requestId}`,
      firmUrl: `/api/firm/lpq-requests/${requestId}`,
    };
  }

  /** Writes other bytes, or nothing, where a file's bytes are stored, behind the application's back. */
  async function tamperWithStoredFile(fileId: string, bytes: Buffer | null) {
    const [row] = await t().db.select().from(files).where(eq(files.id, fileId));
    const storage = t().app.ctx.storage;
    const config = t().config;
    if (storage.kind === 's3') {
      const Bucket = config.s3!.bucket;
      await storage.client.send(
        bytes
          ? new PutObjectCommand({ Bucket, Key: row.storageKey, Body: bytes })
          : new DeleteObjectCommand({ Bucket, Key: row.storageKey }),
      );
      return;
    }
    const file = path.join(
      config.storageDir ?? path.join(config.dataDir, 'storage'),
      'objects',
      row.storageKey,
    );
    if (bytes) await writeFile(file, bytes);
    else await rm(file);
  }

  return { inject, as, get, post, world, tamperWithStoredFile };
}
