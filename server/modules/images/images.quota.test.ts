import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AiStatus } from '../../../contract/ai';
import type { FileInfo, StorageUsage } from '../../../contract/files';
import { schema } from '../../db/client';
import type { TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { key } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import { filesRuntime } from '../files/files.runtime';
import { fileClient, type ErrorJson } from '../files/files.test-helpers';

/** Generated images count in the teacher's storage quota, and a full quota refuses them as it refuses uploads. */

const QUOTA = 1024;
// The fake's image: a 1x1 PNG of 70 bytes.
const IMAGE_BYTES = 70;
let ctx: TestContext;
let fake: FakeGemini;
useAiTest((t) => ({ ctx, fake } = t), { STORAGE_QUOTA_FREE_BYTES: String(QUOTA), FILE_MAX_BYTES: String(QUOTA) });

async function teacher() {
  const client = await fileClient(ctx, { role: 'teacher' });
  const json = async <T>(method: string, url: string, body?: unknown) => {
    const res = await client.send(method, url, body === undefined ? undefined : JSON.stringify(body), {
      'content-type': 'application/json',
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  const bot = await json<{ id: string }>('POST', '/api/bots', { kind: 'DocBot', name: 'Pictures', settings: { canGenerateImages: true } });
  const generate = () =>
    json<ErrorJson & { fileId: string }>('POST', '/api/images', { idempotencyKey: key(), prompt: 'A leaf', botId: bot.body.id });
  const fill = async (bytes: number) =>
    (await client.upload('x'.repeat(bytes), 'notes.txt', 'text/plain', 'attachment')).json() as Promise<FileInfo>;
  return { ...client, json, generate, fill };
}

describe('generated images and the storage quota', () => {
  it('counts a generated image in the storage the teacher uses', async () => {
    const t = await teacher();
    expect((await t.generate()).status).toBe(201);
    expect((await t.json<StorageUsage>('GET', '/api/files/usage')).body.usedBytes).toBe(IMAGE_BYTES);
  });

  it('refuses a new image with the same 402 as an upload when the storage is full, before calling the provider', async () => {
    const t = await teacher();
    await t.fill(QUOTA);
    const refused = await t.upload('y', 'more.txt', 'text/plain', 'attachment');
    const upload = (await refused.json()) as ErrorJson;
    const image = await t.generate();
    expect([image.status, refused.status]).toEqual([402, 402]);
    expect(image.body.error.code).toBe(upload.error.code);
    expect(image.body.error.code).toBe('quota_exceeded');
    expect(image.body.error.message).toMatch(/^Your storage is full: you have used 1 KiB of 1 KiB\. .*Get Premium/);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses an image that does not fit the space left with 402, keeping no file, no object and no month count', async () => {
    const t = await teacher();
    await t.fill(QUOTA - IMAGE_BYTES + 1);
    const image = await t.generate();
    expect([image.status, image.body.error.code]).toEqual([402, 'quota_exceeded']);
    expect(image.body.error.message).toMatch(/this file needs 1 KiB/);
    // The provider was asked (the size is known only after), but nothing of the image is kept.
    expect(fake.requests).toHaveLength(1);
    const images = await ctx.database.db.select().from(schema.file).where(eq(schema.file.ownerId, t.user.id));
    expect(images.map((f) => f.purpose)).toEqual(['attachment']);
    const [request] = await ctx.database.db.select().from(schema.generatedImage).where(eq(schema.generatedImage.ownerId, t.user.id));
    expect(request).toMatchObject({ status: 'failed', errorCode: 'quota_exceeded' });
    expect(await filesRuntime(ctx.config).storage.exists(`files/${request!.id}`)).toBe(false);
    expect((await t.json<AiStatus>('GET', '/api/ai')).body.usage.images.used).toBe(0);

    // Deleting a file makes room again.
    const [notes] = images;
    expect((await t.send('DELETE', `/api/files/${notes!.id}`)).status).toBe(204);
    expect((await t.generate()).status).toBe(201);
  });
});
