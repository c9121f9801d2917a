import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The only reader of process.env. Every setting is validated at boot; an empty value is unset. */

const emptyIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyIsUnset, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, dflt: z.input<T>) =>
  z.preprocess(emptyIsUnset, schema.default(dflt as never));

const url = (what: string) =>
  z.string().refine((v) => URL.canParse(v), { message: `must be a URL (${what})` });

const settingsSchema = z.object({
  NODE_ENV: withDefault(z.enum(['development', 'production', 'test']), 'development'),
  PORT: withDefault(z.coerce.number().int().min(1).max(65535), 3000),
  HOST: withDefault(z.string(), '0.0.0.0'),
  DATA_DIR: withDefault(z.string(), './data'),
  DATABASE_URL: optional(
    url('postgres://user:password@host:5432/db').refine((v) => /^postgres(ql)?:\/\//.test(v), {
      message: 'must start with postgres:// or postgresql://',
    }),
  ),
  BASE_URL: optional(url('the address people open, such as https://classbots.school.org')),
  TRUSTED_ORIGINS: optional(z.string()),
  AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  SUPPORT_EMAIL: optional(z.email('must be an e-mail address')),
  SMTP_URL: optional(url('smtp://user:password@host:587 or smtps://...')),
  MAIL_FROM: withDefault(z.string(), 'ClassBots <no-reply@classbots.local>'),
  GOOGLE_CLIENT_ID: optional(z.string()),
  GOOGLE_CLIENT_SECRET: optional(z.string()),
  MICROSOFT_CLIENT_ID: optional(z.string()),
  MICROSOFT_CLIENT_SECRET: optional(z.string()),
  MICROSOFT_TENANT: withDefault(z.string(), 'common'),
  TRUST_PROXY: withDefault(z.enum(['true', 'false']), 'false'),
  MAX_JSON_BYTES: withDefault(z.coerce.number().int().min(1024), 1024 * 1024),
});

export type Settings = z.infer<typeof settingsSchema>;

export interface Config {
  env: Settings['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  baseUrl: string;
  trustedOrigins: string[];
  authSecret: string | undefined;
  supportEmail: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string } | undefined;
  microsoft: { clientId: string; clientSecret: string; tenantId: string } | undefined;
  trustProxy: boolean;
  maxJsonBytes: number;
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
    throw new ConfigError(
      parsed.error.issues.map((i) => `${String(i.path[0] ?? 'setting')}: ${i.message}`),
    );
  }
  const s = parsed.data;
  const problems: string[] = [];
  if (s.DATABASE_URL && !s.AUTH_SECRET) {
    problems.push(
      'AUTH_SECRET: required when DATABASE_URL is set, since every app process must share it (generate one with: openssl rand -base64 48)',
    );
  }
  const pair = (id?: string, secret?: string, name?: string) => {
    if (Boolean(id) !== Boolean(secret)) problems.push(`${name}_CLIENT_ID and ${name}_CLIENT_SECRET: set both or neither`);
    return id && secret ? { clientId: id, clientSecret: secret } : undefined;
  };
  const google = pair(s.GOOGLE_CLIENT_ID, s.GOOGLE_CLIENT_SECRET, 'GOOGLE');
  const ms = pair(s.MICROSOFT_CLIENT_ID, s.MICROSOFT_CLIENT_SECRET, 'MICROSOFT');
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
    databaseUrl: s.DATABASE_URL,
    baseUrl,
    trustedOrigins: [...new Set([new URL(baseUrl).origin, ...extraOrigins])],
    authSecret: s.AUTH_SECRET,
    supportEmail: s.SUPPORT_EMAIL?.toLowerCase(),
    smtpUrl: s.SMTP_URL,
    mailFrom: s.MAIL_FROM,
    google,
    microsoft: ms ? { ...ms, tenantId: s.MICROSOFT_TENANT } : undefined,
    trustProxy: s.TRUST_PROXY === 'true',
    maxJsonBytes: s.MAX_JSON_BYTES,
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
