import { aiRuntime } from '../../ai/runtime';
import type { AppDeps } from '../../core/context';
import type { StreamTimers } from '../../core/stream-timers';
import * as store from './conversations.store';
import { logWarning } from '../../lib/log';

/** Replies per statement: hundreds at once would hold the embedded database for tens of ms. */
const SLICE = 32;

/**
 * On PostgreSQL, how often a process renews the lease (checkpoint_at) of every reply it is
 * writing, text grown or not: other processes judge a reply by it (docs/decisions/205).
 */
export const LEASE_BEAT_MS = 2_000;
/** A 'streaming' reply whose lease is older than this was left by a process that died. */
export const LEASE_MS = 3 * LEASE_BEAT_MS;

async function save(deps: AppDeps, due: { id: string; text: string | null }[]) {
  const rt = aiRuntime(deps);
  for (let i = 0; i < due.length; i += SLICE) {
    const slice = due.slice(i, i + SLICE);
    await store.checkpointMessages(deps.database.db, slice);
    const now = Date.now();
    for (const { id, text } of slice) {
      const generation = rt.live.get(id);
      if (!generation) continue;
      generation.renewedAt = now;
      if (text !== null) generation.checkpointed = text.length;
    }
  }
}

/**
 * The checkpoint writer (AppDeps.timers.checkpoints): saves the text of every reply streaming in
 * this process every AI_CHECKPOINT_MS, a slice of replies per statement (never per chunk, never
 * one statement per reply), so a crash loses at most one interval. On PostgreSQL it also renews
 * the lease of every reply it writes every LEASE_BEAT_MS (in the same statements), so another
 * process finalises a reply within LEASE_MS and a beat of its process dying, and never one that
 * is alive. Between slices other statements get their turn. Runs while replies stream; started by
 * each reply that goes live. One timer per AppDeps, as the replies it saves are that AppDeps'
 * runtime's.
 */
export function checkpointWriter(): StreamTimers['checkpoints'] {
  const timers = new WeakMap<AppDeps, NodeJS.Timeout>();
  return {
    watch: (deps) => watchCheckpoints(timers, deps),
    stop: (deps) => {
      clearInterval(timers.get(deps));
      timers.delete(deps);
    },
  };
}

function watchCheckpoints(timers: WeakMap<AppDeps, NodeJS.Timeout>, deps: AppDeps) {
  if (timers.has(deps)) return;
  const rt = aiRuntime(deps);
  const { checkpointMs } = deps.config.ai;
  // The embedded database has no other process: nothing judges its leases.
  const leased = deps.database.kind === 'postgres';
  const beatMs = leased ? Math.min(checkpointMs, LEASE_BEAT_MS) : checkpointMs;
  let writing = false;
  let textSavedAt = 0;
  const timer = setInterval(() => {
    if (rt.live.size === 0) {
      clearInterval(timer);
      timers.delete(deps);
      return;
    }
    // A write still under way (a slow disk or server): this beat is skipped, none pile up.
    if (writing) return;
    const now = Date.now();
    // Half a beat of slack: a timer that fires a little early still saves text on its beat.
    const withText = now - textSavedAt >= checkpointMs - beatMs / 2;
    const due: { id: string; text: string | null }[] = [];
    for (const [id, generation] of rt.live) {
      if (generation.result) continue;
      const grown = generation.text.length !== generation.checkpointed;
      if (withText && grown) due.push({ id, text: generation.text });
      // A lease is renewed once it is a beat old (a reply just stored has a fresh one).
      else if (leased && now - generation.renewedAt >= LEASE_BEAT_MS - beatMs / 2) due.push({ id, text: null });
    }
    if (withText) textSavedAt = now;
    if (!due.length) return;
    writing = true;
    save(deps, due)
      .catch((err: unknown) => logWarning(null, 'ai: a checkpoint failed', err))
      .finally(() => (writing = false));
  }, beatMs);
  timer.unref();
  timers.set(deps, timer);
}
