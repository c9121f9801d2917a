import type { Generation } from '../ai/generation';
import type { AppDeps } from './context';

/**
 * The two timers that run only while replies stream (docs/decisions/203-composition-root-and-process-state.md):
 * the composition root creates them (server/compose.ts createStreamTimers) and AppDeps carries them,
 * while the module whose work each one does supplies it. Each is started by a reply that goes live
 * and stops by itself when none is left, so a process with nothing streaming runs neither.
 */
export interface StreamTimers {
  /** The checkpoint writer (conversations): saves the text of the replies streaming in this process. */
  checkpoints: {
    watch(deps: AppDeps): void;
    /** Stops the writer of `deps` (the process or the test shuts down; its database closes next). */
    stop(deps: AppDeps): void;
  };
  /** The open student runs watcher (my-assignments): stops a student's reply when its record can no longer be opened. */
  openRuns: { watch(deps: AppDeps, replyId: string, run: WatchedRun): void };
}

/** A student's reply being generated, and the record whose access it needs. */
export interface WatchedRun {
  asid: string;
  userId: string;
  generation: Generation;
}
