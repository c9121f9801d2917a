import { eq, sql } from 'drizzle-orm';
import { schema, type Database } from '../db/client';

const { jobRun } = schema;

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

/** The jobs that run on a schedule for the whole installation, by the name their row in job_run has. */
export const SCHEDULED_JOBS = {
  pruneRates: 'prune-rates',
  pruneServerErrors: 'prune-server-errors',
  sweepFiles: 'sweep-files',
  retentionPurge: 'retention-purge',
} as const;

/**
 * Starts a round of the job `name` when it is due for the installation: when no process started
 * one in the last `everyMs` (docs/decisions/276). The claim is one statement (an insert that, on
 * the job's existing row, moves `started_at` to now only if the last start is at least `everyMs`
 * old), so of several processes, or several runners in one process, exactly one gets it; the
 * others answer false at once. The database's clock decides, not the processes'. When `lock` is
 * given the claim and the round also run under runOnce's advisory lock, so a round that outlasts
 * `everyMs` is not started again beside itself. The finish is recorded after the job; a job that
 * throws keeps its start (the next round is due `everyMs` later) and the error is thrown on.
 */
export async function runIfDue(
  database: Database,
  job: { name: string; everyMs: number; lock?: number },
  work: () => Promise<unknown>,
): Promise<boolean> {
  const round = async () => {
    const claimed = await database.db
      .insert(jobRun)
      .values({ name: job.name, startedAt: sql`now()` })
      .onConflictDoUpdate({
        target: jobRun.name,
        set: { startedAt: sql`now()` },
        setWhere: sql`${jobRun.startedAt} <= now() - (${Math.round(job.everyMs)}::bigint * interval '1 millisecond')`,
      })
      .returning({ name: jobRun.name });
    if (claimed.length === 0) return false;
    await work();
    await database.db
      .update(jobRun)
      .set({ finishedAt: sql`now()` })
      .where(eq(jobRun.name, job.name));
    return true;
  };
  if (job.lock === undefined) return round();
  let ran = false;
  await runOnce(database, job.lock, async () => {
    ran = await round();
  });
  return ran;
}

/**
 * Runs `runIfDue` at once and then every `everyMs / 12` (5 minutes for an hourly job), one round at
 * a time in this process: whichever process looks first after the job fell due runs it, so an
 * hourly job runs once every 60 to 65 minutes for the installation, and a process that starts (a
 * restart, one more process) runs nothing that ran less than `everyMs` ago. Returns the stop.
 */
export function scheduleIfDue(
  database: Database,
  job: { name: string; everyMs: number; lock?: number },
  work: () => Promise<unknown>,
  onError: (err: unknown) => void,
): () => void {
  let running = false;
  const look = () => {
    if (running) return;
    running = true;
    runIfDue(database, job, work)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(look, 0);
  first.unref();
  const timer = setInterval(look, Math.max(1, Math.floor(job.everyMs / 12)));
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
