import type { User } from '@shared/auth';
import type { Tx } from '../../db/client';
import type { StorageOperations } from '../../storage/storage';
import { firmActor } from '../audit/audit-chain';
import { appendAuditEvent } from '../audit/trail-seal';
import type { FileRow } from './file-ref';
import { fileHashesOf, setMissingFileHash } from './files.repo';

/**
 * PRODUCT.md §11: a document's SHA-256, computed once, when the file is confirmed, by streaming its bytes
 * from storage (local disk or S3) in bounded memory; a shared version copies it for each document.
 */
export async function hashConfirmedFile(storage: Pick<StorageOperations, 'sha256'>, key: string) {
  const sha256 = await storage.sha256(key);
  if (sha256 === null) throw new Error('confirmed file missing from storage');
  return sha256;
}

/**
 * The SHA-256 of each file a version is about to freeze, by id. A file confirmed before hashes were kept
 * has none yet: it is hashed now, once, and recorded on its row.
 */
export async function documentHashes(
  storage: Pick<StorageOperations, 'sha256'>,
  tx: Tx,
  ids: string[],
): Promise<Map<string, string | null>> {
  const rows = await fileHashesOf(tx, ids);
  const hashes = new Map<string, string | null>();
  for (const row of rows) {
    let sha256 = row.sha256;
    if (!sha256) {
      sha256 = await storage.sha256(row.storageKey);
      if (sha256) await setMissingFileHash(tx, row.id, sha256);
    }
    hashes.set(row.id, sha256);
  }
  return hashes;
}

/** PRODUCT.md §11: a firm's download of a shared document, in the request's audit trail (with its hash). */
export async function recordDownloadInTrail(tx: Tx, requestId: string, firmUser: User, file: FileRow) {
  await appendAuditEvent(tx, {
    requestId,
    actor: firmActor(firmUser),
    type: 'downloaded',
    details: { file: { id: file.id, name: file.filename, sha256: file.sha256 } },
  });
}
