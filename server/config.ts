import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isEmailAddress } from '../contract/common';

/** The only reader of process.env. Every setting is validated at boot; an empty value is unset. */

const emptyIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyIsUnset, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, dflt: z.input<T>) => z.preprocess(emptyIsUnset, schema.default(dflt as never));

const MiB = 1024 * 1024;

const url = (what: string) => z.string().refine((v) => URL.canParse(v), { message: `must be a URL (${what})` });

/** AI engine settings (server/ai): providers, limits, retries, quotas. Empty values are unset. */
const int = (min: number) => z.coerce.number().int().min(min);
const aiSettingsShape = {
  AI_PROVIDER: optional(z.enum(['gemini', 'openai-compatible'])),
  GEMINI_API_KEY: optional(z.string()),
  GEMINI_BASE_URL: optional(url('the Gemini API root, such as https://generativelanguage.googleapis.com/v1beta')),
  AI_TEXT_MODEL: withDefault(z.string(), 'gemini-2.0-flash'),
  AI_IMAGE_MODEL: withDefault(z.string(), 'imagen-3.0-generate-002'),
  OPENAI_COMPATIBLE_BASE_URL: optional(url("the server's /v1 root, such as http://127.0.0.1:11434/v1 for Ollama")),
  OPENAI_COMPATIBLE_API_KEY: optional(z.string()),
  OPENAI_COMPATIBLE_MODEL: optional(z.string()),
  OPENAI_COMPATIBLE_IMAGE_MODEL: optional(z.string()),
  AI_TEST_PROVIDER: withDefault(z.enum(['true', 'false']), 'false'),
  AI_MAX_OUTPUT_TOKENS: withDefault(int(16), 4096),
  AI_REQUEST_TIMEOUT_MS: withDefault(int(100), 60_000),
  AI_MAX_INPUT_CHARS: withDefault(int(100), 20_000),
  AI_MAX_CONTEXT_CHARS: withDefault(int(1000), 200_000),
  AI_MAX_HISTORY_TURNS: withDefault(int(2), 40),
  AI_MAX_RETRIES: withDefault(int(0), 2),
  AI_RETRY_BASE_MS: withDefault(int(1), 500),
  AI_RETRY_MAX_WAIT_MS: withDefault(int(1), 20_000),
  AI_CHECKPOINT_MS: withDefault(int(50), 3000),
  AI_RATE_LIMIT_PER_MINUTE: withDefault(int(1), 20),
  AI_QUOTA_FREE_TEXT: withDefault(int(0), 40),
  AI_QUOTA_FREE_IMAGES: withDefault(int(0), 5),
  AI_QUOTA_PREMIUM_TEXT: withDefault(int(0), 2000),
  AI_QUOTA_PREMIUM_IMAGES: withDefault(int(0), 200),
  AI_MODERATION_TIMEOUT_MS: withDefault(int(100), 10_000),
  AI_MODERATION_RECHECK_MS: withDefault(int(100), 5_000),
  AI_MODERATION_CHECKS_PER_REPLY: withDefault(int(0), 12),
};

