import type { Generation } from '../../ai/generation';
import { aiRuntime } from '../../ai/runtime';
import type { AppDeps } from '../../core/context';

/**
 * Replies generated in this process by a scheduled job (the safety re-check answering a released
 * message). Jobs run with their own deps (server/jobs.ts), so their runtime is not the app's: the
 * replies are also kept here, per database, so the app's requests see them as live in this process
 * (joined, and never swept as abandoned).
 */
const jobReplies = new WeakMap<object, Map<string, Generation>>();

export function jobLive(deps: AppDeps): Map<string, Generation> {
  let map = jobReplies.get(deps.database);
  if (!map) jobReplies.set(deps.database, (map = new Map<string, Generation>()));
  return map;
}

/** The ids of every reply being generated in this process (the app's and its jobs'). */
export const liveHereIds = (deps: AppDeps): string[] => [...aiRuntime(deps).live.keys(), ...jobLive(deps).keys()];

/** The reply's generation when it is being written in this process. */
export const liveGeneration = (deps: AppDeps, id: string): Generation | undefined => aiRuntime(deps).live.get(id) ?? jobLive(deps).get(id);
