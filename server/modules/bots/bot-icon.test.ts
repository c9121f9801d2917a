import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import { createTestContext, TestClient, type TestContext } from '../../../tests/harness';
import { storeBufferAsFile } from '../files/files.service';
import { resolveSubscription } from '../../core/plan';
import { accessCast, createVia, docBot, makeFile, type BotJson, type ErrorJson } from './bots.test-helpers';

/** GET /api/bots/:id/icon: a bot's uploaded icon, to exactly those who may see the bot. */

// A 1x1 PNG, as the files tests use.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5dd8ad10000000049454e44ae426082',
  'hex',
);

let ctx: TestContext;
let owner: { client: TestClient; user: { id: string; email: string; emailVerified: boolean; role: 'teacher' | 'student' } };
let sameSchool: TestClient;
let otherSchool: TestClient;
let otherTeacher: TestClient;
let student: TestClient;
let schoolStudent: TestClient;
let signedOut: TestClient;
let iconId: string;
let privateBot: BotJson;
let schoolBot: BotJson;
let publicBot: BotJson;

async function storeIcon(user: typeof owner.user, purpose: 'icon' | 'image' | 'knowledge' = 'icon') {
  const subscription = await resolveSubscription(ctx.database.db, { user, settings: ctx.config });
  const row = await storeBufferAsFile({ db: ctx.database.db, config: ctx.config }, subscription, {
    ownerId: user.id,
    data: PNG,
    name: 'Ms Rivera class photo.png',
    declaredType: 'image/png',
    purpose,
  });
  return row.id;
}

const withIcon = (name: string, visibility: string) => ({
  ...docBot({ name, icon: undefined }),
  icon: { type: 'image', fileId: iconId },
  visibility,
});
const iconOf = (client: TestClient, botId: string, headers?: Record<string, string>) => client.get(`/api/bots/${botId}/icon`, headers);

beforeAll(async () => {
  ctx = await createTestContext();
  ({ owner, sameSchool, otherSchool, otherTeacher, student, schoolStudent, signedOut } = await accessCast(ctx));
  iconId = await storeIcon(owner.user);
  privateBot = await createVia(owner.client, withIcon('Private', 'private'));
  schoolBot = await createVia(owner.client, withIcon('For my school', 'school'));
  publicBot = await createVia(owner.client, withIcon('For everyone', 'public'));
});
afterAll(() => ctx.close());

async function expectIcon(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-disposition')).toBe('inline');
  expect(res.headers.get('cache-control')).toBe('private, no-cache');
  expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
}

async function errorOf(res: Response) {
  const body = (await res.json()) as ErrorJson;
  return { status: res.status, code: body.error.code, message: body.error.message };
}

describe("who sees a bot's uploaded icon", () => {
  it('serves the owner the icon of each of their bots, inline, as a checked image that is revalidated', async () => {
    for (const bot of [privateBot, schoolBot, publicBot]) await expectIcon(await iconOf(owner.client, bot.id));
    const first = await iconOf(owner.client, publicBot.id);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await iconOf(owner.client, publicBot.id, { 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
  });

  it("serves a school-shared bot's icon to teachers of the same school and a public bot's to any teacher", async () => {
    await expectIcon(await iconOf(sameSchool, schoolBot.id));
    for (const client of [sameSchool, otherSchool, otherTeacher]) await expectIcon(await iconOf(client, publicBot.id));
  });

  it("gives everyone else the unknown-id 404: another school's teachers, teachers without a school, and a private bot's icon", async () => {
    const unknown = await errorOf(await iconOf(owner.client, '00000000-0000-4000-8000-000000000000'));
    expect(unknown).toMatchObject({ status: 404, code: 'not_found' });
    for (const client of [otherSchool, otherTeacher]) expect(await errorOf(await iconOf(client, schoolBot.id))).toEqual(unknown);
    for (const client of [sameSchool, otherSchool, otherTeacher])
      expect(await errorOf(await iconOf(client, privateBot.id))).toEqual(unknown);
    expect(await errorOf(await iconOf(owner.client, 'not-a-uuid'))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('refuses students (who see no bot until assignments exist) with 403, and signed-out visitors with 401', async () => {
    for (const client of [student, schoolStudent]) {
      for (const bot of [privateBot, schoolBot, publicBot])
        expect(await errorOf(await iconOf(client, bot.id))).toMatchObject({ status: 403, code: 'forbidden' });
    }
    for (const bot of [privateBot, schoolBot, publicBot])
      expect(await errorOf(await iconOf(signedOut, bot.id))).toMatchObject({ status: 401, code: 'unauthenticated' });
  });

  it("never opens the file itself to others: /api/files/:id stays the owner's", async () => {
    expect((await owner.client.get(`/api/files/${iconId}`)).status).toBe(200);
    for (const client of [sameSchool, otherTeacher]) expect((await client.get(`/api/files/${iconId}`)).status).toBe(404);
  });

  it('stops serving the icon as soon as the bot is unshared or deleted', async () => {
    const bot = await createVia(owner.client, withIcon('Shared for a while', 'school'));
    await expectIcon(await iconOf(sameSchool, bot.id));
    await owner.client.json('PUT', `/api/bots/${bot.id}/visibility`, { visibility: 'private' });
    expect((await iconOf(sameSchool, bot.id)).status).toBe(404);
    await owner.client.request('DELETE', `/api/bots/${bot.id}`);
    expect((await iconOf(owner.client, bot.id)).status).toBe(404);
  });

  it("serves a copy's inherited icon to the copy's owner, though the file is the source owner's", async () => {
    const copy = await sameSchool.json<BotJson>('POST', `/api/bots/${schoolBot.id}/copy`);
    expect(copy.status).toBe(201);
    expect(copy.body.icon).toEqual({ type: 'image', fileId: iconId });
    await expectIcon(await iconOf(sameSchool, copy.body.id));
    expect((await iconOf(otherSchool, copy.body.id)).status).toBe(404);
  });

  it('serves nothing for an emoji icon, and never a file that is not an icon picture, even to the owner', async () => {
    const emoji = await createVia(owner.client, { ...docBot(), visibility: 'public' });
    expect((await iconOf(owner.client, emoji.id)).status).toBe(404);
    // The API refuses a knowledge file as an icon; were one linked anyway (even a picture), it stays closed.
    const knowledge = await storeIcon(owner.user, 'knowledge');
    const bot = await createVia(owner.client, { ...docBot(), visibility: 'public' });
    await ctx.database.db.update(schema.bot).set({ iconFileId: knowledge }).where(eq(schema.bot.id, bot.id));
    for (const client of [owner.client, otherTeacher]) expect((await iconOf(client, bot.id)).status).toBe(404);
    // Nor a non-picture file of purpose image (its checked type is what is served).
    const textImage = await makeFile(ctx, owner.user.id, 'image');
    await ctx.database.db.update(schema.bot).set({ iconFileId: textImage }).where(eq(schema.bot.id, bot.id));
    for (const client of [owner.client, otherTeacher]) expect((await iconOf(client, bot.id)).status).toBe(404);
  });

  it('serves an uploaded picture of purpose image too, as the editor accepts', async () => {
    const imageId = await storeIcon(owner.user, 'image');
    const bot = await createVia(owner.client, { ...docBot(), icon: { type: 'image', fileId: imageId }, visibility: 'public' });
    await expectIcon(await iconOf(otherTeacher, bot.id));
  });
});
