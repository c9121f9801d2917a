import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { isUuid, text, uuid } from '../../../contract/common';
import {
  type CreateSavedInput,
  type ListSavedQuery,
  type SavedBotList,
  type SavedDetail,
  type SavedPage,
  type UpdateSavedInput,
  listSavedQuery,
} from '../../../contract/saved';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { cursorTimestamp, keysetCursor, timestampText } from '../../lib/cursor';
import { invalidFields, notFound } from '../../lib/errors';
import { message, type ServerMessage } from '../../lib/message';
import { visibleTo } from '../bots';
import { findConversation, visibleMessages } from '../conversations';
import { findOwnFile } from '../files';
import { titleFromMarkdown } from './plain-text';
import { ownedBy, savedNotFound, type SavedActor } from './saved.policy';
import { presentDetail, presentSummary, type BotRef, type SavedRow } from './saved.presenter';

const s = schema.savedItem;
const b = schema.bot;

/** The keyset cursor: the last row's sort key in the chosen order (the title is lower-cased, as it sorts). */
const cursor = keysetCursor(
  z.discriminatedUnion('k', [
    z.object({ k: z.enum(['updated', 'created']), at: cursorTimestamp, id: uuid() }),
    z.object({ k: z.literal('title'), t: text({ max: 1000 }), id: uuid() }),
  ]),
  message('savedPageExpired'),
);

/** Escapes LIKE wildcards so a search for "100%" means the text "100%". */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The bot of an item, joined only when the actor may still see (and so run) it. */
function botJoin(actor: SavedActor) {
  return and(eq(b.id, s.botId), visibleTo(actor))!;
}
const botColumns = { id: b.id, kind: b.kind, ownerId: b.ownerId, schoolId: b.schoolId };
const botOrNull = (
  bot: { id: string | null; kind: BotRef['kind'] | null; ownerId: string | null; schoolId: string | null } | null,
): BotRef | null => (bot?.id && bot.kind ? { id: bot.id, kind: bot.kind, ownerId: bot.ownerId, schoolId: bot.schoolId } : null);

/**
 * One page of the actor's Saved Docs, keyset-paged in the chosen order, with the search and the
 * filters inside the same where clause.
 */
export async function listSaved(db: Db, actor: SavedActor, raw: ListSavedQuery): Promise<SavedPage> {
  const query = listSavedQuery.parse(raw);
  const search = query.q ? or(ilike(s.title, likePattern(query.q)), ilike(s.body, likePattern(query.q))) : undefined;
  const titleKey = sql<string>`lower(${s.title})`;
  let after: SQL | undefined;
  if (query.cursor) {
    const c = cursor.decode(query.cursor, (key) => key.k === query.sort);
    if (c.k === 'title') after = sql`(${titleKey}, ${s.id}) > (${c.t}, ${c.id}::uuid)`;
    else after = sql`(${c.k === 'updated' ? s.updatedAt : s.createdAt}, ${s.id}) < (${c.at}::timestamptz, ${c.id}::uuid)`;
  }
  const order =
    query.sort === 'title'
      ? [asc(titleKey), asc(s.id)]
      : [sql`${query.sort === 'updated' ? s.updatedAt : s.createdAt} desc nulls last`, sql`${s.id} desc nulls last`];
  const rows = await db
    .select({ row: s, bot: botColumns, at: timestampText(query.sort === 'created' ? s.createdAt : s.updatedAt), t: titleKey })
    .from(s)
    .leftJoin(b, botJoin(actor))
    .where(
      and(
        ownedBy(actor),
        query.kind ? eq(s.kind, query.kind) : undefined,
        query.botId ? eq(s.botId, query.botId) : undefined,
        search,
        after,
      ),
    )
    .orderBy(...order)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > query.limit && last
      ? cursor.encode(query.sort === 'title' ? { k: 'title', t: last.t, id: last.row.id } : { k: query.sort, at: last.at, id: last.row.id })
      : null;
  return { items: page.map((r) => presentSummary(actor, r.row, botOrNull(r.bot))), nextCursor };
}

