import type { AppDeps } from './core/context';
import { pruneRates } from './auth/rate-limit';
import { watchPlanChanges } from './core/plan-changes';
import { watchSessionChanges } from './core/session-changes';
import { logError } from './lib/log';
import { pruneServerErrors } from './modules/admin';
import { startLeaseSweep, startupSweep, watchReplies } from './modules/conversations';
import { JOB_LOCKS, SCHEDULED_JOBS, scheduleIfDue } from './core/job-lock';
import { sweepFiles } from './modules/files';
import { startAlertRetries } from './modules/flags';
import { startRetentionPurge } from './modules/records';
import { startHeldRechecks } from './modules/safety';
import { startScoreRetries } from './modules/lti';

const HOUR = 60 * 60_000;

export interface BackgroundWork {
  /**
   * false: only what serving requests correctly needs (the plan-change LISTEN, the startup sweep
   * of replies a stopped process left streaming), as the test harness starts it; true (main.ts):
   * the scheduled jobs and hourly sweeps as well.
   */
  scheduled: boolean;
}

/**
 * The one place that starts the server's background work (docs/decisions/203-composition-root-and-process-state.md);
 * createApp starts none. Each scheduled job is safe to run in several processes at once, and
 * an hourly one runs once an hour for the installation (docs/decisions/276-hourly-jobs-once-per-installation.md).
 * Returns the function that stops what it started.
 */
export function startBackgroundWork(deps: AppDeps, { scheduled }: BackgroundWork = { scheduled: true }): () => void {
  const { database, config } = deps;
  const stops: (() => void)[] = [];
  // What this process remembers of plans is forgotten when any process changes one (docs/decisions/).
  // The LISTEN ends with the database's connection, which outlives every stop.
  void watchPlanChanges(database).catch(() => undefined);
  // A sign-out or a role change in any process forgets this process's remembered sessions at once.
  void watchSessionChanges(database).catch(() => undefined);
  // Stop and live followers reach a reply whichever process writes it (NOTIFY).
  void watchReplies(deps).catch(() => undefined);
  // Replies left 'streaming' by a stopped process become 'interrupted' (logged, never thrown).
  void startupSweep(deps);
  // The checkpoint writer renews leases while replies stream: it stops before the database closes.
  stops.push(() => deps.timers.checkpoints.stop(deps));
  if (!scheduled) return () => stops.forEach((stop) => stop());

  // Each hourly job runs once an hour for the installation, whichever process looks first after it
  // fell due (job_run, docs/decisions/276), under its advisory lock so a long round is never doubled.
  const hourly = (name: string, lock: number, work: () => Promise<unknown>, onError: (err: unknown) => void = () => undefined) =>
    stops.push(scheduleIfDue(database, { name, everyMs: HOUR, lock }, work, onError));
  hourly(SCHEDULED_JOBS.pruneRates, JOB_LOCKS.pruneRates, () => pruneRates(database.db, 24 * HOUR));
  // superDash keeps server errors for 30 days.
  hourly(SCHEDULED_JOBS.pruneServerErrors, JOB_LOCKS.pruneServerErrors, () => pruneServerErrors(database.db));
  // Abandoned uploads expire (UPLOAD_EXPIRY_HOURS); their storage is reclaimed every hour.
  hourly(
    SCHEDULED_JOBS.sweepFiles,
    JOB_LOCKS.sweepFiles,
    () => sweepFiles({ db: database.db, config }),
    (err) => logError(null, 'files: the sweep failed', err),
  );
  // On PostgreSQL, the replies of a process that died are finalised by another (its lease lapsed).
  // Held student turns are checked again (safety) and self-harm alerts whose e-mails all failed
  // are sent again (flags): each claims its rows, so processes share the work and never repeat it.
  // Transcripts past retention are purged (records), hourly as above, under its own advisory lock.
  // Gradebook scores an LMS did not take yet are sent again (lti): claimed rows, as above.
  stops.push(startLeaseSweep(deps), startHeldRechecks(deps), startAlertRetries(deps), startRetentionPurge(deps), startScoreRetries(deps));
  return () => stops.forEach((stop) => stop());
}
