import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * The advisory lock keys of work that runs once across the processes sharing a PostgreSQL
 * database (the migration's is 727274, the school licences' 727275, the retention purge's 727276).
 */
export const JOB_LOCKS = {
  leaseSweep: 727277,
  pruneRates: 727278,
  pruneServerErrors: 727279,
  sweepFiles: 727280,
} as const;

/**
 * Runs a scheduled job in one process at a time: on PostgreSQL the job holds a transaction-level
 * advisory lock while it runs, and a process that does not get the lock skips this round (answers
 * false); another process is doing it. The job's own statements may use any connection. The
 * embedded database has one process: the job just runs.
 */
export async function runOnce(database: Database, key: number, job: () => Promise<unknown>): Promise<boolean> {
  if (database.kind === 'pglite') {
    await job();
    return true;
  }
  return database.db.transaction(async (tx) => {
    const result = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${key}) as locked`);
    if (!(result as { rows: { locked: boolean }[] }).rows[0]?.locked) return false;
    await job();
    return true;
  });
}
