import type { AppDeps } from '../../lib/context';

/** Placeholder until the held-turn re-check lands (issue 16 item 2): schedules nothing. */
export function startHeldRechecks(_deps: AppDeps): () => void {
  return () => undefined;
}
