import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { BotDetail, BotPage, BotRouteParams, FindBotsQuery, FoundBots, ListBotsQuery } from '../../../contract/bots';
import { text, uuid } from '../../../contract/common';
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { cursorTimestamp, keysetCursor, timestampText } from '../../lib/cursor';
import { assertRouteMatches, botNotFound, visibleTo, type BotActor } from './bots.policy';
import { presentDetail, presentSummary, type BotRow, type KnowledgeRef } from './bots.presenter';
import { scoreBots, searchTab, type RankedAfter } from './bot-search';
import { templateRank } from './templates';
import { message } from '../../lib/message';

const b = schema.bot;

/**
 * The keyset cursor: the last row's sort key (templates page by name, the other tabs by last
 * activity; a searched tab by its score first, decision 281).
 */
const cursor = keysetCursor(
  z.discriminatedUnion('k', [
    z.object({ k: z.literal('recent'), at: cursorTimestamp, id: uuid() }),
    z.object({ k: z.literal('name'), name: text({ max: 1000 }), id: uuid() }),
    z.object({ k: z.literal('scoreRecent'), s: z.number().int().min(0).max(1_000_000), at: cursorTimestamp, id: uuid() }),
    z.object({ k: z.literal('scoreName'), s: z.number().int().min(0).max(1_000_000), name: text({ max: 1000 }), id: uuid() }),
  ]),
  message('libraryPageExpired'),
);
type CursorKey = ReturnType<typeof cursor.decode>;

/** The rows a library tab shows (before search and paging), scoped to the actor. */
function tabScope(actor: BotActor, query: ListBotsQuery): SQL | null {
  const live = and(eq(b.kind, query.kind), isNull(b.deletedAt));
  switch (query.tab) {
    case 'mine':
      return and(live, eq(b.ownerId, actor.userId), query.collectionId ? eq(b.collectionId, query.collectionId) : undefined)!;
    case 'school':
      // Without a school licence the School tab is simply empty.
      return actor.schoolId ? and(live, eq(b.visibility, 'school'), eq(b.schoolId, actor.schoolId), isNotNull(b.ownerId))! : null;
    case 'public':
      return and(live, eq(b.visibility, 'public'), isNotNull(b.ownerId))!;
    case 'templates':
      return and(live, isNull(b.ownerId), isNotNull(b.templateKey))!;
  }
}

/**
 * One page of a library tab, newest activity first (templates by name), keyset-paged so the
 * thousandth page costs what the first does. A searched tab is ranked (bot-search.ts): best
 * first, then the tab's own order.
 */
export async function listBots(db: Db, actor: BotActor, query: ListBotsQuery, locale: Locale = DEFAULT_LOCALE): Promise<BotPage> {
  const scope = tabScope(actor, query);
  if (!scope) return { items: [], nextCursor: null };
  const byName = query.tab === 'templates';
  const expected: CursorKey['k'] = query.q ? (byName ? 'scoreName' : 'scoreRecent') : byName ? 'name' : 'recent';
  const c = query.cursor ? cursor.decode(query.cursor, (key) => key.k === expected) : null;
  const school = query.tab === 'school';
  const select = () =>
    db
      .select({ row: b, at: timestampText(b.activeAt), sharer: school ? schema.user.name : sql<null>`null` })
      .from(b)
      // The sharer's name only where it is shown: the School tab, whose rows are all the actor's school's.
      .leftJoin(schema.user, school ? eq(schema.user.id, b.ownerId) : sql`false`);
  if (query.q) {
    const after: RankedAfter | null =
      c?.k === 'scoreName' ? { s: c.s, name: c.name, id: c.id } : c?.k === 'scoreRecent' ? { s: c.s, at: c.at, id: c.id } : null;
    const ranked = await searchTab(db, scope, query.q, locale, byName, after, query.limit + 1);
    const page = ranked.slice(0, query.limit);
    const rows = page.length
      ? await select().where(
          inArray(
            b.id,
            page.map((r) => r.id),
          ),
        )
      : [];
    const byId = new Map(rows.map((r) => [r.row.id, r]));
    const last = page[page.length - 1];
    const nextCursor =
      ranked.length > query.limit && last
        ? cursor.encode(
            byName
              ? { k: 'scoreName', s: last.score, name: last.name, id: last.id }
              : { k: 'scoreRecent', s: last.score, at: last.at, id: last.id },
          )
        : null;
    const items = page.flatMap((r) => {
      const row = byId.get(r.id);
      return row ? [presentSummary(actor, row.row, row.sharer, locale)] : [];
    });
    return { items, nextCursor };
  }
  let after: SQL | undefined;
  if (c?.k === 'name') after = sql`(${b.name}, ${b.id}) > (${c.name}, ${c.id}::uuid)`;
  else if (c?.k === 'recent') after = sql`(${b.activeAt}, ${b.id}) < (${c.at}::timestamptz, ${c.id}::uuid)`;
  const rows = await select()
    .where(and(scope, after))
    // NULLS LAST matches the indexes' order (the columns are never null).
    .orderBy(...(byName ? [asc(b.name), asc(b.id)] : [sql`${b.activeAt} desc nulls last`, sql`${b.id} desc nulls last`]))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > query.limit && last
      ? cursor.encode(byName ? { k: 'name', name: last.row.name, id: last.row.id } : { k: 'recent', at: last.at, id: last.row.id })
      : null;
  return { items: page.map((r) => presentSummary(actor, r.row, r.sharer, locale)), nextCursor };
}

