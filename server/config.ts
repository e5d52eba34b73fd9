import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { LIMITS } from '@shared/limits';
import { FIRM_READ_LIMIT } from '@shared/sharing';
import { z } from 'zod';

/**
 * PostgreSQL connections per process. bench/load.ts sweeps 4, 8, 12 and 20 (BENCHMARKS.md's diary in
 * git, the pool sweep of 2026-11-25): smaller pools can serve more requests per second on a small machine, but 20 is the size that kept
 * both hot endpoints within their p99 targets against the same-pool baseline run after run, so 20 it stays.
 * The bench and its baseline read this default too.
 */
export const DEFAULT_DATABASE_POOL_MAX = 20;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Embedded setup: this machine only (PRODUCT.md §8). Set HOST=0.0.0.0 in a container or behind a proxy.
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(DEFAULT_DATABASE_POOL_MAX),
  DATA_DIR: z.string().default('./data'),
  STORAGE_DIR: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Lateral Passport <no-reply@lateralpassport.local>'),
  SESSION_SECRET: z.string().min(16).optional(),
  STORAGE_SECRET: z.string().min(16).optional(),
  RECORD_SIGNING_KEY: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  UPLOAD_MULTIPART_THRESHOLD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  UPLOAD_MIN_PART_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  UPLOAD_MAX_PARTS: z.coerce.number().int().positive().max(10000).default(10000),
  UPLOAD_QUOTA_MB: z.coerce.number().int().positive().default(LIMITS.defaultUploadQuotaMb),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_ACCOUNT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  TRUST_PROXY: z.string().optional(),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60 * 1000),
  REGISTER_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  FIRM_READ_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(FIRM_READ_LIMIT.perMinute),
  REGISTER_RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 1000),
  WEB_DIST_DIR: z.string().optional(),
  METRICS_ENABLED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  METRICS_TOKEN: z.string().min(16).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl?: string;
  databasePoolMax: number;
  dataDir: string;
  /** Where documents live with local storage: STORAGE_DIR; DATA_DIR/storage when unset. */
  storageDir?: string;
  smtpUrl?: string;
  mailFrom: string;
  storageSecret: string;
  /**
   * PRODUCT.md §11: the Ed25519 private key that signs trail receipts (RECORD_SIGNING_KEY, PKCS #8 PEM or its
   * DER in base64). Unset: DATA_DIR/record-signing-key.pem, generated on first start (a key per process in
   * tests). Several app processes on PostgreSQL must share one key: set it, or share DATA_DIR.
   */
  recordSigningKey?: string;
  s3?: {
    endpoint?: string;
    bucket: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
  };
  /** Spec §9: multipart above the threshold, parts of at least minPartBytes, maxParts at most. */
  uploads: { multipartThresholdBytes: number; minPartBytes: number; maxParts: number };
  /**
   * Sign-in, reset and resend attempts per client and address (failed sign-ins per client: 5 × max);
   * failed sign-ins per account, whatever the client, past which sign-in slows down (never refused);
   * registrations per client. Counted in the database, so every app process shares them.
   */
  rateLimit: {
    max: number;
    windowMs: number;
    accountMax: number;
    /**
     * The first delay once an account has had `accountMax` failures; it doubles with each further failure,
     * up to 30 s (PRODUCT.md §10). 1 s; tests shorten it.
     */
    accountDelayMs?: number;
    /** PRODUCT.md §14: requests per minute of one API token (API_TOKEN_RATE_LIMIT; tests lower it). */
    apiTokenPerMinute?: number;
    registerMax: number;
    registerWindowMs: number;
    /** A firm member's reads of one request's package per minute; FIRM_READ_LIMIT unless set (a load test raises it). */
    firmReadsPerMinute?: number;
  };
  /** Fastify's trustProxy: false (the default), a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  /** Storage per user in MB: the sizes of its confirmed and pending files together (UPLOAD_QUOTA_MB). */
  uploadQuotaMb: number;
  /** How often the mail dispatcher polls the outbox; 0 turns the background loop off (tests drive it). */
  mailPollMs: number;
  /** How often the job scheduler looks for due jobs; 0 turns the loop off (tests run jobs directly). */
  jobPollMs: number;
  logLevel: string;
  /** The built SPA; the default is dist/web. */
  webDistDir?: string;
  /** GET /metrics (Prometheus) when enabled; with a token, only for `Authorization: Bearer <token>`. */
  metrics: { enabled: boolean; token?: string };
  /** How long a SIGTERM waits for in-flight requests, the mail dispatcher and the database before exit 1. */
  shutdownTimeoutMs: number;
};

