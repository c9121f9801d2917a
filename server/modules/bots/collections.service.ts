import { and, asc, count, eq, isNull, max, sql } from 'drizzle-orm';
import type { BotCollection, BotKind, CreateCollectionInput, ReorderCollectionsInput } from '../../../contract/bots';
import { isUuid } from '../../../contract/common';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { conflict, invalidFields, notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import type { BotActor } from './bots.policy';

const col = schema.botCollection;
/** Enough for any real library; stops a runaway client from making thousands. */
export const MAX_COLLECTIONS_PER_KIND = 100;

const collectionNotFound = () => notFound(message('collectionNotFound'));
const mine = (actor: BotActor) => eq(col.ownerId, actor.userId);

/** A collection of the actor's for this kind, or a 422 on the collectionId field. */
export async function assertOwnCollection(db: Db, actor: BotActor, id: string, kind: BotKind) {
  const [found] = await db
    .select({ id: col.id })
    .from(col)
    .where(and(eq(col.id, id), mine(actor), eq(col.kind, kind)));
  if (!found) {
    throw invalidFields({ collectionId: message('chooseOwnCollection') });
  }
}

/** The actor's collections of one kind, in their order, with how many live bots each holds. */
export async function listCollections(db: Db, actor: BotActor, kind: BotKind): Promise<BotCollection[]> {
  const rows = await db
    .select({ id: col.id, kind: col.kind, name: col.name, position: col.position, botCount: count(schema.bot.id) })
    .from(col)
    .leftJoin(schema.bot, and(eq(schema.bot.collectionId, col.id), eq(schema.bot.ownerId, actor.userId), isNull(schema.bot.deletedAt)))
    .where(and(mine(actor), eq(col.kind, kind)))
    .groupBy(col.id)
    .orderBy(asc(col.position), asc(col.createdAt), asc(col.id));
  return rows.map((r) => ({ ...r, botCount: Number(r.botCount) }));
}

export async function createCollection(db: Db, actor: BotActor, input: CreateCollectionInput): Promise<BotCollection> {
  return db.transaction(async (tx) => {
    const [{ n, last } = { n: 0, last: null }] = await tx
      .select({ n: count(), last: max(col.position) })
      .from(col)
      .where(and(mine(actor), eq(col.kind, input.kind)));
    if (Number(n) >= MAX_COLLECTIONS_PER_KIND) {
      throw invalidFields({
        name: message('collectionsAtMost', { max: MAX_COLLECTIONS_PER_KIND }),
      });
    }
    const [row] = await tx
      .insert(col)
      .values({ ownerId: actor.userId, kind: input.kind, name: input.name, position: (last ?? -1) + 1 })
      .returning();
    return { id: row!.id, kind: row!.kind, name: row!.name, position: row!.position, botCount: 0 };
  });
}

export async function renameCollection(db: Db, actor: BotActor, id: string, name: string): Promise<BotCollection> {
  const [row] = await db
    .update(col)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(col.id, id), mine(actor)))
    .returning();
  if (!row) throw collectionNotFound();
  const [found] = (await listCollections(db, actor, row.kind)).filter((c) => c.id === id);
  return found!;
}

/** Deletes a collection; its bots stay in the library, outside any collection. */
export async function deleteCollection(db: Db, actor: BotActor, id: string): Promise<void> {
  const [row] = await db
    .delete(col)
    .where(and(eq(col.id, id), mine(actor)))
    .returning({ id: col.id });
  if (!row) throw collectionNotFound();
}

/** Puts the actor's collections of a kind in the given order; the list must be exactly theirs. */
export async function reorderCollections(db: Db, actor: BotActor, input: ReorderCollectionsInput): Promise<BotCollection[]> {
  await db.transaction(async (tx) => {
    const current = await tx
      .select({ id: col.id })
      .from(col)
      .where(and(mine(actor), eq(col.kind, input.kind)));
    const ids = new Set(current.map((c) => c.id));
    if (ids.size !== input.ids.length || !input.ids.every((id) => ids.has(id))) {
      throw conflict(message('collectionsChanged'));
    }
    for (const [position, id] of input.ids.entries()) {
      await tx
        .update(col)
        .set({ position, updatedAt: sql`now()` })
        .where(and(eq(col.id, id), mine(actor)));
    }
  });
  return listCollections(db, actor, input.kind);
}

/** An id from the URL: anything that is not a uuid is simply not found. */
export function collectionIdParam(id: string): string {
  if (!isUuid(id)) throw collectionNotFound();
  return id.toLowerCase();
}
