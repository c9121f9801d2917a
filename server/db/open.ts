import path from 'node:path';
import type { Config } from '../config';
import { openPglite, openPostgres, type Database, type PgliteThreadMode } from './client';
import { lockDataDir } from './lock';

/**
 * Opens the configured database and migrates it: PostgreSQL when DATABASE_URL is set, else
 * PGlite in DATA_DIR/db, locked to this process so a CLI never opens it beside a server. PGlite
 * runs on the main thread unless `thread` says otherwise (the server: config.pgliteThread).
 */
export async function openDatabase(config: Config, holder: string, thread: PgliteThreadMode = 'main'): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const release = lockDataDir(config.dataDir, holder);
  try {
    const database = await openPglite({ dataDir: path.join(config.dataDir, 'db'), thread });
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
