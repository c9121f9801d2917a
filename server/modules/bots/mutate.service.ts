import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  BOT_LIMITS,
  type BotDetail,
  type BotIcon,
  type CopyBotInput,
  type CreateBotInput,
  type UpdateBotInput,
} from '../../../contract/bots';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { conflict, invalidFields } from '../../lib/errors';
import { assertMayUseVisibility, botNotFound, ownedBy, visibleTo, type BotActor } from './bots.policy';
import type { BotRow } from './bots.presenter';
import { keepPendingFiles } from '../files';
import { checkBotFiles, knowledgeIdsOf, setKnowledge } from './bot-files.service';
import { assertOwnCollection } from './collections.service';
import { detailOf, findVisibleBot } from './library.service';
import { message } from '../../lib/message';

const b = schema.bot;

const iconColumns = (icon: BotIcon | null) =>
  icon?.type === 'image' ? { icon: '', iconFileId: icon.fileId } : { icon: icon?.emoji ?? '', iconFileId: null };

/** The columns an editor writes, shared by add, edit and copy. */
function editableColumns(input: CreateBotInput | UpdateBotInput) {
  return {
    name: input.name,
    description: input.description,
    ...iconColumns(input.icon),
    instructions: input.instructions,
    settings: input.settings as Record<string, unknown>,
    temperature: input.temperature,
    collectionId: input.collectionId,
  };
}

/**
 * The editor's uploads this save uses wait no longer (decision 283): in the save's transaction and
 * before the files are checked, so the hourly sweep either took a file first (the check then asks
 * for it again) or finds it kept. A refused save rolls it back.
 */
async function keepSavedFiles(tx: Db, actor: BotActor, input: CreateBotInput | UpdateBotInput) {
  const icon = iconColumns(input.icon).iconFileId;
  await keepPendingFiles(tx, actor.userId, icon ? [...input.knowledgeFileIds, icon] : input.knowledgeFileIds);
}

async function findOwnBot(db: Db, actor: BotActor, id: string, opts: { includeDeleted?: boolean } = {}): Promise<BotRow> {
  const [row] = await db
    .select()
    .from(b)
    .where(and(eq(b.id, id), ownedBy(actor, opts)));
  if (!row) throw botNotFound();
  return row;
}

