import { message, type ServerMessage } from '../../lib/message';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { Config } from '../../config';
import { openPglite, type Database } from '../../db/client';
import { lockDataDir } from '../../db/lock';
import { AppError, conflict, invalidInput } from '../../lib/errors';

const gunzipAsync = promisify(gunzip);

const postgresAdvice = message('backupOnPostgres');

/** Refuses backup and restore on PostgreSQL, where pg_dump and pg_restore do the job properly. */
export function refuseOnPostgres(config: Pick<Config, 'databaseUrl'>) {
  if (config.databaseUrl) throw new AppError('bad_request', 400, postgresAdvice);
}

interface DumpableClient {
  dumpDataDir(compression: 'gzip'): Promise<Blob>;
}

function isDumpable(client: unknown): client is DumpableClient {
  return typeof (client as Partial<DumpableClient> | null)?.dumpDataDir === 'function';
}

/** Writes a gzipped copy of the open embedded database to a file (mode 600: it holds password hashes). */
export async function backupDatabase(database: Database, outFile: string, options: { force?: boolean } = {}) {
  // The PGlite instance sits behind the drizzle handle; server/db exposes no dump of its own.
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (database.kind !== 'pglite' || !isDumpable(client)) {
    throw new AppError('bad_request', 400, postgresAdvice);
  }
  const file = path.resolve(outFile);
  if (existsSync(file) && !options.force) {
    throw conflict(message('backupExists', { file }));
  }
  await mkdir(path.dirname(file), { recursive: true });
  const dump = await client.dumpDataDir('gzip');
  const bytes = Buffer.from(await dump.arrayBuffer());
  // Written beside the target and renamed, so an interrupted backup never leaves a truncated file under its name.
  const partial = `${file}.partial-${process.pid}`;
  try {
    await writeFile(partial, bytes, { mode: 0o600 });
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return { file, bytes: bytes.length };
}

// PGlite unpacks a damaged archive in a stream whose errors escape every promise and end the
// process, so the whole file is checked here first: it must unzip, and hold a PostgreSQL data folder.
async function checkBackup(file: string, bytes: Buffer) {
  const notBackup = (why: ServerMessage) => invalidInput(message('notABackup', { file, why }));
  let tar: Buffer;
  try {
    tar = await gunzipAsync(bytes);
  } catch {
    throw notBackup(message(bytes[0] === 0x1f && bytes[1] === 0x8b ? 'backupDamaged' : 'backupNotGzip'));
  }
  if (!tar.includes('PG_VERSION')) throw notBackup(message('backupNoDatabase'));
}

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

/**
 * Replaces DATA_DIR/db with a backup. The backup is first loaded (and migrated) in a folder of
 * its own, so a bad file changes nothing; only then is the current database moved aside to
 * DATA_DIR/db.before-restore-<time> and the restored one put in its place. Holds the DATA_DIR
 * lock throughout, so it refuses while a server runs.
 */
export async function restoreDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, inFile: string, now = new Date()) {
  refuseOnPostgres(config);
  const file = path.resolve(inFile);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new AppError(
      'not_found',
      404,
      code === 'ENOENT' ? message('noSuchFile', { file }) : message('fileUnreadable', { file, code: String(code) }),
    );
  }
  await checkBackup(file, bytes);

  const release = lockDataDir(config.dataDir, 'the ClassBots CLI (db:restore)');
  try {
    const when = stamp(now);
    const target = path.join(config.dataDir, 'db');
    const staging = path.join(config.dataDir, `db.restoring-${when}`);
    // Left by a restore that was killed half-way; we hold the lock, so nobody else is using them.
    for (const stale of await readdir(config.dataDir)) {
      if (stale.startsWith('db.restoring-')) await rm(path.join(config.dataDir, stale), { recursive: true, force: true });
    }
    try {
      const restored = await openPglite({ dataDir: staging, loadDataDir: new Blob([new Uint8Array(bytes)]) });
      await restored.close();
    } catch (err) {
      await rm(staging, { recursive: true, force: true });
      throw invalidInput(message('restoreFailed', { file, detail: (err as Error).message }));
    }
    let movedAside: string | null = null;
    if (existsSync(target)) {
      movedAside = path.join(config.dataDir, `db.before-restore-${when}`);
      await rename(target, movedAside);
    }
    await rename(staging, target);
    return { file, target, movedAside };
  } finally {
    release();
  }
}
