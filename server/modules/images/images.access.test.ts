import { beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { schema } from '../../db/client';
import { TestClient, type TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { imageBotOf, key } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import { accessCast, chatBot, createVia, tutorBot, type ErrorJson } from '../bots/bots.test-helpers';
import { syncBuiltinTemplates } from '../bots/templates/sync';

/** POST /api/images is held to the rules of running the bot it names, and the bot must allow images. */

let ctx: TestContext;
let fake: FakeGemini;
let owner: { client: TestClient; user: { id: string } };
let sameSchool: TestClient;
let otherSchool: TestClient;
let otherTeacher: TestClient;
let student: TestClient;
let schoolStudent: TestClient;
let privateBot: string;
let schoolBot: string;
let publicBot: string;
let noImagesBot: string;

useAiTest((t) => ({ ctx, fake } = t));
beforeAll(async () => {
  ({ owner, sameSchool, otherSchool, otherTeacher, student, schoolStudent } = await accessCast(ctx));
  privateBot = await imageBotOf(owner.client, { name: 'Private pictures' });
  schoolBot = await imageBotOf(owner.client, { name: 'School pictures', visibility: 'school' });
  publicBot = await imageBotOf(owner.client, { name: 'Public pictures', visibility: 'public' });
  noImagesBot = await imageBotOf(owner.client, { name: 'Words only', visibility: 'public', settings: { canGenerateImages: false } });
});

const unknownId = '00000000-0000-4000-8000-000000000000';
const generate = (client: TestClient, botId: string | undefined, k = key()) =>
  client.json<ErrorJson & { fileId: string }>('POST', '/api/images', { idempotencyKey: k, prompt: 'A labelled diagram of a leaf', botId });

describe('who may generate an image for which bot', () => {
  it('lets a teacher generate for any bot they may run that allows images, and records the bot with the usage', async () => {
    for (const [client, botId] of [
      [owner.client, privateBot],
      [owner.client, schoolBot],
      [sameSchool, schoolBot],
      [otherSchool, publicBot],
      [otherTeacher, publicBot],
    ] as const) {
      expect((await generate(client, botId)).status).toBe(201);
    }
    expect(fake.requests).toHaveLength(5);
    const rows = await ctx.database.db.select().from(schema.aiUsage).where(eq(schema.aiUsage.userId, owner.user.id));
    expect(rows.map((r) => r.botId).sort()).toEqual([privateBot, schoolBot].sort());
  });

  it('refuses a bot whose "Can generate images" is off, and ChatBots and TutorBots, with 403 images_not_allowed before any call', async () => {
    const chat = (await createVia(owner.client, chatBot())).id;
    const tutor = (await createVia(owner.client, tutorBot())).id;
    for (const [client, botId] of [
      [owner.client, noImagesBot],
      [otherTeacher, noImagesBot],
      [owner.client, chat],
      [owner.client, tutor],
    ] as const) {
      const res = await generate(client, botId);
      expect([res.status, res.body.error.code]).toEqual([403, 'images_not_allowed']);
      expect(res.body.error.message).toMatch(/Can generate images/);
    }
    expect(fake.requests).toHaveLength(0);
    const images = await ctx.database.db.select().from(schema.generatedImage).where(eq(schema.generatedImage.prompt, 'never'));
    expect(images).toHaveLength(0);
  });

  it("gives the bots' unknown-id 404 for a bot the caller may not see: private, another school's, deleted, unknown", async () => {
    const unknown = await generate(owner.client, unknownId);
    expect(unknown.status).toBe(404);
    const gone = await imageBotOf(owner.client, { name: 'Gone' });
    await owner.client.request('DELETE', `/api/bots/${gone}`);
    for (const [client, botId] of [
      [sameSchool, privateBot],
      [otherTeacher, privateBot],
      [otherSchool, schoolBot],
      [otherTeacher, schoolBot],
      [owner.client, gone],
    ] as const) {
      const res = await generate(client, botId);
      expect([res.status, res.body.error.code, res.body.error.message]).toEqual([404, unknown.body.error.code, unknown.body.error.message]);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('follows the built-in templates: one that allows images works for any teacher, one that does not is refused', async () => {
    await syncBuiltinTemplates(ctx.database.db);
    const templates = await ctx.database.db.select().from(schema.bot).where(isNull(schema.bot.ownerId));
    const withImages = templates.find((t) => t.kind === 'DocBot' && (t.settings as { canGenerateImages?: boolean }).canGenerateImages);
    const without = templates.find((t) => t.kind === 'DocBot' && !(t.settings as { canGenerateImages?: boolean }).canGenerateImages);
    expect((await generate(otherTeacher, withImages!.id)).status).toBe(201);
    expect((await generate(otherTeacher, without!.id)).body.error.code).toBe('images_not_allowed');
  });

  it('makes no image without a bot: 422 naming botId, for teachers and students alike', async () => {
    for (const client of [owner.client, student]) {
      const res = await generate(client, undefined);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.error.fields ?? {})).toEqual(['botId']);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses students, including students of a school, with 403, even for a public bot that allows images', async () => {
    for (const client of [student, schoolStudent]) {
      for (const botId of [publicBot, schoolBot]) {
        const res = await generate(client, botId);
        expect([res.status, res.body.error.code]).toEqual([403, 'forbidden']);
      }
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a signed-out visitor with 401', async () => {
    const res = await generate(new TestClient(ctx), publicBot);
    expect([res.status, res.body.error.code]).toEqual([401, 'unauthenticated']);
  });

  it('holds a repeated request to the bot as it is now: turning images off refuses the same key again', async () => {
    const botId = await imageBotOf(otherTeacher, { name: 'Soon words only' });
    const k = key();
    const first = await generate(otherTeacher, botId, k);
    expect(first.status).toBe(201);
    const detail = await otherTeacher.json<{ version: number } & Record<string, unknown>>('GET', `/api/bots/${botId}`);
    const saved = await otherTeacher.json('PUT', `/api/bots/${botId}`, {
      kind: 'DocBot',
      name: 'Soon words only',
      settings: { canGenerateImages: false },
      version: detail.body.version,
    });
    expect(saved.status).toBe(200);
    expect((await generate(otherTeacher, botId, k)).body.error.code).toBe('images_not_allowed');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('who may see a generated image', () => {
  it('serves it to its owner only, at /api/files/:id and /api/images/:id: 404 to colleagues, other teachers and students, 401 signed out', async () => {
    const made = await generate(owner.client, schoolBot);
    expect(made.status).toBe(201);
    const { fileId } = made.body;
    for (const url of [`/api/files/${fileId}`, `/api/images/${fileId}`]) {
      expect((await owner.client.request('GET', url)).status).toBe(200);
      for (const client of [sameSchool, otherSchool, otherTeacher, student, schoolStudent]) {
        const res = await client.json<ErrorJson>('GET', url);
        expect([url, res.status, res.body.error.code]).toEqual([url, 404, 'not_found']);
      }
      const res = await new TestClient(ctx).json<ErrorJson>('GET', url);
      expect([url, res.status, res.body.error.code]).toEqual([url, 401, 'unauthenticated']);
    }
    // Nor can anyone else save it to their Saved Docs or delete it.
    for (const client of [sameSchool, otherTeacher]) {
      expect((await client.json('POST', '/api/saved', { kind: 'image', fileId })).status).toBe(404);
      expect((await client.request('DELETE', `/api/files/${fileId}`)).status).toBe(404);
    }
    expect((await owner.client.request('GET', `/api/files/${fileId}`)).status).toBe(200);
  });
});
