import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StorageUsage } from '../../../contract/files';
import type { DeleteFilesResult, MyFilesPage } from '../../../contract/my-files';
import { schema } from '../../db/client';
import { createTestContext, signedIn, type TestClient, type TestContext } from '../../../tests/harness';
import { createVia, docBot, makeSchool, teacherAt, type BotJson } from '../bots/bots.test-helpers';
import { filesRuntime } from './files.runtime';
import { sweepFiles } from './files.sweep';
import { PNG, uploadVia } from './files.test-helpers';

// Issue 25: My Files lists a teacher's files with their sizes and where each is used, against the
// storage quota, and deletes one or several: in one transaction that frees the quota, takes the file
// out of the bots' knowledge, and removes the stored objects after the commit.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ STORAGE_QUOTA_FREE_BYTES: String(2000), FILE_MAX_BYTES: String(2000) });
});
afterAll(() => ctx.close());

const objectPath = (id: string) => path.join(ctx.dataDir, 'files', 'files', id);
const mine = (client: TestClient, query = '') => client.json<MyFilesPage>('GET', `/api/files/mine${query}`);
const remove = (client: TestClient, ids: string[]) => client.json<DeleteFilesResult>('POST', '/api/files/delete', { ids });

/** A conversation of the owner's whose reply shows the image, as a DocBot run with a generated image leaves it. */
async function conversationShowing(ownerId: string, fileId: string, title: string) {
  const [c] = await ctx.database.db.insert(schema.conversation).values({ ownerId, title, botKind: 'docbot' }).returning();
  await ctx.database.db.insert(schema.aiMessage).values([
    { conversationId: c!.id, seq: 1, role: 'user', text: 'Draw a leaf', status: 'complete' },
    { conversationId: c!.id, seq: 2, role: 'assistant', text: `Here:\n\n![A leaf](/api/files/${fileId})`, status: 'complete' },
  ]);
  return c!.id;
}

