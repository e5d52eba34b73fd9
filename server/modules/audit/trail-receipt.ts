import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  AUDIT_BREAK_MESSAGES,
  type AuditVerification,
  RECEIPT_MESSAGES,
  RECEIPT_TEXT_PREFIX,
  TRAIL_RECEIPT_SCHEME,
  type TrailReceipt,
  type TrailReceiptHead,
} from '@shared/audit-trail';
import { canonicalJson } from '@shared/canonical-json';
import { eq } from 'drizzle-orm';
import { type AppConfig, ConfigError } from '../../config';
import type { Db, Tx } from '../../db/client';
import { auditHeads } from '../../db/schema';
import { badRequest } from '../../plugins/errors';
import type { StoredAuditEvent } from './audit-chain';

/**
 * PRODUCT.md §11 (added 2026-12-01): the chain anchored outside the database. The server signs a trail's head
 * (each request's event count and head hash) with its own Ed25519 key (node:crypto); whoever holds the receipt
 * can later ask whether the chain still holds that head. A cut at the end (the newest events deleted and the
 * head pointed back) leaves a chain that checks by itself, but not against the receipt.
 *
 * The key: RECORD_SIGNING_KEY when set (production with several processes); otherwise
 * DATA_DIR/record-signing-key.pem, where the app keeps its data, made on the first start (mode 0600, written to a
 * temporary file and linked into place, so two processes starting together end up with the same key). Tests
 * (NODE_ENV=test without a key) get one key per process, never written to disk.
 */

export type RecordKey = { privateKey: KeyObject; publicKey: KeyObject; publicKeyPem: string; keyId: string };

export const RECORD_KEY_FILE = 'record-signing-key.pem';

function fromPrivate(privateKey: KeyObject): RecordKey {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new TypeError('not an Ed25519 key');
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return {
    privateKey,
    publicKey,
    publicKeyPem: String(publicKey.export({ type: 'spki', format: 'pem' })),
    keyId: createHash('sha256').update(der).digest('hex').slice(0, 16),
  };
}

function parseKey(text: string): RecordKey {
  const pem = text.trim().replace(/\\n/g, '\n');
  const key = pem.startsWith('-----BEGIN')
    ? createPrivateKey(pem)
    : createPrivateKey({ key: Buffer.from(pem, 'base64'), format: 'der', type: 'pkcs8' });
  return fromPrivate(key);
}

