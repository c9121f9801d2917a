import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, resolveAuthSecret } from './config';

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('configuration', () => {
  it('has working defaults and treats empty values as unset', () => {
    const c = loadConfig({ PORT: '', DATA_DIR: '', SUPPORT_EMAIL: '', SMTP_URL: ' ' });
    expect(c).toMatchObject({
      port: 3000,
      baseUrl: 'http://localhost:3000',
      supportEmail: undefined,
      smtpUrl: undefined,
      google: undefined,
    });
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.trustedOrigins).toEqual(['http://localhost:3000']);
  });

  it('reports one clear line per bad setting', () => {
    const lines = problems({ PORT: 'eighty', SUPPORT_EMAIL: 'not-an-email', DATABASE_URL: 'mysql://x', BASE_URL: 'nope' });
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.startsWith('PORT:'))).toBeTruthy();
    expect(lines.find((l) => l.startsWith('SUPPORT_EMAIL:'))).toMatch(/e-mail/);
    expect(lines.find((l) => l.startsWith('DATABASE_URL:'))).toMatch(/postgres/);
  });

  it('requires AUTH_SECRET with DATABASE_URL, and both halves of an OAuth pair', () => {
    expect(problems({ DATABASE_URL: 'postgres://u@h/db' })[0]).toMatch(/^AUTH_SECRET: required/);
    expect(problems({ GOOGLE_CLIENT_ID: 'id' })[0]).toMatch(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    expect(loadConfig({ MICROSOFT_CLIENT_ID: 'a', MICROSOFT_CLIENT_SECRET: 'b' }).microsoft).toEqual({
      clientId: 'a',
      clientSecret: 'b',
      tenantId: 'common',
    });
  });

  it('has file limits with defaults, and S3 storage all or nothing', () => {
    const c = loadConfig({});
    expect(c.files).toMatchObject({
      maxFileBytes: 25 * 1024 * 1024,
      quotaFreeBytes: 500 * 1024 * 1024,
      quotaPremiumBytes: 5 * 1024 ** 3,
      retryMaxMs: 120_000,
    });
    expect(c.s3).toBeUndefined();
    expect(problems({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'b' })).toEqual([
      'S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when any S3_* setting is set (S3 storage is all or nothing)',
    ]);
    const s3 = loadConfig({ S3_BUCKET: 'b', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: '' }).s3;
    expect(s3).toEqual({
      endpoint: undefined,
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
    expect(problems({ FILE_MAX_BYTES: 'big' })[0]).toMatch(/^FILE_MAX_BYTES:/);
  });

  it('chooses the AI provider from the settings, with defaults and one line per problem', () => {
    const none = loadConfig({ GEMINI_API_KEY: '', OPENAI_COMPATIBLE_BASE_URL: ' ' }).ai;
    expect(none.provider).toBeUndefined();
    expect(none).toMatchObject({
      maxOutputTokens: 4096,
      ratePerMinute: 20,
      quotas: { free: { text: 40, images: 5 }, premium: { text: 2000, images: 200 } },
    });
    expect(loadConfig({ GEMINI_API_KEY: 'k' }).ai.provider).toEqual({
      kind: 'gemini',
      apiKey: 'k',
      baseUrl: undefined,
      textModel: 'gemini-2.0-flash',
      imageModel: 'imagen-3.0-generate-002',
    });
    expect(
      loadConfig({ OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1/', OPENAI_COMPATIBLE_MODEL: 'llama3.1' }).ai.provider,
    ).toMatchObject({ kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', imageModel: undefined });
    expect(problems({ OPENAI_COMPATIBLE_BASE_URL: 'http://h/v1' })[0]).toMatch(/^OPENAI_COMPATIBLE_MODEL: required/);
    expect(problems({ GEMINI_API_KEY: 'k', OPENAI_COMPATIBLE_BASE_URL: 'http://h/v1', OPENAI_COMPATIBLE_MODEL: 'm' })[0]).toMatch(
      /^AI_PROVIDER:/,
    );
    expect(
      loadConfig({
        GEMINI_API_KEY: 'k',
        OPENAI_COMPATIBLE_BASE_URL: 'http://h/v1',
        OPENAI_COMPATIBLE_MODEL: 'm',
        AI_PROVIDER: 'openai-compatible',
      }).ai.provider?.kind,
    ).toBe('openai-compatible');
    expect(
      problems({ AI_QUOTA_FREE_TEXT: 'lots', GEMINI_BASE_URL: 'nope' })
        .map((l) => l.split(':')[0])
        .sort(),
    ).toEqual(['AI_QUOTA_FREE_TEXT', 'GEMINI_BASE_URL']);
  });

  it('lower-cases the support address and adds trusted origins', () => {
    const c = loadConfig({
      SUPPORT_EMAIL: 'Help@School.ORG',
      BASE_URL: 'https://cb.school.org/',
      TRUSTED_ORIGINS: 'http://localhost:5173',
    });
    expect(c.supportEmail).toBe('help@school.org');
    expect(c.trustedOrigins).toEqual(['https://cb.school.org', 'http://localhost:5173']);
  });

  it('generates the auth secret once, keeps it in DATA_DIR, and never uses a built-in default', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cb-secret-'));
    const a = resolveAuthSecret(loadConfig({ DATA_DIR: dir }));
    const b = resolveAuthSecret(loadConfig({ DATA_DIR: dir }));
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(48);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(a);
    const other = resolveAuthSecret(loadConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cb-secret-')) }));
    expect(other).not.toBe(a);
  });
});
