import type { AppDeps } from '../../core/context';
import type { StreamTimers, WatchedRun } from '../../core/stream-timers';
import { logWarning } from '../../lib/log';
import { stillOpen } from './my-assignments.store';

/**
 * Cuts open student streams when access goes: every checkpoint interval, the student replies being
 * generated in this process are checked in one statement (a slice of them per statement), and a
 * reply whose record the student can no longer open (taken off the roster, assignment deleted) is
 * stopped where it is. Nothing runs per chunk; the timer runs only while such replies stream.
 */

interface Watcher {
  runs: Map<string, WatchedRun>;
  timer: NodeJS.Timeout | undefined;
  checking: boolean;
}

const SLICE = 200;

async function check(deps: AppDeps, w: Watcher) {
  const runs = [...w.runs.entries()];
  for (let i = 0; i < runs.length; i += SLICE) {
    const slice = runs.slice(i, i + SLICE);
    const open = await stillOpen(
      deps.database.db,
      slice.map(([, r]) => ({ asid: r.asid, userId: r.userId })),
    );
    for (const [replyId, r] of slice) {
      if (open.has(r.asid)) continue;
      w.runs.delete(replyId);
      r.generation.stop();
    }
  }
}

/**
 * The open student runs watcher (AppDeps.timers.openRuns): one per AppDeps, as the replies it
 * watches are that AppDeps' runtime's.
 */
export function openRunsWatcher(): StreamTimers['openRuns'] {
  const watchers = new WeakMap<AppDeps, Watcher>();
  return { watch: (deps, replyId, run) => watchStudentRun(watchers, deps, replyId, run) };
}

/** Watches a student's reply being generated here until it ends. */
function watchStudentRun(watchers: WeakMap<AppDeps, Watcher>, deps: AppDeps, replyId: string, run: WatchedRun): void {
  let w = watchers.get(deps);
  if (!w) watchers.set(deps, (w = { runs: new Map(), timer: undefined, checking: false }));
  const watcher = w;
  watcher.runs.set(replyId, run);
  void run.generation.done.then(() => watcher.runs.delete(replyId));
  if (watcher.timer) return;
  watcher.timer = setInterval(() => {
    if (watcher.runs.size === 0) {
      clearInterval(watcher.timer);
      watcher.timer = undefined;
      return;
    }
    // A check still under way: this beat is skipped, none pile up.
    if (watcher.checking) return;
    watcher.checking = true;
    check(deps, watcher)
      .catch((err: unknown) => logWarning(null, 'assignments: an access check of open student runs failed', err))
      .finally(() => (watcher.checking = false));
  }, deps.config.ai.checkpointMs);
  watcher.timer.unref();
}
