import type { AppDeps } from '../../lib/context';

/** Placeholder until the retention purge lands (issue 16 item 4): schedules nothing. */
export function startRetentionPurge(_deps: AppDeps): () => void {
  return () => undefined;
}
