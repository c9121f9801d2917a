import { aiRuntime } from '../../ai/runtime';
import type { AppDeps } from '../../core/context';
import type { StreamTimers } from '../../core/stream-timers';
import * as store from './conversations.store';
import { logWarning } from '../../lib/log';

/** Replies per statement: hundreds at once would hold the embedded database for tens of ms. */
const SLICE = 32;

async function save(deps: AppDeps, due: { id: string; text: string }[]) {
  const rt = aiRuntime(deps);
  for (let i = 0; i < due.length; i += SLICE) {
    const slice = due.slice(i, i + SLICE);
    await store.checkpointMessages(deps.database.db, slice);
    for (const { id, text } of slice) {
      const generation = rt.live.get(id);
      if (generation) generation.checkpointed = text.length;
    }
  }
}

/**
 * The checkpoint writer (AppDeps.timers.checkpoints): saves the text of every reply streaming in
 * this process now and then, a slice of replies per statement (never per chunk, never one
 * statement per reply), so a crash loses at most one interval. Between slices other statements get
 * their turn. Runs while replies stream; started by each reply that goes live. One timer per
 * AppDeps, as the replies it saves are that AppDeps' runtime's.
 */
export function checkpointWriter(): StreamTimers['checkpoints'] {
  const timers = new WeakMap<AppDeps, NodeJS.Timeout>();
  return { watch: (deps) => watchCheckpoints(timers, deps) };
}

function watchCheckpoints(timers: WeakMap<AppDeps, NodeJS.Timeout>, deps: AppDeps) {
  if (timers.has(deps)) return;
  const rt = aiRuntime(deps);
  let writing = false;
  const timer = setInterval(() => {
    if (rt.live.size === 0) {
      clearInterval(timer);
      timers.delete(deps);
      return;
    }
    // A write still under way (a slow disk or server): this beat is skipped, none pile up.
    if (writing) return;
    const due: { id: string; text: string }[] = [];
    for (const [id, generation] of rt.live) {
      if (generation.result || generation.text.length === generation.checkpointed) continue;
      due.push({ id, text: generation.text });
    }
    if (!due.length) return;
    writing = true;
    save(deps, due)
      .catch((err: unknown) => logWarning(null, 'ai: a checkpoint failed', err))
      .finally(() => (writing = false));
  }, deps.config.ai.checkpointMs);
  timer.unref();
  timers.set(deps, timer);
}
