import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FileUses } from '../../../contract/my-files';
import { schema, type Db } from '../../db/client';

const { bot, botKnowledge, savedItem, aiMessage, conversation, supportMessage, supportTicket } = schema;

/** A transaction or the database: where-used is read in both. */
type Reader = Pick<Db, 'select' | 'selectDistinct'>;

export const noUses = (): FileUses => ({
  knowledgeOf: [],
  iconOf: [],
  otherBots: 0,
  savedImages: [],
  savedDocs: [],
  conversations: [],
  tickets: [],
});

/** The files to look up: every id, and which of them are images (only images are shown inside text). */
export interface UseQuery {
  ownerId: string;
  ids: string[];
  imageIds: string[];
}

/**
 * Where each of these files of the owner is used: the owner's bots (knowledge, icon), copies other
 * teachers made of them (a count only: their bots are theirs), the owner's Saved Docs (an image item,
 * or a document showing the image), conversations showing the image, support tickets carrying the
 * file. A handful of statements for the whole page, whatever its size.
 */
export async function usesOf(db: Reader, q: UseQuery): Promise<{ byFile: Map<string, FileUses>; otherBots: number }> {
  const uses = new Map(q.ids.map((id) => [id, noUses()]));
  if (!q.ids.length) return { byFile: uses, otherBots: 0 };
  const at = (id: string) => uses.get(id)!;

  const knowledge = await db
    .selectDistinct({ fileId: botKnowledge.fileId, id: bot.id, name: bot.name, kind: bot.kind, ownerId: bot.ownerId })
    .from(botKnowledge)
    .innerJoin(bot, eq(bot.id, botKnowledge.botId))
    .where(and(inArray(botKnowledge.fileId, q.ids), isNull(bot.deletedAt)));
  const icons = await db
    .select({ fileId: bot.iconFileId, id: bot.id, name: bot.name, kind: bot.kind, ownerId: bot.ownerId })
    .from(bot)
    .where(and(inArray(bot.iconFileId, q.ids), isNull(bot.deletedAt)));
  const others = new Map<string, Set<string>>();
  for (const [rows, list] of [
    [knowledge, 'knowledgeOf'],
    [icons, 'iconOf'],
  ] as const) {
    for (const r of rows) {
      if (!r.fileId) continue;
      if (r.ownerId === q.ownerId) at(r.fileId)[list].push({ id: r.id, name: r.name, kind: r.kind });
      else others.set(r.fileId, (others.get(r.fileId) ?? new Set()).add(r.id));
    }
  }
  for (const [fileId, bots] of others) at(fileId).otherBots = bots.size;
  const otherBots = new Set([...others.values()].flatMap((bots) => [...bots])).size;

  const savedImages = await db
    .select({ fileId: savedItem.fileId, id: savedItem.id, title: savedItem.title, kind: savedItem.kind })
    .from(savedItem)
    .where(and(eq(savedItem.ownerId, q.ownerId), inArray(savedItem.fileId, q.ids), isNull(savedItem.deletedAt)));
  for (const r of savedImages) if (r.fileId) at(r.fileId).savedImages.push({ id: r.id, title: r.title, kind: r.kind });

  const tickets = await db
    .selectDistinct({ fileId: supportMessage.attachmentFileId, id: supportTicket.id, subject: supportTicket.subject })
    .from(supportMessage)
    .innerJoin(supportTicket, eq(supportTicket.id, supportMessage.ticketId))
    .where(inArray(supportMessage.attachmentFileId, q.ids));
  for (const r of tickets) if (r.fileId) at(r.fileId).tickets.push({ id: r.id, subject: r.subject });

  if (q.imageIds.length) await textUses(db, q, at);
  return { byFile: uses, otherBots };
}

/** One boolean column per image id: whether the text holds it (its /api/files/<id> address). */
function matchColumns(ids: string[], holds: (id: string) => SQL<boolean>) {
  return Object.fromEntries(ids.map((id, i) => [`m${i}`, holds(id)])) as Record<string, SQL<boolean>>;
}

/** Documents of Saved Docs and conversations that show one of the images in their text. */
async function textUses(db: Reader, q: UseQuery, at: (id: string) => FileUses) {
  const ids = q.imageIds;
  const inBody = (id: string) => sql<boolean>`strpos(${savedItem.body}, ${id}) > 0`;
  const docs = await db
    .select({ id: savedItem.id, title: savedItem.title, kind: savedItem.kind, ...matchColumns(ids, inBody) })
    .from(savedItem)
    .where(and(eq(savedItem.ownerId, q.ownerId), isNull(savedItem.deletedAt), ne(savedItem.kind, 'image'), or(...ids.map(inBody))));
  for (const r of docs) {
    ids.forEach((id, i) => {
      if ((r as Record<string, unknown>)[`m${i}`]) at(id).savedDocs.push({ id: r.id, title: r.title, kind: r.kind });
    });
  }
  const inMessage = (id: string) => sql<boolean>`strpos(${aiMessage.text}, ${id}) > 0`;
  const anyMessage = (id: string) => sql<boolean>`bool_or(strpos(${aiMessage.text}, ${id}) > 0)`;
  const chats = await db
    .select({ id: conversation.id, title: conversation.title, ...matchColumns(ids, anyMessage) })
    .from(aiMessage)
    .innerJoin(conversation, eq(conversation.id, aiMessage.conversationId))
    .where(and(eq(conversation.ownerId, q.ownerId), or(...ids.map(inMessage))))
    .groupBy(conversation.id, conversation.title);
  for (const r of chats) {
    ids.forEach((id, i) => {
      if ((r as Record<string, unknown>)[`m${i}`]) at(id).conversations.push({ id: r.id, title: r.title });
    });
  }
}

/** Several files' uses as one: what deleting them all affects, each bot, item and ticket once. */
export function mergeUses(all: Iterable<FileUses>, otherBots: number): FileUses {
  const merged = noUses();
  const seen = new Set<string>();
  const add = <T extends { id: string }>(list: T[], item: T, key: string) => {
    if (seen.has(`${key}:${item.id}`)) return;
    seen.add(`${key}:${item.id}`);
    list.push(item);
  };
  for (const u of all) {
    for (const b of u.knowledgeOf) add(merged.knowledgeOf, b, 'k');
    for (const b of u.iconOf) add(merged.iconOf, b, 'i');
    for (const s of u.savedImages) add(merged.savedImages, s, 's');
    for (const s of u.savedDocs) add(merged.savedDocs, s, 'd');
    for (const c of u.conversations) add(merged.conversations, c, 'c');
    for (const t of u.tickets) add(merged.tickets, t, 't');
  }
  merged.otherBots = otherBots;
  return merged;
}
