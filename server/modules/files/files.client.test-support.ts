import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FileRef } from '@shared/files';
import { eq } from 'drizzle-orm';
import { afterAll, expect } from 'vitest';
import type { AppConfig } from '../../config';
import { files } from '../../db/schema';
import type { LocalStorage } from '../../storage/local-storage';
import { type Actor, actorCalls } from '../../test/factories';
import { describeEachDb, type TestApp } from '../../test/harness';
import { pdfBytes, putBytes, startS3rver } from './files.test-support';

// The shared setup of the files.*.test.ts suites: storage for the test apps and the signed-in client.

export const MB = 1024 * 1024;
// Lowered so a multipart upload fits in a test: parts of 1 MB, multipart above 1 MB.
export const uploads = { multipartThresholdBytes: MB, minPartBytes: MB, maxParts: 10000 };

/** A folder of the calling test file's own for DATA_DIR, removed after its tests. */
export async function localDataDir() {
  // Local storage writes under DATA_DIR: a folder of this test file's own.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lp-files-test-'));
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  return dataDir;
}

export type Driver = 'local' | 's3';

/** Both storage drivers' configs: local under a fresh DATA_DIR, S3 on s3rver; both stopped after the file's tests. */
export async function storageDrivers(): Promise<[Driver, Partial<AppConfig>][]> {
  const s3rver = await startS3rver();
  afterAll(async () => {
    await s3rver.close();
  });
  const dataDir = await localDataDir();
  return [
    ['local', { uploads, dataDir }],
    ['s3', { uploads: { ...uploads, minPartBytes: 5 * MB }, s3: s3rver.s3 }],
  ];
}

/** Signs in helpers around one test app. */
export function client(t: () => TestApp) {
  const { inject, as } = actorCalls(t);

  async function ticket(actor: Actor, body: Record<string, unknown>) {
    const res = await as(actor, { method: 'POST', url: '/api/objects/upload', payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { uploadURL: string; objectPath: string };
  }

  /** The whole single-request flow: ticket (unless one is given), PUT, confirm. */
  async function upload(
    actor: Actor,
    bytes: Buffer,
    filename = 'resume.pdf',
    contentType = 'application/pdf',
    given?: { uploadURL: string; objectPath: string },
  ) {
    const { uploadURL, objectPath } =
      given ?? (await ticket(actor, { filename, contentType, size: bytes.length }));
    const sent = await putBytes(t().app, uploadURL, bytes, contentType);
    expect(sent.status, sent.body).toBe(200);
    const id = objectPath.split('/').pop() as string;
    const confirm = await as(actor, { method: 'POST', url: `/api/objects/${id}/confirm` });
    return { id, objectPath, uploadURL, confirm };
  }

  async function uploadReady(actor: Actor, bytes = pdfBytes(), filename = 'resume.pdf') {
    const { confirm } = await upload(actor, bytes, filename);
    expect(confirm.statusCode, confirm.body).toBe(200);
    return confirm.json() as FileRef;
  }

  /** The downloaded bytes: streamed by the app on both drivers. */
  async function download(actor: Pick<Actor, 'cookie'>, id: string, query = '') {
    const res = await as(actor, { method: 'GET', url: `/objects/${id}${query}` });
    return {
      res,
      status: res.statusCode,
      bytes: res.rawPayload,
      disposition: res.headers['content-disposition'] as string | undefined,
    };
  }

  return { inject, as, ticket, upload, uploadReady, download };
}

export const pendingCount = async (t: () => TestApp, ownerId: string) =>
  (await t().db.select().from(files).where(eq(files.ownerId, ownerId))).length;

/** Runs the suite once per storage driver and database kind (`<name> on <driver> storage`), with the client. */
export async function describeEachDriver(
  name: string,
  suite: (
    t: () => TestApp,
    on: { c: ReturnType<typeof client>; driver: Driver; config: Partial<AppConfig> },
  ) => void,
) {
  for (const [driver, config] of await storageDrivers())
    describeEachDb(`${name} on ${driver} storage`, (t) => suite(t, { c: client(t), driver, config }), {
      config,
    });
}

/** Runs the suite once per database kind on local storage under a fresh DATA_DIR, with the client. */
export async function describeOnLocalStorage(
  name: string,
  suite: (
    t: () => TestApp,
    on: { c: ReturnType<typeof client>; storage: () => LocalStorage; dataDir: string },
  ) => void,
) {
  const dataDir = await localDataDir();
  describeEachDb(
    name,
    (t) => suite(t, { c: client(t), storage: () => t().app.ctx.storage as LocalStorage, dataDir }),
    { config: { uploads, dataDir } },
  );
}
