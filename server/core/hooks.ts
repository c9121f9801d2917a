import type { Db } from '../db/client';
import type { AppDeps } from './context';

/**
 * The steps a module takes in a module above it, passed in by the composition root
 * (server/compose.ts) through AppDeps, so the lower module imports nothing of the higher one
 * (docs/decisions/204-module-layers.md). The lower module says when; the higher one says what.
 */
export interface ModuleHooks {
  /**
   * A safety flag was stored (a student's turn, a re-check, a report): its readers are told, and a
   * self-harm flag is mailed (the flags module's alert). Called after the flag's transaction.
   */
  flagStored: (deps: AppDeps, flagId: string) => Promise<void>;
  /**
   * Entries were added to a class's roster (classes): they get records of the class's open
   * assignments, in the same transaction (the assignments module).
   */
  rosterEntriesAdded: (tx: Db, classId: string, entries: AddedRosterEntry[]) => Promise<void>;
  /**
   * A student's record changed state or feedback (my-assignments' "I'm done", the teacher's review in
   * assignments): a course that placed the assignment hears of it (the lti module's gradebook score).
   * Called after the change's transaction; never throws.
   */
  recordChanged: (deps: AppDeps, recordId: string) => Promise<void>;
}

/** A roster entry just added, as the assignments' records are made from it. */
export interface AddedRosterEntry {
  id: string;
  email: string;
  name: string;
}
