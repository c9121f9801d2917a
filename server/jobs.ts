import type { AppDeps } from './core/context';
import { startAlertRetries } from './modules/flags';
import { startHeldRechecks } from './modules/safety';
import { startRetentionPurge } from './modules/records';

/**
 * The app process's scheduled work besides the hourly sweeps in main.ts: held student turns are
 * checked again (safety), self-harm alerts whose e-mails all failed are sent again (flags), and
 * transcripts past retention are purged (records). Each job is safe
 * to run in several processes at once. Returns the function that stops them.
 */
export function startJobs(deps: AppDeps): () => void {
  const stops = [startHeldRechecks(deps), startAlertRetries(deps), startRetentionPurge(deps)];
  return () => stops.forEach((stop) => stop());
}
