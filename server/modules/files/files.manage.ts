import { and, asc, count, desc, eq, inArray, or, sql, sum } from 'drizzle-orm';
import type { DeleteFilesResult, MyFile, MyFilesPage, MyFilesQuery, StorageTotals } from '../../../contract/my-files';
import type { FileType } from '../../../contract/files';
import { schema, type Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import { logWarning } from '../../lib/log';
import type { FileRow } from './files.presenter';
import { filesRuntime } from './files.runtime';
import type { FilesDeps } from './files.service';
import { mergeUses, noUses, usesOf } from './files.uses';

const { file, fileDeletion, bot, botKnowledge } = schema;

const isImage = (row: Pick<FileRow, 'sniffedType'>) => row.sniffedType.startsWith('image/');

/** The owner's storage: bytes in use (files still being processed count) and how many files. */
export async function storageTotals(db: Pick<Db, 'select'>, ownerId: string, quotaBytes: number): Promise<StorageTotals> {
  const [row] = await db
    .select({ used: sum(file.size), files: count() })
    .from(file)
    .where(eq(file.ownerId, ownerId));
  return { usedBytes: Number(row?.used ?? 0), quotaBytes, fileCount: row?.files ?? 0 };
}

/** One page of the owner's files in the asked order (ties broken by id, so pages never overlap), with where each is used. */
export async function listMyFiles(db: Db, ownerId: string, query: MyFilesQuery, quotaBytes: number): Promise<MyFilesPage> {
  const column = query.sort === 'size' ? file.size : file.createdAt;
  const order = query.dir === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(file)
    .where(and(eq(file.ownerId, ownerId), query.kind ? eq(file.purpose, query.kind) : undefined))
    .orderBy(order(column), order(file.id))
    .limit(query.limit)
    .offset(query.page * query.limit);
  const { byFile } = await usesOf(db, {
    ownerId,
    ids: rows.map((r) => r.id),
    imageIds: rows.filter(isImage).map((r) => r.id),
  });
  const files: MyFile[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.purpose,
    type: r.sniffedType as FileType,
    status: r.status,
    size: r.size,
    createdAt: r.createdAt.toISOString(),
    pendingUntil: r.pendingUntil?.toISOString() ?? null,
    uses: byFile.get(r.id) ?? noUses(),
  }));
  return { files, page: query.page, limit: query.limit, totals: await storageTotals(db, ownerId, quotaBytes) };
}

/**
 * Deletes these files of the owner's in one transaction: the rows go (the quota is freed at once),
 * with them the bots' links to them (each such bot's version moves on, so an open editor learns of
 * it) and Saved Docs image items; the stored objects are removed after the commit. Ids that are
 * not the owner's (or are gone already) are left out; none at all is a 404.
 */
export async function deleteMyFiles(deps: FilesDeps, ownerId: string, ids: string[], quotaBytes: number): Promise<DeleteFilesResult> {
  const wanted = [...new Set(ids)];
  const done = await deps.db.transaction(async (tx) => {
    // The owner's lock, as uploads take it: a delete and an upload's quota check do not interleave.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ownerId}))`);
    const rows = await tx
      .select({ id: file.id, size: file.size, storageKey: file.storageKey, sniffedType: file.sniffedType })
      .from(file)
      .where(and(eq(file.ownerId, ownerId), inArray(file.id, wanted)))
      .for('update');
    if (!rows.length) throw notFound(message(wanted.length === 1 ? 'fileNotFound' : 'filesNotFound'));
    const found = rows.map((r) => r.id);
    const uses = await usesOf(tx, { ownerId, ids: found, imageIds: rows.filter(isImage).map((r) => r.id) });
    const linked = tx.select({ id: botKnowledge.botId }).from(botKnowledge).where(inArray(botKnowledge.fileId, found));
    await tx
      .update(bot)
      .set({ version: sql`${bot.version} + 1`, updatedAt: new Date() })
      .where(or(inArray(bot.id, linked), inArray(bot.iconFileId, found)));
    await tx
      .insert(fileDeletion)
      .values(rows.map((r) => ({ storageKey: r.storageKey })))
      .onConflictDoNothing();
    // Knowledge links and Saved Docs image items go by cascade; icons and ticket attachments are unset.
    await tx.delete(file).where(inArray(file.id, found));
    return {
      deleted: found,
      freedBytes: rows.reduce((n, r) => n + r.size, 0),
      affected: mergeUses(uses.byFile.values(), uses.otherBots),
      keys: rows.map((r) => r.storageKey),
    };
  });
  await removeObjects(deps, done.keys);
  return {
    deleted: done.deleted,
    freedBytes: done.freedBytes,
    affected: done.affected,
    totals: await storageTotals(deps.db, ownerId, quotaBytes),
  };
}

/**
 * Removes stored objects whose rows are gone, crossing each off the pending list once removed.
 * Removing is safe to repeat (an object already gone counts as removed); a failure leaves the key
 * listed for the next sweep and is logged by code only.
 */
export async function removeObjects(deps: FilesDeps, keys: string[]): Promise<number> {
  const storage = filesRuntime(deps.config).storage;
  let removed = 0;
  for (const key of keys) {
    try {
      await storage.delete(key);
      await deps.db.delete(fileDeletion).where(eq(fileDeletion.storageKey, key));
      removed++;
    } catch (err) {
      logWarning(null, 'files.delete_object', err);
    }
  }
  return removed;
}

/** Retries the removals a failed storage call left behind (the files sweep runs it). */
export async function sweepPendingDeletions(deps: FilesDeps): Promise<number> {
  const pending = await deps.db.select({ key: fileDeletion.storageKey }).from(fileDeletion).limit(1000);
  return removeObjects(
    deps,
    pending.map((p) => p.key),
  );
}
