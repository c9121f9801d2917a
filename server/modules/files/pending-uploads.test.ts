import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_UPLOAD_HOURS, UPLOAD_FILE_ID_HEADER, type FileInfo } from '../../../contract/files';
import type { DiscardFilesResult, KeepFilesResult, MyFilesPage } from '../../../contract/my-files';
import { schema } from '../../db/client';
import { createTestContext, signedIn, type TestClient, type TestContext } from '../../../tests/harness';
import { createVia, docBot, type BotJson, type ErrorJson } from '../bots/bots.test-helpers';
import { sweepFiles } from './files.sweep';
import { fileClient, PNG, uploadVia } from './files.test-helpers';

// Issue 39, item 12: a knowledge file (or icon) uploaded in a bot editor that is then left unsaved
// stayed in My Files for ever as unused storage. Now an editor's upload waits for a save that uses
// it (pending_until, PENDING_UPLOAD_HOURS); the save, or Keep on My Files, makes it an ordinary
// file; the editor gives up its own on leaving (POST /api/files/discard); and the hourly sweep
// deletes, with their stored bytes, those past their time that nothing uses.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ FILE_MAX_BYTES: String(4 * 1024 * 1024) });
});
afterAll(() => ctx.close());

const objectPath = (id: string) => path.join(ctx.dataDir, 'files', 'files', id);
const sweep = () => sweepFiles({ db: ctx.database.db, config: ctx.config });
const mine = async (client: TestClient) => (await client.json<MyFilesPage>('GET', '/api/files/mine')).body.files;

/** An upload as a bot editor sends it: the form carries pending=true. */
async function editorUpload(client: TestClient, text: string | Buffer, name: string, purpose = 'knowledge', type = 'text/plain') {
  const form = new FormData();
  form.set('file', new File([typeof text === 'string' ? text : new Uint8Array(text)], name, { type }));
  form.set('purpose', purpose);
  form.set('pending', 'true');
  const res = await client.request('POST', '/api/files', form);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as FileInfo;
}

/** Moves a file's deadline into the past, as if a day had gone by. */
async function expire(id: string) {
  await ctx.database.db
    .update(schema.file)
    .set({ pendingUntil: new Date(Date.now() - 60_000) })
    .where(eq(schema.file.id, id));
}

const rowOf = async (id: string) => (await ctx.database.db.select().from(schema.file).where(eq(schema.file.id, id)))[0];

