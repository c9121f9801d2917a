import { Readable } from 'node:stream';
import { requireUser, type AppContext } from '../../core/context';
import { notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import { ObjectNotFoundError } from '../../storage/storage';
import { assertMayRead } from './files.policy';
import { attachmentDisposition, servedContentType, type FileRow } from './files.presenter';
import { findOwnFile, openFile } from './files.service';
import { subscriptionOf } from './files.tus';

/** The caller's file with this id, if they may read it (a refused file reads as missing). */
export async function readableFile(c: AppContext, id: string): Promise<FileRow> {
  const user = await requireUser(c);
  const deps = c.get('deps');
  const row = await findOwnFile(deps.database.db, user.id, id);
  // Only knowledge files need the user type; skip the lookup for the rest.
  const userType = row?.purpose === 'knowledge' ? (await subscriptionOf({ user, deps })).user_type : 'teacher';
  assertMayRead({ id: user.id, userType }, row);
  return row;
}

/**
 * A file's bytes under the files read rule: GET /api/files/:id, and every older address of a file
 * (GET /api/images/:id), so there is one rule however a file is reached.
 */
export async function serveFile(c: AppContext, id: string): Promise<Response> {
  return fileResponse(c, await readableFile(c, id));
}

/** A readable file's bytes as a download, for a route that has decided the caller may read it. */
export async function fileResponse(c: AppContext, row: FileRow): Promise<Response> {
  let stream: Readable;
  try {
    stream = await openFile(c.get('deps').config, row);
  } catch (err) {
    if (err instanceof ObjectNotFoundError) throw notFound(message('fileNotFound'));
    throw err;
  }
  // Always a download: attachment, nosniff and a checked type (the app's CSP forbids scripts besides).
  c.header('Content-Type', servedContentType(row.sniffedType));
  c.header('Content-Length', String(row.size));
  c.header('Content-Disposition', attachmentDisposition(row.name));
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'private, no-cache');
  return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 200);
}
