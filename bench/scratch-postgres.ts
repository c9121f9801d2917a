import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, type Database } from '../server/db/client';

/** The server the benchmarks make their scratch databases on. */
export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `work` on a fresh database of the local PostgreSQL (`prefix_<random>`), dropped afterwards whatever happens. */
export async function withScratchPostgres<T>(prefix: string, work: (database: Database) => Promise<T>): Promise<T> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BENCH_PG_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${name}`;
  try {
    const database = await openPostgres(url.toString(), { max: 4 });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