/**
 * GET /api/bots/find: the start page's search. Built-in templates of every kind and the actor's
 * own bots of every kind. With a query, both come from one scored search (bot-search.ts) in the
 * reader's language, best first; ties go to the start page's template order and to the bot used last. Without one,
 * templates most useful first (templates/index.ts) and own bots most recently used first.
 */
export async function findBots(db: Db, actor: BotActor, query: FindBotsQuery, locale: Locale = DEFAULT_LOCALE): Promise<FoundBots> {
  if (query.q) {
    const scored = await scoreBots(db, actor.userId, query.q, query.limit, locale);
    if (scored.length === 0) return { templates: [], mine: [] };
    const scoreOf = new Map(scored.map((s, i) => [s.id, { score: s.score, order: i }]));
    const rows = await db
      .select()
      .from(b)
      .where(
        inArray(
          b.id,
          scored.map((s) => s.id),
        ),
      );
    const by = (x: BotRow, y: BotRow) => {
      const sx = scoreOf.get(x.id)!;
      const sy = scoreOf.get(y.id)!;
      return sy.score - sx.score || templateRank(x.templateKey) - templateRank(y.templateKey) || sx.order - sy.order;
    };
    const sorted = rows.sort(by);
    return {
      templates: sorted
        .filter((r) => r.ownerId === null)
        .slice(0, query.limit)
        .map((row) => presentSummary(actor, row, null, locale)),
      mine: sorted.filter((r) => r.ownerId !== null).map((row) => presentSummary(actor, row, null, locale)),
    };
  }
  // The built-ins are a few dozen rows, so they are ranked here rather than in SQL.
  const [templates, mine] = await Promise.all([
    db
      .select()
      .from(b)
      .where(and(isNull(b.deletedAt), isNull(b.ownerId), isNotNull(b.templateKey))),
    db
      .select()
      .from(b)
      .where(and(isNull(b.deletedAt), eq(b.ownerId, actor.userId)))
      .orderBy(sql`${b.activeAt} desc nulls last`, sql`${b.id} desc nulls last`)
      .limit(query.limit),
  ]);
  const ranked = templates.sort((x, y) => templateRank(x.templateKey) - templateRank(y.templateKey) || x.name.localeCompare(y.name));
  return {
    templates: ranked.slice(0, query.limit).map((row) => presentSummary(actor, row, null, locale)),
    mine: mine.map((row) => presentSummary(actor, row, null, locale)),
  };
}

/** A bot the actor may see, or the shared 404. */
export async function findVisibleBot(db: Db, actor: BotActor, id: string): Promise<BotRow> {
  const [row] = await db
    .select()
    .from(b)
    .where(and(eq(b.id, id), visibleTo(actor)));
  if (!row) throw botNotFound();
  return row;
}

/** The bot's knowledge files, in order, with the names the editor shows. */
export function loadKnowledge(db: Db, botId: string): Promise<KnowledgeRef[]> {
  return db
    .select({ id: schema.file.id, name: schema.file.name, status: schema.file.status })
    .from(schema.botKnowledge)
    .innerJoin(schema.file, eq(schema.file.id, schema.botKnowledge.fileId))
    .where(eq(schema.botKnowledge.botId, botId))
    .orderBy(asc(schema.botKnowledge.position));
}

export async function detailOf(db: Db, actor: BotActor, row: BotRow, locale: Locale = DEFAULT_LOCALE): Promise<BotDetail> {
  return presentDetail(actor, row, await loadKnowledge(db, row.id), locale);
}

/** GET /api/bots/:id: the bot when the actor may see it and the page's route parameters match. */
export async function getBot(
  db: Db,
  actor: BotActor,
  id: string,
  params: BotRouteParams,
  locale: Locale = DEFAULT_LOCALE,
): Promise<BotDetail> {
  const row = await findVisibleBot(db, actor, id);
  assertRouteMatches(actor, row, params);
  return detailOf(db, actor, row, locale);
}