describe('an upload from a bot editor waits for the save', () => {
  it('is pending for PENDING_UPLOAD_HOURS, shown so on My Files; an upload from My Files never is', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const before = Date.now();
    const waiting = await editorUpload(client, 'Cell notes', 'cells.txt');
    const library = await uploadVia(client, 'Library notes', 'library.txt', 'text/plain');
    const until = Date.parse(waiting.pendingUntil!);
    expect(until).toBeGreaterThanOrEqual(before + PENDING_UPLOAD_HOURS * 3_600_000);
    expect(until).toBeLessThanOrEqual(Date.now() + PENDING_UPLOAD_HOURS * 3_600_000);
    expect(library.pendingUntil).toBeNull();
    const files = await mine(client);
    expect(files.find((f) => f.id === waiting.id)?.pendingUntil).toBe(waiting.pendingUntil);
    expect(files.find((f) => f.id === library.id)?.pendingUntil).toBeNull();
  });

  it('a resumable (tus) upload from an editor is pending too', async () => {
    const client = await fileClient(ctx);
    const data = Buffer.from('word '.repeat(60_000));
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const created = await client.send('POST', '/api/uploads', undefined, {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(data.length),
      'Upload-Metadata': `filename ${b64('big.txt')},filetype ${b64('text/plain')},purpose ${b64('knowledge')},pending ${b64('true')}`,
    });
    expect(created.status).toBe(201);
    const last = await client.send('PATCH', created.headers.get('location')!, new Uint8Array(data), {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    });
    expect(last.status).toBe(204);
    const row = await rowOf(last.headers.get(UPLOAD_FILE_ID_HEADER.toLowerCase())!);
    expect(row?.pendingUntil).toBeInstanceOf(Date);
  });

  it('a save that uses it (create or update, knowledge or icon) makes it an ordinary file the sweep leaves alone', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const first = await editorUpload(client, 'Leaf notes', 'leaf.txt');
    const icon = await editorUpload(client, PNG, 'leaf.png', 'icon', 'image/png');
    const bot = await createVia(client, docBot({ knowledgeFileIds: [first.id], icon: { type: 'image', fileId: icon.id } }));
    const later = await editorUpload(client, 'Stem notes', 'stem.txt');
    const saved = await client.json<BotJson>('PUT', `/api/bots/${bot.id}`, {
      ...docBot({ knowledgeFileIds: [first.id, later.id], icon: { type: 'image', fileId: icon.id } }),
      version: bot.version,
    });
    expect(saved.status).toBe(200);
    for (const id of [first.id, icon.id, later.id]) expect((await rowOf(id))?.pendingUntil).toBeNull();
    await sweep();
    for (const id of [first.id, icon.id, later.id]) expect(existsSync(objectPath(id))).toBe(true);
  });

  it('a refused save keeps nothing: the upload still waits', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const notes = await editorUpload(client, 'Notes', 'notes.txt');
    const refused = await client.json<ErrorJson>('POST', '/api/bots', docBot({ name: '', knowledgeFileIds: [notes.id] }));
    expect(refused.status).toBe(422);
    expect((await rowOf(notes.id))?.pendingUntil).toBeInstanceOf(Date);
  });
});

describe('the hourly sweep', () => {
  it('deletes an editor’s upload left unsaved past its time, with its stored bytes, and frees the quota', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const left = await editorUpload(client, 'Left behind', 'left.txt');
    const fresh = await editorUpload(client, 'Still in an open editor', 'fresh.txt');
    const library = await uploadVia(client, 'Library file', 'library.txt', 'text/plain');
    await expire(left.id);
    await ctx.database.db
      .update(schema.file)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(schema.file.id, library.id));
    expect(existsSync(objectPath(left.id))).toBe(true);

    expect((await sweep()).pending).toBeGreaterThanOrEqual(1);
    expect(await rowOf(left.id)).toBeUndefined();
    expect(existsSync(objectPath(left.id))).toBe(false);
    // Not yet past its time, and a library file, however old and unused: both stay.
    expect((await mine(client)).map((f) => f.id).sort()).toEqual([fresh.id, library.id].sort());
    expect((await client.json<MyFilesPage>('GET', '/api/files/mine')).body.totals.usedBytes).toBe(
      'Still in an open editor'.length + 'Library file'.length,
    );
    expect(
      await ctx.database.db
        .select()
        .from(schema.fileDeletion)
        .where(eq(schema.fileDeletion.storageKey, `files/${left.id}`)),
    ).toEqual([]);
  });

  it('keeps, and makes ordinary, an expired upload that something uses after all (a bot in the bin, a ticket)', async () => {
    const { client, user } = await signedIn(ctx, { role: 'teacher' });
    const inBin = await editorUpload(client, 'Binned bot notes', 'bin.txt');
    const [binned] = await ctx.database.db
      .insert(schema.bot)
      .values({ ownerId: user.id, kind: 'DocBot', name: 'Binned', settings: {}, deletedAt: new Date() })
      .returning();
    await ctx.database.db.insert(schema.botKnowledge).values({ botId: binned!.id, fileId: inBin.id, position: 0 });
    const onTicket = await editorUpload(client, 'Ticket notes', 'ticket.txt');
    // A support message carrying it, as a ticket's attachment does.
    const [ticket] = await ctx.database.db
      .insert(schema.supportTicket)
      .values({ userId: user.id, category: 'question', subject: 'A question' })
      .returning();
    await ctx.database.db
      .insert(schema.supportMessage)
      .values({ ticketId: ticket!.id, authorUserId: user.id, body: 'See the file.', attachmentFileId: onTicket.id });
    await expire(inBin.id);
    await expire(onTicket.id);
    await sweep();
    for (const id of [inBin.id, onTicket.id]) {
      expect((await rowOf(id))?.pendingUntil).toBeNull();
      expect(existsSync(objectPath(id))).toBe(true);
    }
  });

  it('a save after the sweep took the file asks for it again (422), and saves nothing half-way', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const gone = await editorUpload(client, 'Too late', 'late.txt');
    await expire(gone.id);
    await sweep();
    const res = await client.json<ErrorJson>('POST', '/api/bots', docBot({ name: 'Late', knowledgeFileIds: [gone.id] }));
    expect(res.status).toBe(422);
    expect(res.body.error.fields?.['knowledgeFileIds.0']).toMatch(/upload it again/);
  });
});

