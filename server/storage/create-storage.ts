import path from 'node:path';
import type { AppConfig } from '../config';
import { createLocalStorage, type LocalStorage } from './local-storage';
import { createS3Storage, type S3Storage } from './s3-storage';

/** Kept apart from storage.ts, the contract both drivers import, so that no import goes in a circle. */
export type Storage = LocalStorage | S3Storage;

/** S3 when S3_BUCKET is set, local disk (STORAGE_DIR, else DATA_DIR/storage) otherwise. */
export function createStorage(config: AppConfig): Storage {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage({
    root: config.storageDir ?? path.join(config.dataDir, 'storage'),
    secret: config.storageSecret,
    publicUrl: config.publicUrl,
    minPartBytes: config.uploads.minPartBytes,
  });
}
