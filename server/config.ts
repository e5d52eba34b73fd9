import { LIMITS } from '@shared/limits';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Lateral Passport <no-reply@lateralpassport.local>'),
  SESSION_SECRET: z.string().min(16).optional(),
  STORAGE_SECRET: z.string().min(16).optional(),
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
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60 * 1000),
  REGISTER_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  REGISTER_RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 1000),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl?: string;
  dataDir: string;
  smtpUrl?: string;
  mailFrom: string;
  storageSecret: string;
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
  /** Storage per user in MB: the sizes of its confirmed and pending files together (UPLOAD_QUOTA_MB). */
  uploadQuotaMb: number;
  /** Sign-in, reset and resend attempts per client and address; registrations per client. */
  rateLimit: { max: number; windowMs: number; registerMax: number; registerWindowMs: number };
  /** How often the mail dispatcher polls the outbox; 0 turns the background loop off (tests drive it). */
  mailPollMs: number;
  /** How often the job scheduler looks for due jobs; 0 turns the loop off (tests run jobs directly). */
  jobPollMs: number;
  logLevel: string;
  /** The built SPA; the default is dist/web. */
  webDistDir?: string;
};

/** The only place process.env is read. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    if (!e.SMTP_URL) throw new Error('Invalid configuration:\n  SMTP_URL: required in production');
    if (!e.STORAGE_SECRET && !e.S3_BUCKET)
      throw new Error('Invalid configuration:\n  STORAGE_SECRET: required in production with local storage');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: e.DATA_DIR,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    storageSecret: e.STORAGE_SECRET ?? e.SESSION_SECRET ?? 'development-only-storage-secret',
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
      registerMax: e.REGISTER_RATE_LIMIT_MAX,
      registerWindowMs: e.REGISTER_RATE_LIMIT_WINDOW_MS,
    },
    mailPollMs: 1000,
    jobPollMs: 60_000,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
  };
}
