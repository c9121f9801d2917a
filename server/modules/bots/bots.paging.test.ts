import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { schema } from '../../db/client';
import { createTestContext, signedIn, type TestContext } from '../../../tests/harness';
import { createVia, docBot, type BotJson, type ErrorJson } from './bots.test-helpers';
import { syncBuiltinTemplates } from './templates/sync';

type Page = { items: BotJson[]; nextCursor: string | null };
type Client = Awaited<ReturnType<typeof signedIn>>['client'];

let ctx: TestContext;
let teacher: Awaited<ReturnType<typeof signedIn>>;
const ids: string[] = [];
const fractionIds: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  teacher = await signedIn(ctx);
  const base = Date.UTC(2026, 0, 1);
  // 250 bots whose activity times collide in groups of 25, so the id has to break ties.
  const rows = Array.from({ length: 250 }, (_, i) => ({
    ownerId: teacher.user.id,
    kind: 'DocBot' as const,
    name: i % 3 === 0 ? `Fractions practice ${i}` : `Reading sheet ${i}`,
    description: i % 10 === 0 ? 'Has 100% of the answers' : 'A sheet',
    settings: {},
    activeAt: new Date(base + Math.floor(i / 25) * 1000),
  }));
  const inserted = await ctx.database.db.insert(schema.bot).values(rows).returning({ id: schema.bot.id, name: schema.bot.name });
  for (const r of inserted) {
    ids.push(r.id);
    if (r.name.startsWith('Fractions')) fractionIds.push(r.id);
  }
  // Some times differ only in microseconds, which a millisecond cursor would get wrong.
  await ctx.database.db.execute(
    sql`update bot set active_at = active_at + (random() * 900)::int * interval '1 microsecond' where owner_id = ${teacher.user.id} and name like '%5'`,
  );
  const other = await signedIn(ctx);
  await ctx.database.db
    .insert(schema.bot)
    .values({ ownerId: other.user.id, kind: 'DocBot', name: 'Fractions of someone else', settings: {} });
});
afterAll(() => ctx.close());

async function pageThrough(client: Client, query: string, limit: number, from: string | null = null) {
  const seen: BotJson[] = [];
  let cursor: string | null = from;
  let pages = 0;
  do {
    const url = `/api/bots?kind=DocBot&${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await client.json<Page>('GET', url);
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    seen.push(...res.body.items);
    cursor = res.body.nextCursor;
    pages++;
  } while (cursor && pages < 100);
  return { seen, pages };
}

describe('library paging (keyset)', () => {
  it('pages through 250 bots with no duplicates and no gaps, newest activity first', async () => {
    const { seen, pages } = await pageThrough(teacher.client, 'tab=mine', 37);
    expect(pages).toBe(7);
    const seenIds = seen.map((b) => b.id);
    expect(new Set(seenIds).size).toBe(250);
    expect([...seenIds].sort()).toEqual([...ids].sort());
    const order = await ctx.database.db
      .select({ id: schema.bot.id })
      .from(schema.bot)
      .where(eq(schema.bot.ownerId, teacher.user.id))
      .orderBy(desc(schema.bot.activeAt), desc(schema.bot.id));
    const expected = order.map((r) => r.id);
    expect(seenIds).toEqual(expected);
  });

  it("pages a search the same way, matching name or description and only the caller's bots", async () => {
    const { seen } = await pageThrough(teacher.client, 'tab=mine&q=fractions', 9);
    expect(seen.map((b) => b.id).sort()).toEqual([...fractionIds].sort());
    const percent = await pageThrough(teacher.client, `tab=mine&q=${encodeURIComponent('100%')}`, 10);
    expect(percent.seen).toHaveLength(25);
    const underscore = await teacher.client.json<Page>('GET', '/api/bots?kind=DocBot&tab=mine&q=_');
    expect(underscore.body.items).toEqual([]);
  });

  it('pages a ranked search (score, then last activity, then id) to the same list whatever the page size', async () => {
    // "Fractions practice" matches two of the words in a name, "Reading sheet" one: both groups, best first.
    const small = await pageThrough(teacher.client, 'tab=mine&q=fractions%20practice%20reading', 7);
    const large = await pageThrough(teacher.client, 'tab=mine&q=fractions%20practice%20reading', 100);
    const seenIds = small.seen.map((b) => b.id);
    expect(new Set(seenIds).size).toBe(250);
    expect(seenIds).toEqual(large.seen.map((b) => b.id));
    // Equal scores keep the tab's own order: newest activity first within each group.
    const order = await ctx.database.db
      .select({ id: schema.bot.id })
      .from(schema.bot)
      .where(eq(schema.bot.ownerId, teacher.user.id))
      .orderBy(desc(schema.bot.activeAt), desc(schema.bot.id));
    const fractionsFirst = order.map((r) => r.id).filter((id) => fractionIds.includes(id));
    expect(seenIds.slice(0, fractionIds.length)).toEqual(fractionsFirst);
  });

  it('does not repeat or skip rows when a bot is added between pages', async () => {
    const first = await teacher.client.json<Page>('GET', '/api/bots?kind=DocBot&tab=mine&limit=50');
    await createVia(teacher.client, docBot({ name: 'Brand new' }));
    const rest = await pageThrough(teacher.client, 'tab=mine', 100, first.body.nextCursor);
    const all = [...first.body.items, ...rest.seen].map((b) => b.id);
    expect(new Set(all).size).toBe(250);
  });

  it('filters by collection and pages the templates by name', async () => {
    const col = await teacher.client.json<{ id: string }>('POST', '/api/collections', { kind: 'DocBot', name: 'Maths' });
    for (const id of ids.slice(0, 3)) await teacher.client.json('PUT', `/api/bots/${id}/collection`, { collectionId: col.body.id });
    const inCol = await teacher.client.json<Page>('GET', `/api/bots?kind=DocBot&tab=mine&collectionId=${col.body.id}`);
    expect(inCol.body.items.map((b) => b.id).sort()).toEqual(ids.slice(0, 3).sort());
    const list = await teacher.client.json<{ collections: { botCount: number }[] }>('GET', '/api/collections?kind=DocBot');
    expect(list.body.collections).toMatchObject([{ name: 'Maths', botCount: 3 }]);

    await syncBuiltinTemplates(ctx.database.db);
    const { seen } = await pageThrough(teacher.client, 'tab=templates', 5);
    const names = seen.map((b) => b.name);
    expect(names.length).toBeGreaterThanOrEqual(12);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(seen.every((b) => b.uid === 'builtin' && b.sid === 'none')).toBe(true);
  });

  it('rejects a damaged cursor or a bad query with a clear message', async () => {
    const bad = await teacher.client.json<ErrorJson>('GET', '/api/bots?kind=DocBot&cursor=garbage');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'bad_cursor', message: 'This page of the library has expired; reload the list.' });
    const kind = await teacher.client.json<ErrorJson>('GET', '/api/bots?kind=Robot');
    expect(kind.body.error.fields).toEqual({ kind: 'Choose DocBot, ChatBot or TutorBot.' });
    const tab = await teacher.client.json<ErrorJson>('GET', '/api/bots?kind=DocBot&tab=all');
    expect(tab.body.error.fields).toEqual({ tab: 'Choose Mine, School, Public or Templates.' });
    const limit = await teacher.client.json<ErrorJson>('GET', '/api/bots?kind=DocBot&limit=1000');
    expect(limit.status).toBe(422);
  });
});