describe('listing My Files', () => {
  it('lists the teacher’s own files with kind, size and date, sorted and paged, with the totals against the quota', async () => {
    const { client } = await teacherAt(ctx, await makeSchool(ctx));
    const small = await uploadVia(client, 'ab', 'small.txt', 'text/plain');
    const big = await uploadVia(client, 'x'.repeat(300), 'big.txt', 'text/plain', 'attachment');
    const image = await uploadVia(client, PNG, 'leaf.png', 'image/png', 'image');
    const other = await signedIn(ctx, { role: 'teacher' });
    await uploadVia(other.client, 'not yours', 'theirs.txt', 'text/plain');

    const newest = await mine(client);
    expect(newest.status).toBe(200);
    expect(newest.body.files.map((f) => f.name)).toEqual(['leaf.png', 'big.txt', 'small.txt']);
    expect(newest.body.files[0]).toMatchObject({ id: image.id, kind: 'image', type: 'image/png', size: PNG.length, status: 'ready' });
    expect(newest.body.totals).toEqual({ usedBytes: 2 + 300 + PNG.length, quotaBytes: 5 * 1024 ** 3, fileCount: 3 });

    const bySize = await mine(client, '?sort=size&dir=asc&limit=2');
    expect(bySize.body.files.map((f) => f.id)).toEqual([small.id, image.id]);
    const page2 = await mine(client, '?sort=size&dir=asc&limit=2&page=1');
    expect(page2.body.files.map((f) => f.id)).toEqual([big.id]);
    expect((await mine(client, '?sort=size')).body.files[0]!.id).toBe(big.id);
    // One kind only: the bot editor offers the teacher's knowledge files (issue 39, item 13).
    expect((await mine(client, '?kind=knowledge')).body.files.map((f) => f.id)).toEqual([small.id]);
  });

  it('refuses a bad query with a 422 naming the field, NUL included, and never a 500', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    for (const [query, field] of [
      ['?sort=name', 'sort'],
      ['?sort=size%00', 'sort'],
      ['?dir=%00', 'dir'],
      ['?page=-1', 'page'],
      ['?page=1.5', 'page'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=%00', 'limit'],
      ['?kind=everything', 'kind'],
    ] as const) {
      const res = await client.json<{ error: { code: string; fields: Record<string, string> } }>('GET', `/api/files/mine${query}`);
      expect([query, res.status, res.body.error.code]).toEqual([query, 422, 'validation_failed']);
      expect(Object.keys(res.body.error.fields)).toEqual([field]);
    }
  });

  it('says where each file is used: bots’ knowledge and icons, copies by others, Saved Docs, conversations', async () => {
    const owner = await teacherAt(ctx, await makeSchool(ctx));
    const notes = await uploadVia(owner.client, 'Photosynthesis notes', 'notes.txt', 'text/plain');
    const image = await uploadVia(owner.client, PNG, 'leaf.png', 'image/png', 'image');
    const unused = await uploadVia(owner.client, 'spare', 'spare.txt', 'text/plain');
    const bot = await createVia(
      owner.client,
      docBot({ name: 'Leaf quiz', knowledgeFileIds: [notes.id], icon: { type: 'image', fileId: image.id } }),
    );
    // A copy another teacher made links the same file (their bot: counted, never named).
    const other = await signedIn(ctx, { role: 'teacher' });
    const [copy] = await ctx.database.db
      .insert(schema.bot)
      .values({ ownerId: other.user.id, kind: 'DocBot', name: 'Their copy', settings: {} })
      .returning();
    await ctx.database.db.insert(schema.botKnowledge).values({ botId: copy!.id, fileId: notes.id, position: 0 });
    const doc = await owner.client.json<{ id: string }>('POST', '/api/saved', {
      kind: 'document',
      title: 'Leaf worksheet',
      body: `# Leaf worksheet\n\n![A leaf](/api/files/${image.id})`,
    });
    const saved = await owner.client.json<{ id: string }>('POST', '/api/saved', { kind: 'image', fileId: image.id, title: 'Leaf picture' });
    expect([doc.status, saved.status]).toEqual([201, 201]);
    const chat = await conversationShowing(owner.user.id, image.id, 'Leaf run');

    const files = (await mine(owner.client)).body.files;
    const uses = (id: string) => files.find((f) => f.id === id)!.uses;
    expect(uses(notes.id)).toEqual({
      knowledgeOf: [{ id: bot.id, name: 'Leaf quiz', kind: 'DocBot' }],
      iconOf: [],
      otherBots: 1,
      savedImages: [],
      savedDocs: [],
      conversations: [],
      tickets: [],
    });
    expect(uses(image.id)).toEqual({
      knowledgeOf: [],
      iconOf: [{ id: bot.id, name: 'Leaf quiz', kind: 'DocBot' }],
      otherBots: 0,
      savedImages: [{ id: saved.body.id, title: 'Leaf picture', kind: 'image' }],
      savedDocs: [{ id: doc.body.id, title: 'Leaf worksheet', kind: 'document' }],
      conversations: [{ id: chat, title: 'Leaf run' }],
      tickets: [],
    });
    expect(uses(unused.id)).toMatchObject({ knowledgeOf: [], savedDocs: [], conversations: [], otherBots: 0 });
  });
});