const settingsSchema = z.object({
  ...aiSettingsShape,
  NODE_ENV: withDefault(z.enum(['development', 'production', 'test']), 'development'),
  PORT: withDefault(z.coerce.number().int().min(1).max(65535), 3000),
  HOST: withDefault(z.string(), '0.0.0.0'),
  DATA_DIR: withDefault(z.string(), './data'),
  PGLITE_THREAD: withDefault(z.enum(['worker', 'main']), 'worker'),
  WORKERS: withDefault(z.coerce.number().int().min(1).max(64), 1),
  DATABASE_URL: optional(
    url('postgres://user:password@host:5432/db').refine((v) => /^postgres(ql)?:\/\//.test(v), {
      message: 'must start with postgres:// or postgresql://',
    }),
  ),
  BASE_URL: optional(url('the address people open, such as https://classbots.school.org')),
  TRUSTED_ORIGINS: optional(z.string()),
  AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  SUPPORT_EMAIL: optional(z.string().refine(isEmailAddress, 'must be an e-mail address')),
  SMTP_URL: optional(url('smtp://user:password@host:587 or smtps://...')),
  MAIL_FROM: withDefault(z.string(), 'ClassBots <no-reply@classbots.local>'),
  GOOGLE_CLIENT_ID: optional(z.string()),
  GOOGLE_CLIENT_SECRET: optional(z.string()),
  /** Google Classroom's addresses (server/modules/classroom): Google's own unless a test points them at a fake. */
  GOOGLE_OAUTH_AUTHORIZE_URL: withDefault(
    url('https://accounts.google.com/o/oauth2/v2/auth'),
    'https://accounts.google.com/o/oauth2/v2/auth',
  ),
  GOOGLE_OAUTH_TOKEN_URL: withDefault(url('https://oauth2.googleapis.com/token'), 'https://oauth2.googleapis.com/token'),
  GOOGLE_CLASSROOM_API_URL: withDefault(url('https://classroom.googleapis.com'), 'https://classroom.googleapis.com'),
  MICROSOFT_CLIENT_ID: optional(z.string()),
  MICROSOFT_CLIENT_SECRET: optional(z.string()),
  MICROSOFT_TENANT: withDefault(z.string(), 'common'),
  TRUST_PROXY: withDefault(z.enum(['true', 'false']), 'false'),
  MAX_JSON_BYTES: withDefault(z.coerce.number().int().min(1024), 1024 * 1024),
  FILE_MAX_BYTES: withDefault(z.coerce.number().int().min(1024), 25 * MiB),
  STORAGE_QUOTA_FREE_BYTES: withDefault(z.coerce.number().int().min(1024), 500 * MiB),
  STORAGE_QUOTA_PREMIUM_BYTES: withDefault(z.coerce.number().int().min(1024), 5 * 1024 * MiB),
  UPLOAD_EXPIRY_HOURS: withDefault(z.coerce.number().positive(), 24),
  UPLOAD_RETRY_MAX_SECONDS: withDefault(z.coerce.number().int().min(1), 120),
  EXTRACT_MAX_PAGES: withDefault(z.coerce.number().int().min(1), 1000),
  EXTRACT_MAX_UNCOMPRESSED_BYTES: withDefault(z.coerce.number().int().min(1024), 100 * MiB),
  EXTRACT_MAX_TEXT_CHARS: withDefault(z.coerce.number().int().min(1000), 2_000_000),
  EXTRACT_TIMEOUT_SECONDS: withDefault(z.coerce.number().int().min(1), 60),
  EXTRACT_WORKER_MEMORY_MB: withDefault(z.coerce.number().int().min(32), 512),
  S3_ENDPOINT: optional(url('https://s3.example.org, or leave empty for AWS S3')),
  S3_BUCKET: optional(z.string()),
  S3_REGION: optional(z.string()),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: withDefault(z.enum(['true', 'false']), 'true'),
  RETENTION_DAYS: withDefault(z.coerce.number().int().min(1).max(3650), 365),
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_live_..., sk_test_... or rk_...)')),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_/, 'must be a webhook signing secret (whsec_...)')),
  STRIPE_PRICE_MONTHLY: optional(z.string().regex(/^price_/, 'must be a Stripe price id (price_...)')),
  STRIPE_PRICE_YEARLY: optional(z.string().regex(/^price_/, 'must be a Stripe price id (price_...)')),
  /** Only for tests and local fakes: where the Stripe API is (http://127.0.0.1:12111). */
  STRIPE_API_URL: optional(url('http://127.0.0.1:12111, for a local Stripe fake')),
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: withDefault(z.coerce.number().int().min(1).max(3600), 300),
  TRIAL_DAYS: withDefault(z.coerce.number().int().min(1).max(90), 14),
  PAST_DUE_GRACE_DAYS: withDefault(z.coerce.number().int().min(0).max(60), 7),
});

export type Settings = z.infer<typeof settingsSchema>;

export interface Config {
  env: Settings['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** Where the server runs the embedded database: a worker thread of its own, or the main thread. */
  pgliteThread: 'worker' | 'main';
  /** How many app processes `npm start` runs on this machine (node's cluster; PostgreSQL only). */
  workers: number;
  databaseUrl: string | undefined;
  baseUrl: string;
  trustedOrigins: string[];
  authSecret: string | undefined;
  supportEmail: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string } | undefined;
  /** Google Classroom, on the Google sign-in's client (available when `google` is set): where its OAuth and API are. */
  classroom: ClassroomConfig;
  microsoft: { clientId: string; clientSecret: string; tenantId: string } | undefined;
  trustProxy: boolean;
  maxJsonBytes: number;
  /** Days after an assignment closes (or is deleted) before its transcripts are purged (RETENTION_DAYS). */
  retentionDays: number;
  ai: AiConfig;
  files: FilesConfig;
  /** S3-compatible object storage for finished files; absent = a folder under DATA_DIR. */
  s3: S3Config | undefined;
  billing: BillingConfig;
}

