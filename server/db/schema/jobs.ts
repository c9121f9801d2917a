import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The scheduled jobs of the installation, one row per job (docs/decisions/276): when a round last
 * started and last finished. A process starts a round only by moving `startedAt` forward in one
 * statement that also checks it is due (core/job-lock.ts, runIfDue), so an hourly job runs once an
 * hour however many processes run, and a restart does not add a round.
 */
export const jobRun = pgTable('job_run', {
  name: text('name').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
