import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FileUses } from '../../../contract/my-files';
import { schema, type Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import { removeObjects } from './files.manage';
import type { FilesDeps } from './files.service';
import { usesOf } from './files.uses';

const { file, fileDeletion, bot, botKnowledge } = schema;

/** A transaction or the database. */
type Writer = Pick<Db, 'update'>;

const anyUse = (u: FileUses) =>
  u.otherBots > 0 || [u.knowledgeOf, u.iconOf, u.savedImages, u.savedDocs, u.conversations, u.tickets].some((l) => l.length > 0);

/** How many expired uploads one sweep settles: the rest wait for the next hour. */
const SWEEP_BATCH = 500;

/**
 * Makes these uploads of the owner's ordinary files: a bot's save that uses them calls it in its
 * own transaction (before it checks the files, so the sweep cannot take one between the check and
 * the link), and so does Keep on My Files. Answers the ids that were waiting.
 */
export async function keepPendingFiles(db: Writer, ownerId: string, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const rows = await db
    .update(file)
    .set({ pendingUntil: null, updatedAt: new Date() })
    .where(and(eq(file.ownerId, ownerId), inArray(file.id, wanted), isNotNull(file.pendingUntil)))
    .returning({ id: file.id });
  return rows.map((r) => r.id);
}

/**
 * POST /api/files/keep: the owner keeps these files (from My Files). Ids that are not the owner's
 * are left out; none of the owner's at all is a 404, as a delete is. A file kept already stays so.
 */
export async function keepMyFiles(db: Db, ownerId: string, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const own = await tx
      .select({ id: file.id })
      .from(file)
      .where(and(eq(file.ownerId, ownerId), inArray(file.id, wanted)));
    if (!own.length) throw notFound(message(wanted.length === 1 ? 'fileNotFound' : 'filesNotFound'));
    await keepPendingFiles(tx, ownerId, wanted);
    return own.map((r) => r.id);
  });
}

/**
 * Deletes the owner's uploads among `ids` that still wait for a save and that nothing uses; one
 * that something uses after all (a bot, even one in the bin, a copy, a Saved Doc, a chat, a ticket)
 * is kept instead. `expiredOnly`: only those past their time (the sweep); otherwise any still
 * waiting (the editor that made them was left unsaved). Rows go in one transaction under the
 * owner's lock, as a delete's do; the stored objects after the commit. Answers the ids deleted.
 */
async function settlePending(deps: FilesDeps, ownerId: string, ids: string[], expiredOnly: boolean): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const done = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ownerId}))`);
    // Locked rows: a save that keeps one of them first makes it no longer pending, and is not undone.
    const rows = await tx
      .select({ id: file.id, storageKey: file.storageKey, sniffedType: file.sniffedType })
      .from(file)
      .where(
        and(
          eq(file.ownerId, ownerId),
          inArray(file.id, wanted),
          eq(file.status, 'ready'),
          expiredOnly ? lt(file.pendingUntil, new Date()) : isNotNull(file.pendingUntil),
        ),
      )
      .for('update');
    if (!rows.length) return { deleted: [], keys: [] };
    const found = rows.map((r) => r.id);
    const { byFile } = await usesOf(tx, {
      ownerId,
      ids: found,
      imageIds: rows.filter((r) => r.sniffedType.startsWith('image/')).map((r) => r.id),
    });
    // Links of any bot, deleted ones (the bin) and other teachers' copies included.
    const knowledge = await tx.select({ id: botKnowledge.fileId }).from(botKnowledge).where(inArray(botKnowledge.fileId, found));
    const icons = await tx.select({ id: bot.iconFileId }).from(bot).where(inArray(bot.iconFileId, found));
    const linked = new Set([...knowledge, ...icons].map((r) => r.id));
    const inUse = (id: string) => {
      const u = byFile.get(id);
      return linked.has(id) || (u !== undefined && anyUse(u));
    };
    const used = found.filter(inUse);
    if (used.length) await keepPendingFiles(tx, ownerId, used);
    const gone = rows.filter((r) => !used.includes(r.id));
    if (!gone.length) return { deleted: [], keys: [] };
    await tx
      .insert(fileDeletion)
      .values(gone.map((r) => ({ storageKey: r.storageKey })))
      .onConflictDoNothing();
    await tx.delete(file).where(
      inArray(
        file.id,
        gone.map((r) => r.id),
      ),
    );
    return { deleted: gone.map((r) => r.id), keys: gone.map((r) => r.storageKey) };
  });
  await removeObjects(deps, done.keys);
  return done.deleted;
}

/** POST /api/files/discard: the uploads a bot editor made, given up when it is left unsaved. */
export function discardPendingFiles(deps: FilesDeps, ownerId: string, ids: string[]): Promise<string[]> {
  return settlePending(deps, ownerId, ids, false);
}

/**
 * The hourly part of the files sweep: editors' uploads past their time (a closed tab, a crash, a
 * file taken out of the draft before the save) that nothing uses are deleted with their stored
 * bytes; any that something uses are kept. Answers how many were deleted.
 */
export async function sweepPendingUploads(deps: FilesDeps): Promise<number> {
  const expired = await deps.db
    .select({ id: file.id, ownerId: file.ownerId })
    .from(file)
    .where(and(lt(file.pendingUntil, new Date()), eq(file.status, 'ready')))
    .orderBy(file.pendingUntil)
    .limit(SWEEP_BATCH);
  const byOwner = new Map<string, string[]>();
  for (const r of expired) byOwner.set(r.ownerId, [...(byOwner.get(r.ownerId) ?? []), r.id]);
  let deleted = 0;
  for (const [ownerId, ids] of byOwner) deleted += (await settlePending(deps, ownerId, ids, true)).length;
  return deleted;
}