/** A configuration the app must not start with: one line per problem. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/** Secrets anyone can read in this repository: never good enough for production. */
const PUBLIC_SECRETS = new Set(['development-only-storage-secret', 'replace-with-a-long-random-string']);
const DEV_STORAGE_SECRET = 'development-only-storage-secret';

type Env = z.output<typeof envSchema>;

/**
 * NODE_ENV=production runs on real services only (PRODUCT.md §8): each missing one is a line here, and
 * the process exits before it listens.
 */
function productionProblems(e: Env): string[] {
  const problems: string[] = [];
  if (!e.DATABASE_URL || !/^postgres(ql)?:\/\//.test(e.DATABASE_URL))
    problems.push('DATABASE_URL: set a postgres:// URL; the embedded database is for development only.');
  if (!e.SMTP_URL)
    problems.push('SMTP_URL: set the SMTP server that sends mail; local mail is for development only.');
  if (!e.S3_BUCKET && !e.STORAGE_DIR)
    problems.push(
      'S3_BUCKET: set object storage (S3_BUCKET and its settings), or STORAGE_DIR for an explicit local path.',
    );
  if (!e.PUBLIC_URL?.startsWith('https://'))
    problems.push('PUBLIC_URL: set the https:// address users reach the app at.');
  if (!e.S3_BUCKET) {
    if (!e.STORAGE_SECRET)
      problems.push('STORAGE_SECRET: set a random secret of at least 32 characters (signs upload links).');
    else if (e.STORAGE_SECRET.length < 32 || PUBLIC_SECRETS.has(e.STORAGE_SECRET))
      problems.push('STORAGE_SECRET: use a random secret of at least 32 characters, not an example value.');
  }
  if (e.SESSION_SECRET && (e.SESSION_SECRET.length < 32 || PUBLIC_SECRETS.has(e.SESSION_SECRET)))
    problems.push('SESSION_SECRET: use a random secret of at least 32 characters, not an example value.');
  // Without a token /metrics answers anyone: route names, traffic and backlog are not for the public.
  if (e.METRICS_ENABLED && !e.METRICS_TOKEN)
    problems.push(
      'METRICS_TOKEN: set a random token of at least 16 characters, or turn METRICS_ENABLED off.',
    );
  return problems;
}

/**
 * Reads `.env` in the working directory into process.env when it exists; variables already set win.
 * Called by server/main.ts only: tests never see a developer's .env.
 */
export function loadDotEnv(file = '.env', target: NodeJS.ProcessEnv = process.env) {
  if (!existsSync(file)) return;
  for (const [key, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (target[key] === undefined) target[key] = value;
  }
}

/** The only place process.env is read. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty value (`SMTP_URL=` in .env) means unset.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    const problems = productionProblems(e);
    if (problems.length) throw new ConfigError(problems);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolMax: e.DATABASE_POOL_MAX,
    dataDir: e.DATA_DIR,
    storageDir: e.STORAGE_DIR,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    storageSecret: e.STORAGE_SECRET ?? e.SESSION_SECRET ?? DEV_STORAGE_SECRET,
    recordSigningKey: e.RECORD_SIGNING_KEY,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    uploads: {
      multipartThresholdBytes: e.UPLOAD_MULTIPART_THRESHOLD_BYTES,
      minPartBytes: e.UPLOAD_MIN_PART_BYTES,
      maxParts: e.UPLOAD_MAX_PARTS,
    },
    uploadQuotaMb: e.UPLOAD_QUOTA_MB,
    rateLimit: {
      max: e.AUTH_RATE_LIMIT_MAX,
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_MS,
      accountMax: e.AUTH_ACCOUNT_RATE_LIMIT_MAX,
      registerMax: e.REGISTER_RATE_LIMIT_MAX,
      registerWindowMs: e.REGISTER_RATE_LIMIT_WINDOW_MS,
      firmReadsPerMinute: e.FIRM_READ_LIMIT_PER_MINUTE,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    mailPollMs: 1000,
    jobPollMs: 60_000,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    metrics: { enabled: e.METRICS_ENABLED, token: e.METRICS_TOKEN },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}

/** TRUST_PROXY: unset or 'false' trusts no proxy; 'true' every hop; a number that many hops; else addresses. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
