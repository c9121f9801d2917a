import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import mammoth from 'mammoth';
import { schema } from '../../db/client';
import type { FileList } from '../../../contract/files';
import type { SavedDetail, SavedPage } from '../../../contract/saved';
import { signedIn, type TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { imageBotOf, key } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import { filesRuntime } from '../files/files.runtime';
import { deleteUserEverything } from '../operator/accounts.service';

let ctx: TestContext;
let fake: FakeGemini;
useAiTest((t) => ({ ctx, fake } = t));

describe('image generation', () => {
  it("generates through Imagen's :predict and stores the image as a file of its owner", async () => {
    const { user, client } = await signedIn(ctx, { role: 'teacher' });
    const botId = await imageBotOf(client);
    const res = await client.json<{ fileId: string }>('POST', '/api/images', {
      idempotencyKey: key(),
      prompt: 'A diagram of a plant cell',
      botId,
    });
    expect(res.status).toBe(201);
    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/v1beta/models/imagen-3.0-generate-002:predict');
    expect(sent.body).toMatchObject({ instances: [{ prompt: 'A diagram of a plant cell' }], parameters: { sampleCount: 1 } });
    const [usage] = await ctx.database.db.select().from(schema.aiUsage).where(eq(schema.aiUsage.userId, user.id));
    expect(usage).toMatchObject({ kind: 'image', images: 1, outcome: 'ok', model: 'imagen-3.0-generate-002', botId });

    // A file like any other: a row of the owner's, its bytes in the storage backend, in the list.
    const fileId = res.body.fileId;
    const [row] = await ctx.database.db.select().from(schema.file).where(eq(schema.file.id, fileId));
    expect(row).toMatchObject({ ownerId: user.id, purpose: 'image', status: 'ready', sniffedType: 'image/png', size: 70 });
    expect(row!.name).toBe('A diagram of a plant cell.png');
    expect(await filesRuntime(ctx.config).storage.exists(`files/${fileId}`)).toBe(true);
    const list = await client.json<FileList>('GET', '/api/files?purpose=image');
    expect(list.body.files.map((f) => f.id)).toEqual([fileId]);

    // Served by the files read rule, at its address and at the older /api/images address alike.
    for (const url of [`/api/files/${fileId}`, `/api/images/${fileId}`]) {
      const image = await client.get(url);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = new Uint8Array(await image.arrayBuffer());
      expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    }
  });

  it('makes one call for a double submit and answers both with the same file', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const botId = await imageBotOf(client);
    const k = key();
    const [a, b] = await Promise.all([
      client.json<{ fileId: string }>('POST', '/api/images', { idempotencyKey: k, prompt: 'A volcano', botId }),
      client.json<{ fileId: string }>('POST', '/api/images', { idempotencyKey: k, prompt: 'A volcano', botId }),
    ]);
    expect(a.body.fileId).toBe(b.body.fileId);
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a 503 from Imagen', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const botId = await imageBotOf(client);
    fake.core.failNext({ kind: 'status', status: 503 });
    expect((await client.post('/api/images', { idempotencyKey: key(), prompt: 'A map', botId })).status).toBe(201);
    expect(fake.requests).toHaveLength(2);
  });
});

describe('a generated image in Saved Docs, the DOCX export and account deletion', () => {
  const generate = async (client: Awaited<ReturnType<typeof signedIn>>['client'], botId: string, prompt: string) => {
    const res = await client.json<{ fileId: string }>('POST', '/api/images', { idempotencyKey: key(), prompt, botId });
    expect(res.status).toBe(201);
    return res.body.fileId;
  };

  it("saves a generated image to Saved Docs (the runner's Save image), lists it and exports it with the picture", async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const botId = await imageBotOf(client, { name: 'Picture maker' });
    const fileId = await generate(client, botId, 'A labelled volcano');
    // What ImagePanel sends: the file id POST /api/images answered, the run's bot, the prompt as title.
    const saved = await client.json<SavedDetail>('POST', '/api/saved', { kind: 'image', fileId, botId, title: 'A labelled volcano' });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ kind: 'image', fileId, title: 'A labelled volcano', botName: 'Picture maker' });
    const page = await client.json<SavedPage>('GET', '/api/saved?kind=image');
    expect(page.body.items.map((i) => i.id)).toEqual([saved.body.id]);
    const docx = await client.get(`/api/saved/${saved.body.id}/export.docx`);
    expect(docx.status).toBe(200);
    const html = (await mammoth.convertToHtml({ buffer: Buffer.from(await docx.arrayBuffer()) })).value;
    expect(html).toMatch(/<img [^>]*src="data:image\/png;base64,/);
  });

  it('embeds a generated image a document links by its older /api/images address in the DOCX export', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const fileId = await generate(client, await imageBotOf(client), 'A water cycle');
    const doc = await client.json<SavedDetail>('POST', '/api/saved', {
      kind: 'document',
      body: `# Water\n\n![cycle](/api/images/${fileId})`,
    });
    const docx = await client.get(`/api/saved/${doc.body.id}/export.docx`);
    const html = (await mammoth.convertToHtml({ buffer: Buffer.from(await docx.arrayBuffer()) })).value;
    expect(html).toMatch(/<img [^>]*src="data:image\/png;base64,/);
  });

  it("removes a generated image's stored object, file row and request with its owner's account", async () => {
    const { user, client } = await signedIn(ctx, { role: 'teacher' });
    const fileId = await generate(client, await imageBotOf(client), 'A fern');
    expect(await filesRuntime(ctx.config).storage.exists(`files/${fileId}`)).toBe(true);
    const gone = await deleteUserEverything({ db: ctx.database.db, config: ctx.config }, user.email);
    expect(gone.files).toBe(1);
    expect(await filesRuntime(ctx.config).storage.exists(`files/${fileId}`)).toBe(false);
    expect(await ctx.database.db.select().from(schema.file).where(eq(schema.file.id, fileId))).toHaveLength(0);
    expect(await ctx.database.db.select().from(schema.generatedImage).where(eq(schema.generatedImage.ownerId, user.id))).toHaveLength(0);
  });
});
