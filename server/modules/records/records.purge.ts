import { and, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { schema } from '../../db/client';
import type { AppDeps } from '../../core/context';
import { logError } from '../../lib/log';
import { SCHEDULED_JOBS, scheduleIfDue } from '../../core/job-lock';

/**
 * The retention purge (issue 16 item 4): the transcripts of students' assignment records are kept
 * while the assignment is open and for RETENTION_DAYS after it closes or is deleted, then deleted.
 * The records stay (status, counts, feedback, trophies) with no conversation; the transcript's
 * messages and the flags on it go with it (their foreign keys cascade). It runs once an hour for
 * the installation (startRetentionPurge); on PostgreSQL each batch takes a transaction-level advisory lock, and a
 * process that does not get it skips the round, so two processes never purge at once.
 */

/** The purge's advisory lock (the migration's is 727274, the school licences' 727275). */
export const PURGE_LOCK_KEY = 727276;
const BATCH = 200;
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export interface PurgeResult {
  /** Transcripts deleted this round. */
  deleted: number;
  /** True when another process held the lock, so this round did nothing (more). */
  skipped: boolean;
}

/**
 * Deletes, in batches, the transcripts of records whose assignment closed or was deleted more than
 * config.retentionDays before `now`. An open assignment (neither closed nor deleted) is never
 * touched; a reopened one is open again. `batchSize` is the transcripts deleted per transaction.
 */
export async function purgeExpiredTranscripts(
  deps: Pick<AppDeps, 'database' | 'config'>,
  now = new Date(),
  batchSize = BATCH,
): Promise<PurgeResult> {
  const cutoff = new Date(now.getTime() - deps.config.retentionDays * DAY);
  const a = schema.assignment;
  const sa = schema.studentAssignment;
  let deleted = 0;
  for (;;) {
    const batch = await deps.database.db.transaction(async (tx) => {
      const result = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${PURGE_LOCK_KEY}) as locked`);
      if (!(result as { rows: { locked: boolean }[] }).rows[0]?.locked) return null;
      const expired = tx
        .select({ id: sa.conversationId })
        .from(sa)
        .innerJoin(a, sql`${a.id} = ${sa.assignmentId}`)
        .where(and(isNotNull(sa.conversationId), or(lt(a.closedAt, cutoff), lt(a.deletedAt, cutoff))))
        .limit(batchSize);
      const gone = await tx
        .delete(schema.conversation)
        .where(inArray(schema.conversation.id, expired))
        .returning({ id: schema.conversation.id });
      return gone.length;
    });
    if (batch === null) return { deleted, skipped: true };
    deleted += batch;
    if (batch < batchSize) return { deleted, skipped: false };
  }
}

/**
 * Runs the purge at start when it is due and then hourly for the installation (job_run: one round
 * an hour whichever processes run, docs/decisions/276); returns the stop function.
 */
export function startRetentionPurge(deps: AppDeps): () => void {
  return scheduleIfDue(
    deps.database,
    { name: SCHEDULED_JOBS.retentionPurge, everyMs: HOUR },
    () => purgeExpiredTranscripts(deps),
    (err: unknown) => logError(null, 'records: the retention purge failed', err),
  );
}
