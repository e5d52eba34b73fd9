import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP as TOTP_RULES } from '@shared/security';
import { Secret, TOTP } from 'otpauth';

/**
 * The secrets of account security. The TOTP secret must be read back to check codes, so it is encrypted
 * (AES-256-GCM, key derived from STORAGE_SECRET by HKDF); recovery codes are only compared, so hashed.
 */

const keyCache = new Map<string, Buffer>();
function totpKey(appSecret: string): Buffer {
  let key = keyCache.get(appSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', appSecret, 'lateral-passport', 'totp-secret-v1', 32));
    keyCache.set(appSecret, key);
  }
  return key;
}

export function encryptSecret(appSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', totpKey(appSecret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function decryptSecret(appSecret: string, stored: string): string {
  const [iv, tag, body] = stored.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', totpKey(appSecret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/** A new 160-bit secret (RFC 4226's recommended size), base32 as apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

function totpFor(secret: string, label = '') {
  return new TOTP({
    issuer: TOTP_RULES.issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_RULES.digits,
    period: TOTP_RULES.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

export const otpauthUrl = (secret: string, accountEmail: string) => totpFor(secret, accountEmail).toString();

/** The 30-second time step a moment falls in. */
export const timeStep = (now: number) => Math.floor(now / 1000 / TOTP_RULES.periodSeconds);

/**
 * The time step a code belongs to, when it is within ±1 step of `now`; null otherwise. The caller accepts
 * it only once (a step not after the last used one is a replay).
 */
export function matchTotpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: TOTP_RULES.window });
  return delta === null ? null : timeStep(now) + delta;
}

/** The code of a moment (tests and the e2e journeys compute theirs the same way). */
export const totpCodeAt = (secret: string, at: number) => totpFor(secret).generate({ timestamp: at });

// No 0/o, 1/l/i: a code read off paper is typed right.
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of ten characters (~49 bits each), shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The stored form of a recovery code: bound to its account, normalised as recoveryCodeField does. */
export function hashRecoveryCode(userId: string, code: string): string {
  const normalised = code.replace(/[\s-]+/g, '').toLowerCase();
  return createHash('sha256').update(`${userId}:${normalised}`).digest('hex');
}