/** POST /api/bots: a new bot of the actor's; with copiedFrom, the editor's copy of a bot they may see. */
export async function createBot(db: Db, actor: BotActor, input: CreateBotInput): Promise<BotDetail> {
  assertMayUseVisibility(actor, input.visibility);
  return db.transaction(async (tx) => {
    let inherited = { knowledgeFileIds: [] as string[], iconFileId: null as string | null };
    if (input.copiedFrom) {
      const source = await findVisibleBot(tx, actor, input.copiedFrom);
      if (source.kind !== input.kind) {
        throw invalidFields({ kind: message('copyKeepsKind', { kind: source.kind }) });
      }
      inherited = { knowledgeFileIds: await knowledgeIdsOf(tx, source.id), iconFileId: source.iconFileId };
    }
    if (input.collectionId) await assertOwnCollection(tx, actor, input.collectionId, input.kind);
    await keepSavedFiles(tx, actor, input);
    await checkBotFiles(tx, actor, { knowledgeFileIds: input.knowledgeFileIds, iconFileId: iconColumns(input.icon).iconFileId }, inherited);
    const now = new Date();
    const [row] = await tx
      .insert(b)
      .values({
        ...editableColumns(input),
        kind: input.kind,
        ownerId: actor.userId,
        schoolId: actor.schoolId,
        visibility: input.visibility,
        copiedFrom: input.copiedFrom,
        activeAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await setKnowledge(tx, row!.id, input.knowledgeFileIds);
    return detailOf(tx, actor, row!);
  });
}

/** PUT /api/bots/:id: the owner saves the editor; a stale version is a 409, never a lost update. */
export async function updateBot(db: Db, actor: BotActor, id: string, input: UpdateBotInput): Promise<BotDetail> {
  return db.transaction(async (tx) => {
    const current = await findOwnBot(tx, actor, id);
    if (current.kind !== input.kind) {
      throw invalidFields({ kind: message('botKindFixed') });
    }
    if (current.version !== input.version) throw staleVersion();
    if (input.collectionId) await assertOwnCollection(tx, actor, input.collectionId, input.kind);
    await keepSavedFiles(tx, actor, input);
    await checkBotFiles(
      tx,
      actor,
      { knowledgeFileIds: input.knowledgeFileIds, iconFileId: iconColumns(input.icon).iconFileId },
      { knowledgeFileIds: await knowledgeIdsOf(tx, id), iconFileId: current.iconFileId },
    );
    const now = new Date();
    const [row] = await tx
      .update(b)
      .set({ ...editableColumns(input), schoolId: actor.schoolId, version: sql`${b.version} + 1`, updatedAt: now, activeAt: now })
      // The version in the where clause closes the race between two saves that both read version n.
      .where(and(eq(b.id, id), ownedBy(actor), eq(b.version, input.version)))
      .returning();
    if (!row) throw staleVersion();
    await setKnowledge(tx, id, input.knowledgeFileIds);
    return detailOf(tx, actor, row);
  });
}

const staleVersion = () => conflict(message('botChanged'));

/** POST /api/bots/:id/copy: the library's Copy, a private bot of the actor's with the same content. */
export async function copyBot(db: Db, actor: BotActor, id: string, input: CopyBotInput): Promise<BotDetail> {
  return db.transaction(async (tx) => {
    const source = await findVisibleBot(tx, actor, id);
    if (input.collectionId) await assertOwnCollection(tx, actor, input.collectionId, source.kind);
    const suffix = ' (copy)';
    const name = input.name ?? `${source.name.slice(0, BOT_LIMITS.name - suffix.length)}${suffix}`;
    const now = new Date();
    const [row] = await tx
      .insert(b)
      .values({
        kind: source.kind,
        name,
        description: source.description,
        icon: source.icon,
        iconFileId: source.iconFileId,
        instructions: source.instructions,
        settings: source.settings,
        temperature: source.temperature,
        ownerId: actor.userId,
        schoolId: actor.schoolId,
        visibility: 'private',
        collectionId: input.collectionId,
        copiedFrom: source.id,
        activeAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await setKnowledge(tx, row!.id, await knowledgeIdsOf(tx, source.id));
    return detailOf(tx, actor, row!);
  });
}

/** PUT /api/bots/:id/visibility: the owner shares or unshares; school sharing records their school. */
export async function shareBot(db: Db, actor: BotActor, id: string, visibility: BotRow['visibility']): Promise<BotDetail> {
  assertMayUseVisibility(actor, visibility);
  // Not an edit: the version stays, so an editor open in another tab can still save.
  const [row] = await db
    .update(b)
    .set({ visibility, schoolId: actor.schoolId })
    .where(and(eq(b.id, id), ownedBy(actor)))
    .returning();
  if (!row) throw botNotFound();
  return detailOf(db, actor, row);
}

/** PUT /api/bots/:id/collection: file the bot in one of the owner's collections of its kind, or none. */
export async function moveBot(db: Db, actor: BotActor, id: string, collectionId: string | null): Promise<BotDetail> {
  return db.transaction(async (tx) => {
    const current = await findOwnBot(tx, actor, id);
    if (collectionId) await assertOwnCollection(tx, actor, collectionId, current.kind);
    const [row] = await tx
      .update(b)
      .set({ collectionId })
      .where(and(eq(b.id, id), ownedBy(actor)))
      .returning();
    if (!row) throw botNotFound();
    return detailOf(tx, actor, row);
  });
}

/** DELETE /api/bots/:id: hides the bot at once; Undo (restore) brings it back as it was. */
export async function deleteBot(db: Db, actor: BotActor, id: string): Promise<void> {
  const [row] = await db
    .update(b)
    .set({ deletedAt: new Date() })
    .where(and(eq(b.id, id), ownedBy(actor)))
    .returning({ id: b.id });
  if (!row) throw botNotFound();
}

/** POST /api/bots/:id/restore: the Undo of Delete. Restoring a bot that is not deleted changes nothing. */
export async function restoreBot(db: Db, actor: BotActor, id: string): Promise<BotDetail> {
  const [restored] = await db
    .update(b)
    .set({ deletedAt: null })
    .where(and(eq(b.id, id), ownedBy(actor, { includeDeleted: true }), isNotNull(b.deletedAt)))
    .returning();
  return detailOf(db, actor, restored ?? (await findOwnBot(db, actor, id)));
}

/** POST /api/bots/:id/touch: a run started. The owner's bot records its last use; others' bots are only checked. */
export async function touchBot(db: Db, actor: BotActor, id: string): Promise<void> {
  const now = new Date();
  const [own] = await db
    .update(b)
    .set({ lastUsedAt: now, activeAt: now })
    .where(and(eq(b.id, id), ownedBy(actor)))
    .returning({ id: b.id });
  if (own) return;
  const [seen] = await db
    .select({ id: b.id })
    .from(b)
    .where(and(eq(b.id, id), visibleTo(actor)));
  if (!seen) throw botNotFound();
}