describe('Keep and Discard', () => {
  it('Keep makes a waiting upload a library file the sweep leaves alone; kept twice is no error', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const notes = await editorUpload(client, 'Keep me', 'keep.txt');
    const kept = await client.json<KeepFilesResult>('POST', '/api/files/keep', { ids: [notes.id] });
    expect([kept.status, kept.body.kept]).toEqual([200, [notes.id]]);
    expect((await client.json<KeepFilesResult>('POST', '/api/files/keep', { ids: [notes.id] })).status).toBe(200);
    expect((await rowOf(notes.id))?.pendingUntil).toBeNull();
    await sweep();
    expect(existsSync(objectPath(notes.id))).toBe(true);
  });

  it('Discard deletes the editor’s waiting uploads at once and leaves saved and library files alone', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const dropped = await editorUpload(client, 'Dropped', 'dropped.txt');
    const used = await editorUpload(client, 'Used', 'used.txt');
    await createVia(client, docBot({ knowledgeFileIds: [used.id] }));
    const library = await uploadVia(client, 'Library', 'library.txt', 'text/plain');
    const res = await client.json<DiscardFilesResult>('POST', '/api/files/discard', { ids: [dropped.id, used.id, library.id] });
    expect([res.status, res.body.discarded]).toEqual([200, [dropped.id]]);
    expect(existsSync(objectPath(dropped.id))).toBe(false);
    expect((await mine(client)).map((f) => f.id).sort()).toEqual([used.id, library.id].sort());
    // Sent again (keepalive on unload and the editor's own unmount): nothing more to do.
    expect((await client.json<DiscardFilesResult>('POST', '/api/files/discard', { ids: [dropped.id] })).body.discarded).toEqual([]);
  });

  it('refuses a bad body or a bad pending flag with a 422 naming the field, and stores nothing', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const notes = await editorUpload(client, 'Waiting', 'waiting.txt');
    for (const url of ['/api/files/keep', '/api/files/discard']) {
      for (const body of [{}, { ids: [] }, { ids: ['not-an-id'] }, { ids: [`${notes.id}\u0000`] }, { ids: Array(101).fill(notes.id) }]) {
        const res = await client.json<ErrorJson>('POST', url, body);
        expect([url, res.status, Object.keys(res.body.error.fields ?? {})[0]?.split('.')[0]]).toEqual([url, 422, 'ids']);
      }
    }
    expect((await rowOf(notes.id))?.pendingUntil).toBeInstanceOf(Date);
    for (const [pending, purpose] of [
      ['yes', 'knowledge'],
      ['true', 'attachment'],
      ['true', 'image'],
    ]) {
      const form = new FormData();
      form.set('file', new File(['x'], 'x.txt', { type: 'text/plain' }));
      form.set('purpose', purpose!);
      form.set('pending', pending!);
      const res = await client.request('POST', '/api/files', form);
      const body = (await res.json()) as ErrorJson;
      expect([pending, purpose, res.status, Object.keys(body.error.fields ?? {})]).toEqual([pending, purpose, 422, ['pending']]);
    }
    expect((await mine(client)).map((f) => f.id)).toEqual([notes.id]);
  });
});
