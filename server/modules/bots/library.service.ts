import { and, asc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { BotDetail, BotPage, BotRouteParams, ListBotsQuery } from '../../../contract/bots';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { AppError } from '../../lib/errors';
import { assertRouteMatches, botNotFound, visibleTo, type BotActor } from './bots.policy';
import { presentDetail, presentSummary, type BotRow, type KnowledgeRef } from './bots.presenter';

const b = schema.bot;

/**
 * The keyset cursor: the last row's sort key. The timestamp travels as text with microseconds,
 * since a JavaScript Date would round it to milliseconds and skip or repeat rows.
 */
type Cursor = { k: 'recent'; at: string; id: string } | { k: 'name'; name: string; id: string };

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(raw: string, expected: Cursor['k']): Cursor {
  const bad = () =>
    new AppError('validation_failed', 422, 'Some fields need attention.', {
      fields: { cursor: 'This page of the library has expired; reload the list.' },
    });
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  const o = c as Partial<Record<string, unknown>>;
  const uuidOk = typeof o.id === 'string' && /^[0-9a-f-]{36}$/i.test(o.id);
  if (expected === 'recent' && o.k === 'recent' && typeof o.at === 'string' && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(o.at) && uuidOk)
    return c as Cursor;
  if (expected === 'name' && o.k === 'name' && typeof o.name === 'string' && uuidOk) return c as Cursor;
  throw bad();
}

/** Escapes LIKE wildcards so a search for "100%" means the text "100%". */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

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
 * thousandth page costs what the first does.
 */
export async function listBots(db: Db, actor: BotActor, query: ListBotsQuery): Promise<BotPage> {
  const scope = tabScope(actor, query);
  if (!scope) return { items: [], nextCursor: null };
  const byName = query.tab === 'templates';
  const search = query.q ? or(ilike(b.name, likePattern(query.q)), ilike(b.description, likePattern(query.q))) : undefined;
  let after: SQL | undefined;
  if (query.cursor) {
    const c = decodeCursor(query.cursor, byName ? 'name' : 'recent');
    after =
      c.k === 'name'
        ? sql`(${b.name}, ${b.id}) > (${c.name}, ${c.id}::uuid)`
        : sql`(${b.activeAt}, ${b.id}) < (${c.at}::timestamptz, ${c.id}::uuid)`;
  }
  const rows = await db
    .select({ row: b, at: sql<string>`to_char(${b.activeAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` })
    .from(b)
    .where(and(scope, search, after))
    // NULLS LAST matches the indexes' order (the columns are never null).
    .orderBy(...(byName ? [asc(b.name), asc(b.id)] : [sql`${b.activeAt} desc nulls last`, sql`${b.id} desc nulls last`]))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor(byName ? { k: 'name', name: last.row.name, id: last.row.id } : { k: 'recent', at: last.at, id: last.row.id })
      : null;
  return { items: page.map((r) => presentSummary(actor, r.row)), nextCursor };
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

export async function detailOf(db: Db, actor: BotActor, row: BotRow): Promise<BotDetail> {
  return presentDetail(actor, row, await loadKnowledge(db, row.id));
}

/** GET /api/bots/:id: the bot when the actor may see it and the page's route parameters match. */
export async function getBot(db: Db, actor: BotActor, id: string, params: BotRouteParams): Promise<BotDetail> {
  const row = await findVisibleBot(db, actor, id);
  assertRouteMatches(actor, row, params);
  return detailOf(db, actor, row);
}