describe('deleting files', () => {
  it('deletes several at once: says what it affected, takes the file out of the bot’s knowledge, frees the quota, removes the objects', async () => {
    const owner = await teacherAt(ctx, await makeSchool(ctx));
    const notes = await uploadVia(owner.client, 'Cell notes', 'cells.txt', 'text/plain');
    const keep = await uploadVia(owner.client, 'Keep me', 'keep.txt', 'text/plain');
    const image = await uploadVia(owner.client, PNG, 'cell.png', 'image/png', 'image');
    const bot = await createVia(owner.client, docBot({ name: 'Cells', knowledgeFileIds: [notes.id, keep.id] }));
    const doc = await owner.client.json<{ id: string }>('POST', '/api/saved', {
      kind: 'document',
      title: 'Cell sheet',
      body: `![Cell](/api/files/${image.id})`,
    });
    const saved = await owner.client.json<{ id: string }>('POST', '/api/saved', { kind: 'image', fileId: image.id });
    expect(existsSync(objectPath(notes.id))).toBe(true);
    const before = (await mine(owner.client)).body.totals;

    const res = await remove(owner.client, [notes.id, image.id]);
    expect(res.status).toBe(200);
    expect(res.body.deleted.sort()).toEqual([notes.id, image.id].sort());
    expect(res.body.freedBytes).toBe('Cell notes'.length + PNG.length);
    expect(res.body.affected.knowledgeOf).toEqual([{ id: bot.id, name: 'Cells', kind: 'DocBot' }]);
    expect(res.body.affected.savedDocs.map((d) => d.id)).toEqual([doc.body.id]);
    expect(res.body.affected.savedImages.map((d) => d.id)).toEqual([saved.body.id]);
    expect(res.body.totals).toEqual({ ...before, usedBytes: before.usedBytes - res.body.freedBytes, fileCount: before.fileCount - 2 });

    // The bot keeps its other knowledge file, and its version moved on (an open editor hears of it).
    const after = await owner.client.json<BotJson & { knowledgeFiles: { id: string }[] }>('GET', `/api/bots/${bot.id}`);
    expect(after.body.knowledgeFiles.map((f) => f.id)).toEqual([keep.id]);
    expect(after.body.version).toBe(bot.version + 1);
    expect((await owner.client.json('GET', `/api/saved/${saved.body.id}`)).status).toBe(404);
    expect((await owner.client.json('GET', `/api/saved/${doc.body.id}`)).status).toBe(200);
    const usage = await owner.client.json<StorageUsage>('GET', '/api/files/usage');
    expect(usage.body.usedBytes).toBe(res.body.totals.usedBytes);
    expect(existsSync(objectPath(notes.id))).toBe(false);
    expect(existsSync(objectPath(image.id))).toBe(false);
    expect(existsSync(objectPath(keep.id))).toBe(true);
    expect(await ctx.database.db.select().from(schema.fileDeletion)).toEqual([]);
    // Sent again (a retry after a lost answer): nothing left to delete, and nothing else touched.
    expect((await remove(owner.client, [notes.id])).status).toBe(404);
    expect((await mine(owner.client)).body.files.map((f) => f.id)).toEqual([keep.id]);
  });

  it('lets a free teacher over a full quota delete a file and upload again', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const first = await uploadVia(client, 'y'.repeat(1500), 'first.txt', 'text/plain');
    const refused = await client.request('POST', '/api/files', formOf('z'.repeat(800), 'second.txt'));
    expect(refused.status).toBe(402);
    const res = await remove(client, [first.id]);
    expect([res.status, res.body.totals.usedBytes, res.body.totals.quotaBytes]).toEqual([200, 0, 2000]);
    expect((await client.request('POST', '/api/files', formOf('z'.repeat(800), 'second.txt'))).status).toBe(201);
  });

  it('frees the quota even when storage fails, and the sweep removes the object later', async () => {
    const { client, user } = await signedIn(ctx, { role: 'teacher' });
    const doomed = await uploadVia(client, 'doomed', 'doomed.txt', 'text/plain');
    const storage = filesRuntime(ctx.config).storage;
    const spy = vi.spyOn(storage, 'delete').mockRejectedValueOnce(new Error('storage is down'));
    const res = await remove(client, [doomed.id]);
    spy.mockRestore();
    expect([res.status, res.body.totals.usedBytes]).toEqual([200, 0]);
    const pending = await ctx.database.db
      .select()
      .from(schema.fileDeletion)
      .where(eq(schema.fileDeletion.storageKey, `files/${doomed.id}`));
    expect(pending).toHaveLength(1);
    expect(existsSync(objectPath(doomed.id))).toBe(true);
    expect((await sweepFiles({ db: ctx.database.db, config: ctx.config })).deleted).toBeGreaterThanOrEqual(1);
    expect(existsSync(objectPath(doomed.id))).toBe(false);
    expect(
      await ctx.database.db
        .select()
        .from(schema.fileDeletion)
        .where(eq(schema.fileDeletion.storageKey, `files/${doomed.id}`)),
    ).toEqual([]);
    expect(await ctx.database.db.select().from(schema.file).where(eq(schema.file.ownerId, user.id))).toEqual([]);
  });

  it('refuses a bad body with a 422 and deletes nothing', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const kept = await uploadVia(client, 'kept', 'kept.txt', 'text/plain');
    for (const body of [{}, { ids: [] }, { ids: ['not-an-id'] }, { ids: [`${kept.id}\u0000`] }, { ids: Array(101).fill(kept.id) }]) {
      expect((await client.json('POST', '/api/files/delete', body)).status).toBe(422);
    }
    expect((await mine(client)).body.files.map((f) => f.id)).toEqual([kept.id]);
  });
});

function formOf(data: string, name: string) {
  const form = new FormData();
  form.set('file', new File([data], name, { type: 'text/plain' }));
  form.set('purpose', 'knowledge');
  return form;
}
