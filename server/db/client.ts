import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { pgliteExtensions } from './extensions';
import { PgliteThread } from './pglite-thread';
import { logWarning } from '../lib/log';

export { schema };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => ...)`: what a step that must share its caller's transaction takes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * LISTENs on a channel (a plain lower-case identifier) through the one listening connection of
   * this process; resolves to the function that stops listening. Notifications arrive after the
   * sending transaction commits, never for a rolled-back one.
   */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface NotificationListener {
  notify(payload: string): void;
  /** Called after a lost listening connection is restored: notifications may have been missed. */
  reconnected?(): void;
}

const channelName = /^[a-z_][a-z0-9_]{0,62}$/;
function checkChannel(channel: string) {
  if (!channelName.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
}

// server/db/migrations from the sources; the copy in dist/server/migrations when the server runs compiled.
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Where PGlite runs: in a worker thread of its own (the server), or on the main thread (the CLI, tests). */
export type PgliteThreadMode = 'worker' | 'main';

/** Opens PGlite in a folder (or from a dumped data dir, for tests) and migrates it. */
export async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob | File;
  thread?: PgliteThreadMode;
  /** With `thread: 'worker'`: the worker stopped without close() (the server then exits, to be restarted). */
  onDied?: (err: Error) => void;
  /** In this thread: PGlite's compiled engine and file bundle, for a process that opens many databases (the tests). */
  engine?: { pgliteWasmModule: WebAssembly.Module; fsBundle: Blob };
}): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client =
    options.thread === 'worker'
      ? await PgliteThread.open({ dataDir: options.dataDir, loadDataDir: options.loadDataDir }, options.onDied)
      : await PGlite.create({
          dataDir: options.dataDir,
          loadDataDir: options.loadDataDir,
          extensions: pgliteExtensions,
          ...options.engine,
        });
  // The thread's client answers the calls drizzle's PGlite driver makes (pglite-thread.ts).
  const asPglite = client as PGlite;
  const db = drizzlePglite({ client: asPglite, schema }) as unknown as Db;
  try {
    await migratePglite(drizzlePglite({ client: asPglite }), { migrationsFolder });
  } catch (err) {
    await client.close().catch(() => undefined);
    throw err;
  }
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    // PGlite is one connection in this process, so its own LISTEN is the process's.
    listen: async (channel, listener) => {
      checkChannel(channel);
      const unlisten = await client.listen(channel, (payload) => listener.notify(payload));
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

/** Connects to PostgreSQL and migrates it, under an advisory lock so several processes can start at once. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 5000 });
  // A dropped connection must not take the process down; queries on it fail and are retried by callers.
  pool.on('error', (err) => logWarning(null, 'db: an idle client failed', err));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  try {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock(727274)');
      await migratePg(drizzlePg(lockClient), { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock(727274)').catch(() => undefined);
      lockClient.release();
    }
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  const listening = listeningConnection(url);
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, listener) => listening.listen(channel, listener),
    close: async () => {
      await listening.close();
      await pool.end();
    },
  };
}

/**
 * The one LISTEN connection of a process on PostgreSQL: a client of its own, outside the pool
 * (a pooled connection is handed to other queries between uses). Opened on the first listen; when
 * it drops it reconnects with a growing delay, LISTENs again on every channel and tells each
 * listener it may have missed notifications.
 */
function listeningConnection(url: string) {
  const listeners = new Map<string, Set<NotificationListener>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;
  // Set while notifications may have been lost: a dropped connection, a failed attempt.
  let missed = false;
  let closed = false;

  const dropped = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    missed = true;
    c.end().catch(() => undefined);
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || retry || connecting || listeners.size === 0) return;
    const delay = Math.min(30_000, 250 * 2 ** failures);
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      void connect().catch(() => undefined);
    }, delay);
    retry.unref();
  };

  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
      c.on('notification', (m) => {
        if (m.payload === undefined) return;
        for (const l of listeners.get(m.channel) ?? []) l.notify(m.payload);
      });
      c.on('error', (err) => {
        logWarning(null, 'db: the listening connection failed', err);
        dropped(c);
      });
      c.on('end', () => dropped(c));
      try {
        await c.connect();
        for (const channel of listeners.keys()) await c.query(`listen ${channel}`);
      } catch (err) {
        c.end().catch(() => undefined);
        throw err;
      }
      if (closed) {
        await c.end().catch(() => undefined);
        return;
      }
      client = c;
      failures = 0;
      if (missed) for (const set of listeners.values()) for (const l of set) l.reconnected?.();
      missed = false;
    })()
      .catch((err: unknown) => {
        logWarning(null, 'db: could not open the listening connection', err);
        missed = true;
        throw err;
      })
      .finally(() => {
        connecting = null;
        if (!client) scheduleReconnect();
      });
    return connecting;
  };

  return {
    async listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>> {
      checkChannel(channel);
      if (closed) throw new Error('The database is closed.');
      let set = listeners.get(channel);
      const fresh = !set;
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      if (connecting) await connecting.catch(() => undefined);
      if (client && fresh) await client.query(`listen ${channel}`);
      // A failed first attempt is retried in the background; the listener then hears reconnected().
      else if (!client) await connect().catch(() => undefined);
      return async () => {
        const current = listeners.get(channel);
        if (!current?.delete(listener) || current.size > 0) return;
        listeners.delete(channel);
        await client?.query(`unlisten ${channel}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      listeners.clear();
      await connecting?.catch(() => undefined);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