export interface ClassroomConfig {
  /** Google's OAuth consent page (GOOGLE_OAUTH_AUTHORIZE_URL). */
  authorizeUrl: string;
  /** Google's token endpoint (GOOGLE_OAUTH_TOKEN_URL). */
  tokenUrl: string;
  /** The Classroom API's root, without /v1 (GOOGLE_CLASSROOM_API_URL). */
  apiUrl: string;
}

export interface BillingConfig {
  /** Stripe, when all four STRIPE_* settings are present; absent = premium by grants only. */
  stripe: StripeConfig | undefined;
  /** Days of the free trial a first checkout starts (TRIAL_DAYS, 14). */
  trialDays: number;
  /** Days a past_due Stripe subscription keeps premium (PAST_DUE_GRACE_DAYS, 7). */
  pastDueGraceDays: number;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  prices: { month: string; year: string };
  /** A local fake of the Stripe API (tests); absent = api.stripe.com. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  /** Seconds a signed webhook's timestamp may be old (STRIPE_WEBHOOK_TOLERANCE_SECONDS, 300). */
  webhookToleranceSeconds: number;
}

export interface FilesConfig {
  maxFileBytes: number;
  quotaFreeBytes: number;
  quotaPremiumBytes: number;
  /** An unfinished resumable upload is deleted this long after it was started. */
  uploadExpiryMs: number;
  /** How long the web upload client keeps retrying before it gives up. */
  retryMaxMs: number;
  extract: { maxPages: number; maxUncompressedBytes: number; maxTextChars: number; timeoutMs: number; workerMemoryMb: number };
}