function keyFromFile(dataDir: string): RecordKey {
  const file = path.join(dataDir, RECORD_KEY_FILE);
  try {
    return parseKey(readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const { privateKey } = generateKeyPairSync('ed25519');
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, String(privateKey.export({ type: 'pkcs8', format: 'pem' })), { mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(temp, { force: true });
  }
  return parseKey(readFileSync(file, 'utf8'));
}

const keys = new Map<string, RecordKey>();

/** The server's record key for this configuration (read or made once per process). */
export function recordKey(config: Pick<AppConfig, 'env' | 'dataDir' | 'recordSigningKey'>): RecordKey {
  const where = config.recordSigningKey
    ? `env:${config.recordSigningKey}`
    : config.env === 'test'
      ? 'test'
      : `file:${path.resolve(config.dataDir)}`;
  let key = keys.get(where);
  if (!key) {
    if (config.recordSigningKey) {
      try {
        key = parseKey(config.recordSigningKey);
      } catch {
        throw new ConfigError([
          'RECORD_SIGNING_KEY: set an Ed25519 private key (PKCS #8 PEM, e.g. `openssl genpkey -algorithm ed25519`).',
        ]);
      }
    } else if (config.env === 'test') key = fromPrivate(generateKeyPairSync('ed25519').privateKey);
    else key = keyFromFile(config.dataDir);
    keys.set(where, key);
  }
  return key;
}

/** GET /api/record/key. */
export function publishedKey(key: RecordKey) {
  return { algorithm: 'Ed25519' as const, keyId: key.keyId, publicKey: key.publicKeyPem };
}

const unsigned = (r: Omit<TrailReceipt, 'signature'>) =>
  Buffer.from(
    canonicalJson({ heads: r.heads, keyId: r.keyId, scheme: r.scheme, signedAt: r.signedAt }),
    'utf8',
  );

/** The heads, signed now. */
export function signReceipt(key: RecordKey, heads: TrailReceiptHead[], at = new Date()): TrailReceipt {
  const body: Omit<TrailReceipt, 'signature'> = {
    scheme: TRAIL_RECEIPT_SCHEME,
    keyId: key.keyId,
    signedAt: at.toISOString(),
    heads: heads.map((h) => ({ requestId: h.requestId, events: h.events, hash: h.hash })),
  };
  return { ...body, signature: sign(null, unsigned(body), key.privateKey).toString('base64') };
}

/** The receipt as one line (mails, the PDF, the downloads' `Trail-Receipt` header). */
export const receiptText = (r: TrailReceipt) =>
  `${RECEIPT_TEXT_PREFIX}${Buffer.from(canonicalJson(r), 'utf8').toString('base64url')}`;

/** A receipt as given: its object, or its one-line text. 400 when it is neither or not signed with this key. */
export function readReceipt(key: RecordKey, given: unknown): TrailReceipt {
  let value = given;
  if (typeof value === 'string') {
    const text = value.replace(/\s+/g, '');
    if (!text.startsWith(RECEIPT_TEXT_PREFIX)) throw badRequest(RECEIPT_MESSAGES.unreadable);
    try {
      value = JSON.parse(Buffer.from(text.slice(RECEIPT_TEXT_PREFIX.length), 'base64url').toString('utf8'));
    } catch {
      throw badRequest(RECEIPT_MESSAGES.unreadable);
    }
  }
  const r = value as Partial<TrailReceipt> | null;
  const wellFormed =
    r &&
    typeof r === 'object' &&
    r.scheme === TRAIL_RECEIPT_SCHEME &&
    typeof r.keyId === 'string' &&
    typeof r.signedAt === 'string' &&
    typeof r.signature === 'string' &&
    Array.isArray(r.heads) &&
    r.heads.length > 0 &&
    r.heads.every(
      (h) =>
        h &&
        typeof h.requestId === 'string' &&
        Number.isSafeInteger(h.events) &&
        h.events >= 0 &&
        typeof h.hash === 'string',
    );
  if (!wellFormed) throw badRequest(RECEIPT_MESSAGES.unreadable);
  const receipt = r as TrailReceipt;
  let valid = false;
  try {
    valid =
      receipt.keyId === key.keyId &&
      verify(null, unsigned(receipt), key.publicKey, Buffer.from(receipt.signature, 'base64'));
  } catch {
    valid = false;
  }
  if (!valid) throw badRequest(RECEIPT_MESSAGES.notSigned);
  return receipt;
}

/**
 * One request's chain, which checks by itself, against the head a receipt holds: fewer events than it holds
 * is a cut (the first event gone is named); its event at that count with another hash is a rewrite.
 */
export function checkAgainstHead(
  events: StoredAuditEvent[],
  head: TrailReceiptHead,
): AuditVerification['brokenAt'] {
  if (head.events === 0) return null;
  const held = events[head.events - 1];
  if (!held || held.seq !== head.events) {
    const seq = Math.min(events.length + 1, head.events);
    return { requestId: head.requestId, seq, problem: 'cut', message: AUDIT_BREAK_MESSAGES.cut(seq) };
  }
  if (held.hash !== head.hash)
    return {
      requestId: head.requestId,
      seq: head.events,
      problem: 'rewritten',
      message: AUDIT_BREAK_MESSAGES.rewritten(head.events),
    };
  return null;
}

/** A request's head as stored now, signed (the share and update mails; the caller's transaction). */
export async function signedHeadOf(db: Db | Tx, key: RecordKey, requestId: string): Promise<TrailReceipt> {
  const [head] = await db
    .select({ seq: auditHeads.seq, hash: auditHeads.hash })
    .from(auditHeads)
    .where(eq(auditHeads.requestId, requestId));
  if (!head) throw new Error(`audit trail: no head for request ${requestId}`);
  return signReceipt(key, [{ requestId, events: Number(head.seq), hash: head.hash }]);
}