/** The bots the actor has saved something from (by the name saved with the item), for the filter. */
export async function listSavedBots(db: Db, actor: SavedActor): Promise<SavedBotList> {
  const rows = await db
    .selectDistinctOn([s.botId], { botId: s.botId, botName: s.botName, botKind: s.botKind })
    .from(s)
    .where(and(ownedBy(actor), sql`${s.botId} is not null`))
    .orderBy(s.botId, sql`${s.updatedAt} desc`);
  return {
    bots: rows
      .flatMap((r) => (r.botId ? [{ botId: r.botId, botName: r.botName, botKind: r.botKind }] : []))
      .sort((x, y) => x.botName.localeCompare(y.botName)),
  };
}

async function findOwn(
  db: Db,
  actor: SavedActor,
  id: string,
  opts: { deleted?: boolean } = {},
): Promise<{ row: SavedRow; bot: BotRef | null } | undefined> {
  const [r] = await db
    .select({ row: s, bot: botColumns })
    .from(s)
    .leftJoin(b, botJoin(actor))
    .where(and(eq(s.id, id), ownedBy(actor, opts)));
  return r ? { row: r.row, bot: botOrNull(r.bot) } : undefined;
}

/** One of the actor's items, with its text. */
export async function getSaved(db: Db, actor: SavedActor, id: string): Promise<SavedDetail> {
  const found = await findOwn(db, actor, id);
  if (!found) throw savedNotFound();
  return presentDetail(actor, found.row, found.bot);
}

/** The raw row, for the export (owner-scoped like every read). */
export async function getSavedRow(db: Db, actor: SavedActor, id: string): Promise<SavedRow> {
  const found = await findOwn(db, actor, id);
  if (!found) throw savedNotFound();
  return found.row;
}

/** A bot the actor may see, as the item's snapshot; an unknown or hidden bot is 404. */
async function botSnapshot(db: Db, actor: SavedActor, botId: string | null | undefined) {
  if (!isUuid(botId)) return { botId: null, botKind: null, botName: '' };
  const [row] = await db
    .select({ id: b.id, kind: b.kind, name: b.name })
    .from(b)
    .where(and(eq(b.id, botId), visibleTo(actor)));
  if (!row) throw notFound(message('botNotFound'));
  return { botId: row.id, botKind: row.kind, botName: row.name };
}

/** A conversation's visible turns as Markdown: what search, the editor's preview and the export read. */
async function transcriptOf(db: Db, conversationId: string, botName: string): Promise<{ markdown: string; firstMessage: string }> {
  const messages = await visibleMessages(db, conversationId);
  const turns = messages.filter((m) => m.text.trim() && (m.status === 'complete' || m.status === 'interrupted'));
  const speaker = botName || 'Assistant';
  const markdown = turns.map((m) => `#### ${m.role === 'user' ? 'You' : speaker}\n\n${m.text.trim()}`).join('\n\n');
  return { markdown, firstMessage: turns.find((m) => m.role === 'user')?.text.trim() ?? '' };
}

