import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileInfo } from '../../contract/files';
import { createTestContext, signedIn, type TestContext } from '../../tests/harness';
import { fakeGeminiEnv, imageBotOf, key } from '../../tests/fakes/ai-helpers';
import { startFakeGemini, type FakeGemini } from '../../tests/fakes/gemini';
import { loadConfig } from '../config';
import { filesRuntime } from '../modules/files/files.runtime';
import { fileClient, sha256 } from '../modules/files/files.test-helpers';
import { deleteUserEverything } from '../modules/operator/accounts.service';
import { S3Storage } from './s3-storage';
import { ObjectNotFoundError } from './storage';
import { buildPdf } from './test-fixtures';

// The S3 backend against s3rver, a real S3-compatible server on loopback (its default keys are S3RVER).
const dir = mkdtempSync(path.join(os.tmpdir(), 'classbots-s3-'));
let s3: S3rver;
let env: Record<string, string>;
beforeAll(async () => {
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'classbots' }] });
  const { port } = await s3.run();
  env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'classbots',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
});
afterAll(async () => {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('S3-compatible storage', () => {
  it('puts, reads, checks and deletes objects, and reports a missing one', async () => {
    const storage = new S3Storage(loadConfig(env).s3!);
    const source = path.join(dir, 'source.txt');
    writeFileSync(source, 'a reading about volcanoes');
    await storage.putFile('files/abc-123', source, 25);
    expect(await storage.exists('files/abc-123')).toBe(true);
    expect(await text(await storage.get('files/abc-123'))).toBe('a reading about volcanoes');
    await storage.delete('files/abc-123');
    await storage.delete('files/abc-123');
    expect(await storage.exists('files/abc-123')).toBe(false);
    await expect(storage.get('files/abc-123')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.get('../etc/passwd')).rejects.toThrow(/Unsafe storage key/);
  });

  describe('behind the app', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(env);
    });
    afterAll(() => ctx.close());

    it('stores finished uploads in the bucket, serves them, and deletes them there', async () => {
      expect(filesRuntime(ctx.config).storage.kind).toBe('s3');
      const { send, upload } = await fileClient(ctx);
      const pdf = buildPdf(['Stored in a bucket']);
      const info = (await (await upload(pdf, 'bucket.pdf', 'application/pdf')).json()) as FileInfo;
      expect(info).toMatchObject({ status: 'ready', hasText: true });
      expect(await filesRuntime(ctx.config).storage.exists(`files/${info.id}`)).toBe(true);
      const download = await send('GET', `/api/files/${info.id}`);
      expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(pdf));
      expect((await send('DELETE', `/api/files/${info.id}`)).status).toBe(204);
      expect(await filesRuntime(ctx.config).storage.exists(`files/${info.id}`)).toBe(false);
    });
  });

  describe('generated images', () => {
    let ctx: TestContext;
    let fake: FakeGemini;
    beforeAll(async () => {
      fake = await startFakeGemini();
      ctx = await createTestContext({ ...env, ...fakeGeminiEnv(fake) });
    });
    afterAll(async () => {
      await ctx.close();
      await fake.close();
    });

    it('stores a generated image in the bucket, serves it from there and deletes it with its account', async () => {
      const { user, client } = await signedIn(ctx, { role: 'teacher' });
      const botId = await imageBotOf(client);
      const made = await client.json<{ fileId: string }>('POST', '/api/images', { idempotencyKey: key(), prompt: 'A river delta', botId });
      expect(made.status).toBe(201);
      const storage = filesRuntime(ctx.config).storage;
      expect(storage.kind).toBe('s3');
      expect(await storage.exists(`files/${made.body.fileId}`)).toBe(true);
      const served = await client.get(`/api/files/${made.body.fileId}`);
      expect(served.status).toBe(200);
      expect(
        Buffer.from(await served.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
      // Nothing is written beside the bucket (the old DATA_DIR/generated folder).
      expect(existsSync(path.join(ctx.dataDir, 'generated'))).toBe(false);
      await deleteUserEverything({ db: ctx.database.db, config: ctx.config }, user.email);
      expect(await storage.exists(`files/${made.body.fileId}`)).toBe(false);
    });
  });
});
