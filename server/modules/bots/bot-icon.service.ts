import type { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { notFound } from '../../lib/errors';
import { ObjectNotFoundError } from '../../storage/storage';
import type { FileRow } from '../files/files.presenter';
import { openFile } from '../files/files.service';
import { visibleTo, type BotActor } from './bots.policy';

/** The picture types an icon is served as; the upload checked the bytes against them. */
export const iconImageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

const iconNotFound = () => notFound('That icon');

/**
 * The uploaded icon of a bot the actor may see, for GET /api/bots/:id/icon. Scoped in one where
 * clause: the bot's visibility, and a ready file whose purpose is an icon or image and whose
 * checked type is a picture, so no other file (a knowledge file, a document) is ever served
 * through a bot. A bot that may not be seen, has an emoji, or whose picture is gone is 404.
 */
export async function findBotIcon(db: Db, actor: BotActor, botId: string): Promise<FileRow> {
  const f = schema.file;
  const [row] = await db
    .select({ file: f })
    .from(schema.bot)
    .innerJoin(f, eq(f.id, schema.bot.iconFileId))
    .where(
      and(
        eq(schema.bot.id, botId),
        visibleTo(actor),
        eq(f.status, 'ready'),
        inArray(f.purpose, ['icon', 'image']),
        inArray(f.sniffedType, [...iconImageTypes]),
      ),
    );
  if (!row) throw iconNotFound();
  return row.file;
}

/** The stored bytes of an icon; a missing object reads as a missing icon. */
export async function openBotIcon(config: Config, row: FileRow): Promise<Readable> {
  try {
    return await openFile(config, row);
  } catch (err) {
    if (err instanceof ObjectNotFoundError) throw iconNotFound();
    throw err;
  }
}
