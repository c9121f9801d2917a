import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedConflictBody, SavedDetail, SavedPage } from '../../../contract/saved';
import { createTestContext, signedIn, type TestContext } from '../../../tests/harness';
import { addTurns, docBot, makeConversation, makeImage } from './saved.test-helpers';

// Saved Docs: save from each runner kind, reopen, search, filter, sort, page, edit with versions.
let ctx: TestContext;
type Client = Awaited<ReturnType<typeof signedIn>>['client'];
let teacher: Client;
let teacherUser: Awaited<ReturnType<typeof signedIn>>['user'];

beforeAll(async () => {
  ctx = await createTestContext();
  ({ client: teacher, user: teacherUser } = await signedIn(ctx, { role: 'teacher', name: 'Ms Rivera' }));
});
afterAll(() => ctx.close());

const save = async (body: unknown) => {
  const res = await teacher.json<SavedDetail>('POST', '/api/saved', body);
  expect(res.status).toBe(201);
  return res.body;
};

describe('saving and reopening', () => {
  it('saves a DocBot document with its run, titled by its first heading, and reopens it', async () => {
    const bot = await teacher.json<{ id: string }>('POST', '/api/bots', docBot({ name: 'Quiz maker' }));
    const run = await makeConversation(ctx, teacherUser.id, ['Topic: volcanoes', '# Volcano quiz\n\n1. What is magma?'], {
      id: bot.body.id,
      kind: 'docbot',
    });
    const item = await save({
      kind: 'document',
      body: 'Intro line\n\n## Volcano quiz for Friday\n\n1. What is magma?',
      conversationId: run.id,
    });
    expect(item).toMatchObject({
      kind: 'document',
      title: 'Volcano quiz for Friday',
      botId: bot.body.id,
      botKind: 'DocBot',
      botName: 'Quiz maker',
      conversationId: run.id,
      version: 1,
    });
    expect(item.runner).toEqual({ botId: bot.body.id, kind: 'DocBot', shared: false, uid: teacherUser.id, sid: 'none' });

    const reopened = await teacher.json<SavedDetail>('GET', `/api/saved/${item.id}`);
    expect(reopened.body.body).toContain('What is magma?');

    // Refined in the runner, then saved again: the same item, one version on.
    const again = await teacher.json<SavedDetail>('PATCH', `/api/saved/${item.id}`, {
      version: 1,
      body: '## Volcano quiz for Friday\n\n1. What is magma?\n2. What is lava?',
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: item.id, version: 2 });
    expect(again.body.body).toContain('What is lava?');
  });

  it('saves a ChatBot conversation by reference, titled by its first message; saving again resyncs the transcript', async () => {
    const chat = await makeConversation(ctx, teacherUser.id, [
      'How do I calm a noisy class after lunch?',
      'Try a two-minute breathing routine.',
    ]);
    const item = await save({ kind: 'conversation', conversationId: chat.id });
    expect(item).toMatchObject({ kind: 'conversation', title: 'How do I calm a noisy class after lunch?', conversationId: chat.id });
    expect(item.body).toContain('#### You');
    expect(item.body).toContain('breathing routine');

    // Reopening continues the stored conversation; two more turns, then Save again.
    await addTurns(ctx, chat.id, ['And for Fridays?', 'Plan a short movement break.'], 2);
    const again = await teacher.json<SavedDetail>('PATCH', `/api/saved/${item.id}`, { version: item.version, resync: true });
    expect(again.status).toBe(200);
    expect(again.body.body).toContain('movement break');
    expect(again.body.version).toBe(item.version + 1);

    // A conversation is not edited by hand.
    const edit = await teacher.json('PATCH', `/api/saved/${item.id}`, { version: again.body.version, body: 'rewritten' });
    expect(edit.status).toBe(422);
  });

  it('saves a generated image and refuses a file that is not an image of the caller', async () => {
    const file = await makeImage(ctx, { ...teacherUser, role: 'teacher' });
    const item = await save({ kind: 'image', fileId: file.id });
    expect(item).toMatchObject({ kind: 'image', title: 'volcano.png', fileId: file.id });
    const other = await signedIn(ctx, { role: 'teacher' });
    const otherFile = await makeImage(ctx, { ...other.user, role: 'teacher' });
    expect((await teacher.json('POST', '/api/saved', { kind: 'image', fileId: otherFile.id })).status).toBe(404);
  });

  it("refuses someone else's conversation as not found", async () => {
    const other = await signedIn(ctx, { role: 'teacher' });
    const chat = await makeConversation(ctx, other.user.id, ['Secret plans']);
    expect((await teacher.json('POST', '/api/saved', { kind: 'conversation', conversationId: chat.id })).status).toBe(404);
    expect((await teacher.json('POST', '/api/saved', { kind: 'document', body: '# x', conversationId: chat.id })).status).toBe(404);
  });
});

