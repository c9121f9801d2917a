import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AppContext } from '../../core/context';
import { schema } from '../../db/client';
import { notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import { ObjectNotFoundError } from '../../storage/storage';
import type { FileRow } from '../files';
import { openFile } from '../files';
import { visibleTo, type BotActor } from './bots.policy';

/** The picture types an icon is served as; the upload checked the bytes against them. */
export const iconImageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

const iconNotFound = () => notFound(message('iconNotFound'));

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

/**
 * The answer to an icon request, for a file the caller was found to be allowed (GET
 * /api/bots/:id/icon, GET /api/my-assignments/:asid/icon): revalidated on every use, so an icon
 * that stops being theirs stops showing, while an unchanged one costs a 304.
 */
export async function iconResponse(c: AppContext, file: FileRow): Promise<Response> {
  const etag = `"${file.sha256}"`;
  c.header('Cache-Control', 'private, no-cache');
  c.header('ETag', etag);
  c.header('X-Content-Type-Options', 'nosniff');
  if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304);
  const stream = await openBotIcon(c.get('deps').config, file);
  c.header('Content-Type', file.sniffedType);
  c.header('Content-Length', String(file.size));
  // Shown in an <img>, never downloaded; no file name, since the owner's upload name is theirs.
  c.header('Content-Disposition', 'inline');
  return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 200);
}

/** Whether an If-None-Match header names this ETag (a list, weak forms, or *). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}
