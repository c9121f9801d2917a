import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { schema, type Database, type Db } from '../server/db/client';

/**
 * The same database seen through a second drizzle instance over the same client, whose logger
 * writes down every statement it sends (the SQL text, in order): what a test counts to prove how
 * many queries a request makes. Nothing is mocked; the statements run as usual.
 */
export function countingDatabase(database: Database): { database: Database; statements: string[] } {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const db =
    database.kind === 'pglite'
      ? (drizzlePglite(client as PGlite, { schema, logger }) as unknown as Db)
      : (drizzlePg(client as pg.Pool, { schema, logger }) as unknown as Db);
  return { database: { ...database, db }, statements };
}