const shortTitle = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 77).trimEnd()}…` : line;
};

const UNTITLED = 'Untitled document';

/** Save to Saved Docs: a document, a conversation (by reference, with a transcript snapshot) or an image. */
export async function createSaved(db: Db, actor: SavedActor, input: CreateSavedInput): Promise<SavedDetail> {
  let values: typeof s.$inferInsert;
  if (input.kind === 'document') {
    const conversation = input.conversationId ? await findConversation(db, actor.userId, input.conversationId) : null;
    const bot = await botSnapshot(db, actor, input.botId ?? conversation?.botId);
    const title = input.title ?? (titleFromMarkdown(input.body) || UNTITLED);
    values = {
      ownerId: actor.userId,
      kind: 'document',
      title,
      titleFromHeading: input.title === undefined,
      body: input.body,
      conversationId: conversation?.id ?? null,
      ...bot,
    };
  } else if (input.kind === 'conversation') {
    const conversation = await findConversation(db, actor.userId, input.conversationId);
    const bot = await botSnapshot(db, actor, conversation.botId);
    const transcript = await transcriptOf(db, conversation.id, bot.botName);
    const title = input.title ?? (shortTitle(transcript.firstMessage) || conversation.title || 'Conversation');
    values = { ownerId: actor.userId, kind: 'conversation', title, body: transcript.markdown, conversationId: conversation.id, ...bot };
  } else {
    const file = await findOwnFile(db, actor.userId, input.fileId);
    if (!file || file.status !== 'ready' || !file.sniffedType.startsWith('image/')) throw notFound(message('imageNotFound'));
    const bot = await botSnapshot(db, actor, input.botId);
    values = { ownerId: actor.userId, kind: 'image', title: input.title ?? file.name, body: '', fileId: file.id, ...bot };
  }
  const [row] = await db.insert(s).values(values).returning();
  return getSaved(db, actor, row!.id);
}

export type UpdateResult = { ok: SavedDetail } | { conflict: SavedDetail };

/**
 * An edit against the version the client saw. The version check is in the UPDATE's where clause,
 * so of two tabs that saw version n exactly one wins; the other gets the current item back.
 */
export async function updateSaved(db: Db, actor: SavedActor, id: string, input: UpdateSavedInput): Promise<UpdateResult> {
  const found = await findOwn(db, actor, id);
  if (!found) throw savedNotFound();
  const { row } = found;
  const changes: Partial<typeof s.$inferInsert> = {};
  if (input.title !== undefined) {
    // The teacher named it: from now on the title stays what they wrote.
    changes.title = input.title;
    changes.titleFromHeading = false;
  }
  if (input.body !== undefined) {
    if (row.kind !== 'document') throw fieldError('body', message('onlyDocumentEdited'));
    changes.body = input.body;
    // A title the teacher never set follows the text (the version check below makes `row` the row it changes).
    if (input.title === undefined && row.titleFromHeading) changes.title = titleFromMarkdown(input.body) || row.title;
  }
  if (input.conversationId !== undefined) {
    if (row.kind !== 'document') throw fieldError('conversationId', message('onlyDocumentMoves'));
    changes.conversationId = (await findConversation(db, actor.userId, input.conversationId)).id;
  }
  if (input.resync) {
    if (row.kind !== 'conversation' || !row.conversationId) throw fieldError('resync', message('onlySavedConversation'));
    changes.body = (await transcriptOf(db, row.conversationId, row.botName)).markdown;
  }
  const [updated] = await db
    .update(s)
    .set({ ...changes, version: sql`${s.version} + 1`, updatedAt: new Date() })
    .where(and(eq(s.id, id), ownedBy(actor), eq(s.version, input.version)))
    .returning({ id: s.id });
  const current = await findOwn(db, actor, id);
  if (!current) throw savedNotFound();
  const detail = presentDetail(actor, current.row, current.bot);
  return updated ? { ok: detail } : { conflict: detail };
}

const fieldError = (field: string, problem: ServerMessage) => invalidFields({ [field]: problem });

/** A copy of one's own item, "Title (copy)", as a new item at version 1. */
export async function duplicateSaved(db: Db, actor: SavedActor, id: string): Promise<SavedDetail> {
  const found = await findOwn(db, actor, id);
  if (!found) throw savedNotFound();
  const r = found.row;
  const title = `${r.title.slice(0, 190)} (copy)`;
  const [row] = await db
    .insert(s)
    .values({
      ownerId: actor.userId,
      kind: r.kind,
      title,
      body: r.body,
      conversationId: r.conversationId,
      fileId: r.fileId,
      botId: r.botId,
      botKind: r.botKind,
      botName: r.botName,
    })
    .returning({ id: s.id });
  return getSaved(db, actor, row!.id);
}

/** Soft delete; Undo restores it. */
export async function deleteSaved(db: Db, actor: SavedActor, id: string): Promise<void> {
  const rows = await db
    .update(s)
    .set({ deletedAt: new Date() })
    .where(and(eq(s.id, id), ownedBy(actor)))
    .returning({ id: s.id });
  if (!rows.length) throw savedNotFound();
}

export async function restoreSaved(db: Db, actor: SavedActor, id: string): Promise<SavedDetail> {
  const rows = await db
    .update(s)
    .set({ deletedAt: null })
    .where(and(eq(s.id, id), ownedBy(actor, { deleted: true })))
    .returning({ id: s.id });
  if (!rows.length) throw savedNotFound();
  return getSaved(db, actor, id);
}
