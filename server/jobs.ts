import type { AppDeps } from './core/context';
import { pruneRates } from './auth/rate-limit';
import { watchPlanChanges } from './core/plan-changes';
import { logError } from './lib/log';
import { pruneServerErrors } from './modules/admin';
import { startupSweep } from './modules/conversations';
import { sweepFiles } from './modules/files';
import { startAlertRetries } from './modules/flags';
import { startRetentionPurge } from './modules/records';
import { startHeldRechecks } from './modules/safety';

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
 * createApp starts none. Each scheduled job is safe to run in several processes at once.
 * Returns the function that stops what it started.
 */
export function startBackgroundWork(deps: AppDeps, { scheduled }: BackgroundWork = { scheduled: true }): () => void {
  const { database, config } = deps;
  const stops: (() => void)[] = [];
  // What this process remembers of plans is forgotten when any process changes one (docs/decisions/).
  // The LISTEN ends with the database's connection, which outlives every stop.
  void watchPlanChanges(database).catch(() => undefined);
  // Replies left 'streaming' by a stopped process become 'interrupted' (logged, never thrown).
  void startupSweep(deps);
  if (!scheduled) return () => stops.forEach((stop) => stop());

  const every = (ms: number, run: () => void) => {
    const timer = setInterval(run, ms);
    timer.unref();
    stops.push(() => clearInterval(timer));
  };
  every(HOUR, () => void pruneRates(database.db, 24 * HOUR).catch(() => undefined));
  // superDash keeps server errors for 30 days.
  every(HOUR, () => void pruneServerErrors(database.db).catch(() => undefined));
  // Abandoned uploads expire (UPLOAD_EXPIRY_HOURS); their storage is reclaimed every hour.
  const sweepUploads = () =>
    void sweepFiles({ db: database.db, config }).catch((err: unknown) => logError(null, 'files: the sweep failed', err));
  sweepUploads();
  every(HOUR, sweepUploads);
  // Held student turns are checked again (safety), self-harm alerts whose e-mails all failed are
  // sent again (flags), transcripts past retention are purged (records).
  stops.push(startHeldRechecks(deps), startAlertRetries(deps), startRetentionPurge(deps));
  return () => stops.forEach((stop) => stop());
}
