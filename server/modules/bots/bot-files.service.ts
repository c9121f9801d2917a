import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { invalidFields } from '../../lib/errors';
import type { FieldProblems } from '../../lib/errors';
import type { BotActor } from './bots.policy';
import { message } from '../../lib/message';

/**
 * Checks the files a bot refers to. A bot may use the owner's own knowledge files and icon
 * images, plus the files it already had or inherited from the bot it was copied from: a copy
 * links its source's files rather than duplicating them (see docs/decisions/058-copies-link-their-source-files.md).
 */
export async function checkBotFiles(
  db: Db,
  actor: BotActor,
  input: { knowledgeFileIds: string[]; iconFileId: string | null },
  inherited: { knowledgeFileIds: string[]; iconFileId: string | null },
) {
  const fields: FieldProblems = {};
  const ownKnowledge = input.knowledgeFileIds.filter((id) => !inherited.knowledgeFileIds.includes(id));
  if (ownKnowledge.length) {
    const found = await db
      .select({ id: schema.file.id })
      .from(schema.file)
      .where(and(inArray(schema.file.id, ownKnowledge), eq(schema.file.ownerId, actor.userId), eq(schema.file.purpose, 'knowledge')));
    const ok = new Set(found.map((f) => f.id));
    input.knowledgeFileIds.forEach((id, i) => {
      if (ownKnowledge.includes(id) && !ok.has(id)) {
        fields[`knowledgeFileIds.${i}`] ??= message('knowledgeNotYours');
      }
    });
  }
  const icon = input.iconFileId;
  if (icon && icon !== inherited.iconFileId) {
    const [found] = await db
      .select({ id: schema.file.id })
      .from(schema.file)
      .where(and(eq(schema.file.id, icon), eq(schema.file.ownerId, actor.userId), inArray(schema.file.purpose, ['icon', 'image'])));
    if (!found) fields['icon.fileId'] = message('iconNotYours');
  }
  if (Object.keys(fields).length) throw invalidFields(fields);
}

/** The knowledge file ids linked to a bot, in order. */
export async function knowledgeIdsOf(db: Db, botId: string): Promise<string[]> {
  const rows = await db
    .select({ id: schema.botKnowledge.fileId })
    .from(schema.botKnowledge)
    .where(eq(schema.botKnowledge.botId, botId))
    .orderBy(schema.botKnowledge.position);
  return rows.map((r) => r.id);
}

/** Replaces a bot's knowledge links with these ids, in this order. */
export async function setKnowledge(db: Db, botId: string, fileIds: string[]) {
  await db.delete(schema.botKnowledge).where(eq(schema.botKnowledge.botId, botId));
  if (fileIds.length) await db.insert(schema.botKnowledge).values(fileIds.map((fileId, position) => ({ botId, fileId, position })));
}
