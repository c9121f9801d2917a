import { createAuth, type AuthDeps } from './auth/auth';
import type { ModuleHooks } from './core/hooks';
import type { StreamTimers } from './core/stream-timers';
import { addClassStudentsToOpenAssignments } from './modules/assignments';
import { linkRosterEntries } from './modules/classes';
import { checkpointWriter } from './modules/conversations';
import { alertFlag } from './modules/flags';
import { openRunsWatcher } from './modules/my-assignments';
import { queueScore } from './modules/lti';
import { logWarning } from './lib/log';

/**
 * The composition root's wiring of auth to the modules it serves: auth imports no module, so what
 * a sign-in does to a module's data (a verified address joins the rosters naming it) comes in here.
 * main.ts, the test harness and the benchmarks build auth through this one function.
 */
export function createAppAuth(deps: Omit<AuthDeps, 'linkRosterEntries'>) {
  return createAuth({ ...deps, linkRosterEntries });
}

/**
 * What a lower module asks of a higher one (AppDeps.hooks; docs/decisions/204-module-layers.md):
 * conversations stores a flag and flags alerts it; classes adds roster entries and assignments
 * gives them their records. Every AppDeps is built with these.
 */
export const moduleHooks: ModuleHooks = {
  flagStored: alertFlag,
  rosterEntriesAdded: addClassStudentsToOpenAssignments,
  recordChanged: (deps, recordId) =>
    queueScore(deps, recordId).catch((err: unknown) => logWarning(null, 'lti: a score could not be queued', err)),
};

/**
 * The timers that run while replies stream (AppDeps.timers; docs/decisions/203): the checkpoint
 * writer (conversations) and the open student runs watcher (my-assignments). Each starts with the
 * first reply that goes live and stops when none is left. Every AppDeps is built with one.
 */
export function createStreamTimers(): StreamTimers {
  return { checkpoints: checkpointWriter(), openRuns: openRunsWatcher() };
}