describe('the list', () => {
  let client: Client;
  beforeAll(async () => {
    ({ client } = await signedIn(ctx, { role: 'teacher' }));
    const bot = await client.json<{ id: string }>('POST', '/api/bots', docBot({ name: 'Parent letters' }));
    const docs = [
      ['# Parent e-mail about the trip', 'bus leaves at 8'],
      ['# Fractions worksheet', 'halves and quarters'],
      ['# Apple lesson plan', 'photosynthesis of apple trees'],
      ['# Zebra reading passage', 'striped 100% cotton'],
      ['# Behaviour note', 'calm corner'],
    ];
    for (const [i, [head, text]] of docs.entries()) {
      const res = await client.json('POST', '/api/saved', {
        kind: 'document',
        body: `${head}\n\n${text}`,
        ...(i === 0 ? { botId: bot.body.id } : {}),
      });
      expect(res.status).toBe(201);
    }
  });

  const list = async (qs: string) => {
    const res = await client.json<SavedPage>('GET', `/api/saved?${qs}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  it('searches titles and text, with LIKE wildcards taken literally', async () => {
    expect((await list('q=fractions')).items.map((i) => i.title)).toEqual(['Fractions worksheet']);
    expect((await list('q=PHOTOSYNTHESIS')).items.map((i) => i.title)).toEqual(['Apple lesson plan']);
    expect((await list('q=100%25')).items.map((i) => i.title)).toEqual(['Zebra reading passage']);
    expect((await list('q=_')).items).toEqual([]);
  });

  it('filters by kind and by bot, and lists the bots to filter by', async () => {
    expect((await list('kind=document')).items).toHaveLength(5);
    expect((await list('kind=image')).items).toHaveLength(0);
    const bots = await client.json<{ bots: { botId: string; botName: string }[] }>('GET', '/api/saved/bots');
    expect(bots.body.bots.map((b) => b.botName)).toEqual(['Parent letters']);
    expect((await list(`botId=${bots.body.bots[0]!.botId}`)).items.map((i) => i.title)).toEqual(['Parent e-mail about the trip']);
  });

  it('sorts by title and pages on the server without repeats or gaps', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: SavedPage = await list(`sort=title&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((i) => i.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([
      'Apple lesson plan',
      'Behaviour note',
      'Fractions worksheet',
      'Parent e-mail about the trip',
      'Zebra reading passage',
    ]);

    const recent: string[] = [];
    cursor = null;
    do {
      const page: SavedPage = await list(`sort=updated&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      recent.push(...page.items.map((i) => i.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(recent[0]).toBe('Behaviour note');
    expect(new Set(recent).size).toBe(5);
    const garbage = await client.json<{ error: { code: string; message: string } }>('GET', '/api/saved?sort=created&cursor=garbage');
    expect(garbage.status).toBe(400);
    expect(garbage.body.error).toMatchObject({ code: 'bad_cursor', message: 'This page of Saved Docs has expired; reload the list.' });
  });
});

describe('editing', () => {
  it('keeps both texts when two tabs edit the same version: the later save gets 409 with the current item', async () => {
    const item = await save({ kind: 'document', body: '# Exit ticket\n\nOne thing you learned.' });
    const tabA = await teacher.json<SavedDetail>('PATCH', `/api/saved/${item.id}`, {
      version: 1,
      body: '# Exit ticket\n\nText from tab A',
    });
    expect(tabA.status).toBe(200);
    const tabB = await teacher.json<SavedConflictBody>('PATCH', `/api/saved/${item.id}`, {
      version: 1,
      body: '# Exit ticket\n\nText from tab B',
    });
    expect(tabB.status).toBe(409);
    expect(tabB.body.error.code).toBe('conflict');
    expect(tabB.body.current).toMatchObject({ version: 2, body: '# Exit ticket\n\nText from tab A' });
    // Tab B resolves by saving its text against the current version.
    const resolved = await teacher.json<SavedDetail>('PATCH', `/api/saved/${item.id}`, {
      version: 2,
      body: '# Exit ticket\n\nText from tab B',
    });
    expect(resolved.body).toMatchObject({ version: 3, body: '# Exit ticket\n\nText from tab B' });
  });

  it('renames, duplicates, deletes and restores', async () => {
    const item = await save({ kind: 'document', body: '# Rubric\n\n| Level | Meaning |\n|---|---|\n| 4 | Exceeds |' });
    const renamed = await teacher.json<SavedDetail>('PATCH', `/api/saved/${item.id}`, { version: 1, title: 'Essay rubric' });
    expect(renamed.body.title).toBe('Essay rubric');
    const copy = await teacher.json<SavedDetail>('POST', `/api/saved/${item.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ title: 'Essay rubric (copy)', version: 1, body: item.body });
    expect(copy.body.id).not.toBe(item.id);

    expect((await teacher.request('DELETE', `/api/saved/${item.id}`)).status).toBe(204);
    expect((await teacher.json('GET', `/api/saved/${item.id}`)).status).toBe(404);
    const all = await teacher.json<SavedPage>('GET', '/api/saved?limit=100');
    expect(all.body.items.map((i) => i.id)).not.toContain(item.id);
    const restored = await teacher.json<SavedDetail>('POST', `/api/saved/${item.id}/restore`);
    expect(restored.status).toBe(200);
    expect((await teacher.json('GET', `/api/saved/${item.id}`)).status).toBe(200);
  });

  it('validates titles and ids', async () => {
    const item = await save({ kind: 'document', body: '' });
    expect(item.title).toBe('Untitled document');
    expect((await teacher.json('PATCH', `/api/saved/${item.id}`, { version: 1, title: '   ' })).status).toBe(422);
    expect((await teacher.json('GET', '/api/saved/not-a-uuid')).status).toBe(404);
    expect((await teacher.json('POST', '/api/saved', { kind: 'spreadsheet' })).status).toBe(422);
  });

  it('refuses text that cannot be stored and versions beyond an integer column, changing nothing', async () => {
    const item = await save({ kind: 'document', title: 'Plan', body: '# Plan' });
    type Refusal = { error: { code: string; fields?: Record<string, string> } };
    const nul = await teacher.json<Refusal>('PATCH', `/api/saved/${item.id}`, { version: 1, title: 'Pl\u0000an' });
    expect(nul.status).toBe(422);
    expect(nul.body.error.fields?.title).toMatch(/NUL/);
    const half = await teacher.json<Refusal>('PATCH', `/api/saved/${item.id}`, { version: 1, body: 'smile \uD83D' });
    expect(half.status).toBe(422);
    expect(half.body.error.fields?.body).toMatch(/half of an emoji/);
    const huge = await teacher.json<Refusal>('PATCH', `/api/saved/${item.id}`, { version: 2 ** 31, title: 'Plan B' });
    expect(huge.status).toBe(422);
    expect(Object.keys(huge.body.error.fields ?? {})).toEqual(['version']);
    // A whole emoji is text like any other.
    const emoji = await teacher.json<{ title: string; version: number }>('PATCH', `/api/saved/${item.id}`, {
      version: 1,
      title: 'Plan 🍎',
    });
    expect(emoji.body).toMatchObject({ title: 'Plan 🍎', version: 2 });
  });
});