export interface S3Config {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface AiConfig {
  /** The provider chosen from the settings; undefined = AI not configured (every AI action answers 503). */
  provider:
    | { kind: 'gemini'; apiKey: string; baseUrl: string | undefined; textModel: string; imageModel: string }
    | { kind: 'openai-compatible'; baseUrl: string; apiKey: string | undefined; textModel: string; imageModel: string | undefined }
    | undefined;
  /** Replies come from the built-in fake provider (npm run dev:fake-ai): the UI says so. */
  testProvider: boolean;
  maxOutputTokens: number;
  requestTimeoutMs: number;
  maxInputChars: number;
  maxContextChars: number;
  maxHistoryTurns: number;
  retry: { maxRetries: number; baseMs: number; maxWaitMs: number };
  checkpointMs: number;
  ratePerMinute: number;
  /** The moderation pass on student turns: how long one check may take, and how often held turns are checked again. */
  moderation: {
    timeoutMs: number;
    recheckMs: number;
    /** The most checks a student's reply gets while it is written (its closing check is one more). */
    checksPerReply: number;
  };
  quotas: { free: { text: number; images: number }; premium: { text: number; images: number } };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Validates the settings and returns the config, or throws one line per bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${String(i.path[0] ?? 'setting')}: ${i.message}`));
  }
  const s = parsed.data;
  const problems: string[] = [];
  if (s.DATABASE_URL && !s.AUTH_SECRET) {
    problems.push(
      'AUTH_SECRET: required when DATABASE_URL is set, since every app process must share it (generate one with: openssl rand -base64 48)',
    );
  }
  if (s.WORKERS > 1 && !s.DATABASE_URL) {
    problems.push('WORKERS: more than 1 needs DATABASE_URL (the embedded database is one process); leave it at 1 or move to PostgreSQL');
  }
  const pair = (id?: string, secret?: string, name?: string) => {
    if (Boolean(id) !== Boolean(secret)) problems.push(`${name}_CLIENT_ID and ${name}_CLIENT_SECRET: set both or neither`);
    return id && secret ? { clientId: id, clientSecret: secret } : undefined;
  };
  const google = pair(s.GOOGLE_CLIENT_ID, s.GOOGLE_CLIENT_SECRET, 'GOOGLE');
  const ms = pair(s.MICROSOFT_CLIENT_ID, s.MICROSOFT_CLIENT_SECRET, 'MICROSOFT');
  const s3 = s3Settings(s, problems);
  if (s.FILE_MAX_BYTES > s.STORAGE_QUOTA_FREE_BYTES) problems.push('FILE_MAX_BYTES: must not exceed STORAGE_QUOTA_FREE_BYTES');
  const ai = aiSettings(s, problems);
  const stripe = stripeSettings(s, problems);
  if (problems.length) throw new ConfigError(problems);

  const baseUrl = (s.BASE_URL ?? `http://localhost:${s.PORT}`).replace(/\/+$/, '');
  const extraOrigins = (s.TRUSTED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return {
    env: s.NODE_ENV,
    isProduction: s.NODE_ENV === 'production',
    port: s.PORT,
    host: s.HOST,
    dataDir: path.resolve(s.DATA_DIR),
    pgliteThread: s.PGLITE_THREAD,
    workers: s.WORKERS,
    databaseUrl: s.DATABASE_URL,
    baseUrl,
    trustedOrigins: [...new Set([new URL(baseUrl).origin, ...extraOrigins])],
    authSecret: s.AUTH_SECRET,
    supportEmail: s.SUPPORT_EMAIL?.toLowerCase(),
    smtpUrl: s.SMTP_URL,
    mailFrom: s.MAIL_FROM,
    google,
    classroom: {
      authorizeUrl: s.GOOGLE_OAUTH_AUTHORIZE_URL,
      tokenUrl: s.GOOGLE_OAUTH_TOKEN_URL,
      apiUrl: s.GOOGLE_CLASSROOM_API_URL.replace(/\/+$/, ''),
    },
    microsoft: ms ? { ...ms, tenantId: s.MICROSOFT_TENANT } : undefined,
    trustProxy: s.TRUST_PROXY === 'true',
    maxJsonBytes: s.MAX_JSON_BYTES,
    retentionDays: s.RETENTION_DAYS,
    ai,
    files: {
      maxFileBytes: s.FILE_MAX_BYTES,
      quotaFreeBytes: s.STORAGE_QUOTA_FREE_BYTES,
      quotaPremiumBytes: s.STORAGE_QUOTA_PREMIUM_BYTES,
      uploadExpiryMs: Math.round(s.UPLOAD_EXPIRY_HOURS * 3600_000),
      retryMaxMs: s.UPLOAD_RETRY_MAX_SECONDS * 1000,
      extract: {
        maxPages: s.EXTRACT_MAX_PAGES,
        maxUncompressedBytes: s.EXTRACT_MAX_UNCOMPRESSED_BYTES,
        maxTextChars: s.EXTRACT_MAX_TEXT_CHARS,
        timeoutMs: s.EXTRACT_TIMEOUT_SECONDS * 1000,
        workerMemoryMb: s.EXTRACT_WORKER_MEMORY_MB,
      },
    },
    s3,
    billing: {
      stripe,
      trialDays: s.TRIAL_DAYS,
      pastDueGraceDays: s.PAST_DUE_GRACE_DAYS,
    },
  };
}

/** Stripe is all or nothing: with any of its four settings, all four are required. */
function stripeSettings(s: Settings, problems: string[]): StripeConfig | undefined {
  const required = {
    STRIPE_SECRET_KEY: s.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: s.STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_MONTHLY: s.STRIPE_PRICE_MONTHLY,
    STRIPE_PRICE_YEARLY: s.STRIPE_PRICE_YEARLY,
  };
  if (!Object.values(required).some(Boolean)) return undefined;
  const missing = Object.entries(required)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length) {
    problems.push(`${missing.join(', ')}: required when any of the four Stripe settings is set (Stripe billing is all or nothing)`);
    return undefined;
  }
  let api: StripeConfig['api'];
  if (s.STRIPE_API_URL) {
    const u = new URL(s.STRIPE_API_URL);
    const protocol = u.protocol === 'http:' ? 'http' : 'https';
    api = { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
  }
  return {
    secretKey: s.STRIPE_SECRET_KEY!,
    webhookSecret: s.STRIPE_WEBHOOK_SECRET!,
    prices: { month: s.STRIPE_PRICE_MONTHLY!, year: s.STRIPE_PRICE_YEARLY! },
    api,
    webhookToleranceSeconds: s.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
  };
}

/** S3 is all or nothing: with any S3_* setting, bucket, region and both keys are required. */
function s3Settings(s: Settings, problems: string[]): S3Config | undefined {
  const required = {
    S3_BUCKET: s.S3_BUCKET,
    S3_REGION: s.S3_REGION,
    S3_ACCESS_KEY_ID: s.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: s.S3_SECRET_ACCESS_KEY,
  };
  const anySet = Boolean(s.S3_ENDPOINT) || Object.values(required).some(Boolean);
  if (!anySet) return undefined;
  const missing = Object.entries(required)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length) {
    problems.push(`${missing.join(', ')}: required when any S3_* setting is set (S3 storage is all or nothing)`);
    return undefined;
  }
  return {
    endpoint: s.S3_ENDPOINT,
    bucket: s.S3_BUCKET!,
    region: s.S3_REGION!,
    accessKeyId: s.S3_ACCESS_KEY_ID!,
    secretAccessKey: s.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: s.S3_FORCE_PATH_STYLE === 'true',
  };
}

/**
 * Picks the AI provider: Gemini with GEMINI_API_KEY, a school-hosted OpenAI-compatible server with
 * OPENAI_COMPATIBLE_BASE_URL; AI_PROVIDER decides when both are set.
 */
function aiSettings(s: Settings, problems: string[]): AiConfig {
  const gemini = s.GEMINI_API_KEY
    ? {
        kind: 'gemini' as const,
        apiKey: s.GEMINI_API_KEY,
        baseUrl: s.GEMINI_BASE_URL,
        textModel: s.AI_TEXT_MODEL,
        imageModel: s.AI_IMAGE_MODEL,
      }
    : undefined;
  let compatible: Extract<AiConfig['provider'], { kind: 'openai-compatible' }> | undefined;
  if (s.OPENAI_COMPATIBLE_BASE_URL) {
    if (!s.OPENAI_COMPATIBLE_MODEL)
      problems.push(
        'OPENAI_COMPATIBLE_MODEL: required when OPENAI_COMPATIBLE_BASE_URL is set (the model name the server serves, such as llama3.1)',
      );
    else
      compatible = {
        kind: 'openai-compatible',
        baseUrl: s.OPENAI_COMPATIBLE_BASE_URL.replace(/\/+$/, ''),
        apiKey: s.OPENAI_COMPATIBLE_API_KEY,
        textModel: s.OPENAI_COMPATIBLE_MODEL,
        imageModel: s.OPENAI_COMPATIBLE_IMAGE_MODEL,
      };
  }
  let provider: AiConfig['provider'] = gemini ?? compatible;
  if (s.AI_PROVIDER === 'gemini') {
    if (!gemini) problems.push('AI_PROVIDER: is gemini, but GEMINI_API_KEY is not set');
    provider = gemini;
  } else if (s.AI_PROVIDER === 'openai-compatible') {
    if (!s.OPENAI_COMPATIBLE_BASE_URL) problems.push('AI_PROVIDER: is openai-compatible, but OPENAI_COMPATIBLE_BASE_URL is not set');
    provider = compatible;
  } else if (gemini && compatible) {
    problems.push('AI_PROVIDER: set it to gemini or openai-compatible, since both GEMINI_API_KEY and OPENAI_COMPATIBLE_BASE_URL are set');
  }
  return {
    provider,
    testProvider: s.AI_TEST_PROVIDER === 'true',
    maxOutputTokens: s.AI_MAX_OUTPUT_TOKENS,
    requestTimeoutMs: s.AI_REQUEST_TIMEOUT_MS,
    maxInputChars: s.AI_MAX_INPUT_CHARS,
    maxContextChars: s.AI_MAX_CONTEXT_CHARS,
    maxHistoryTurns: s.AI_MAX_HISTORY_TURNS,
    retry: { maxRetries: s.AI_MAX_RETRIES, baseMs: s.AI_RETRY_BASE_MS, maxWaitMs: s.AI_RETRY_MAX_WAIT_MS },
    checkpointMs: s.AI_CHECKPOINT_MS,
    ratePerMinute: s.AI_RATE_LIMIT_PER_MINUTE,
    moderation: {
      timeoutMs: s.AI_MODERATION_TIMEOUT_MS,
      recheckMs: s.AI_MODERATION_RECHECK_MS,
      checksPerReply: s.AI_MODERATION_CHECKS_PER_REPLY,
    },
    quotas: {
      free: { text: s.AI_QUOTA_FREE_TEXT, images: s.AI_QUOTA_FREE_IMAGES },
      premium: { text: s.AI_QUOTA_PREMIUM_TEXT, images: s.AI_QUOTA_PREMIUM_IMAGES },
    },
  };
}

/**
 * The secret that signs sessions: AUTH_SECRET, or one generated on first start and kept in
 * DATA_DIR so restarts keep everyone signed in. Never a built-in default.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

/** Extra settings read by tooling (tests, CLI) go through here so only this file reads env. */
export function readEnv(name: string): string | undefined {
  const v = process.env[name];
  return v && v.trim() !== '' ? v : undefined;
}
