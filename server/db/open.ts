import path from 'node:path';
import type { Config } from '../config';
import { openPglite, openPostgres, type Database, type PgliteThreadMode } from './client';
import { lockDataDir } from './lock';
import { logError } from '../lib/log';

/**
 * Opens the configured database and migrates it: PostgreSQL when DATABASE_URL is set, else
 * PGlite in DATA_DIR/db, locked to this process so a CLI never opens it beside a server. PGlite
 * runs on the main thread unless `thread` says otherwise (the server: config.pgliteThread).
 */
export async function openDatabase(config: Config, holder: string, thread: PgliteThreadMode = 'main'): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const release = lockDataDir(config.dataDir, holder);
  try {
    const database = await openPglite({
      dataDir: path.join(config.dataDir, 'db'),
      thread,
      // The embedded database is gone for this process: exit (status 1) so a supervisor restarts it,
      // rather than answer every request with an error.
      onDied: (err) => {
        logError(null, 'db: the embedded database thread stopped; exiting', err);
        process.exit(1);
      },
    });
    return {
      ...database,
      close: async () => {
        await database.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
