import { z } from 'zod';
import { storedEmail } from './common';

/**
 * The student's record (issue 16, item 4): what a teacher (for their own students) or a school's
 * admin (for the school) holds of one student address, exported as one zip (record.json, the shape
 * below, and record.html) and deletable. Teacher side: /api/students/:entryId/export and
 * /api/students/:entryId/data. Admin side: /api/school/students/export?email= and
 * /api/school/students?email=.
 */

/** ?email= of the school endpoints: the student's address, trimmed and lower-case. */
export const schoolStudentQuery = z.strictObject({ email: storedEmail });
export type SchoolStudentQuery = z.infer<typeof schoolStudentQuery>;

export const recordTurn = z.object({
  seq: z.number(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  /** complete, held (not yet checked by the moderation pass: the student has not seen it), blocked, ... */
  status: z.string(),
  at: z.string(),
});

export const recordFlag = z.object({
  category: z.string(),
  severity: z.string(),
  reason: z.string(),
  /** input: the student's message; output: the tutor's reply. */
  source: z.string(),
  at: z.string(),
  reviewed: z.boolean(),
  reviewedAt: z.string().nullable(),
  note: z.string(),
});

export const recordTrophy = z.object({ reason: z.string(), at: z.string() });

export const recordAssignment = z.object({
  teacher: z.string(),
  title: z.string(),
  /** The assignment's own state: open, closed, or deleted (kept until the retention purge). */
  assignmentState: z.enum(['open', 'closed', 'deleted']),
  assignedAt: z.string(),
  dueAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** The student's progress: assigned, in_progress, submitted, completed. */
  status: z.string(),
  startedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  lastActiveAt: z.string().nullable(),
  timeSpentSeconds: z.number(),
  messageCount: z.number(),
  feedback: z.string(),
  feedbackAt: z.string().nullable(),
  transcript: z.array(recordTurn),
  flags: z.array(recordFlag),
  trophies: z.array(recordTrophy),
});

export const studentRecordExport = z.object({
  exportedAt: z.string(),
  /** Whose records these are: one teacher's, or every teacher's of one school. */
  scope: z.object({ kind: z.enum(['teacher', 'school']), name: z.string() }),
  student: z.object({
    email: z.string(),
    /** The names the rosters and records give the address (usually one). */
    names: z.array(z.string()),
    /** Whether an account has signed in with the address (linked to a roster entry or a record). */
    linked: z.boolean(),
  }),
  classes: z.array(
    z.object({
      teacher: z.string(),
      name: z.string(),
      section: z.string().nullable(),
      addedAt: z.string(),
      removedAt: z.string().nullable(),
    }),
  ),
  assignments: z.array(recordAssignment),
});
export type StudentRecordExport = z.infer<typeof studentRecordExport>;
export type RecordAssignment = z.infer<typeof recordAssignment>;

/** What a deletion removed, in counts. */
export const studentDataDeleted = z.object({
  records: z.number(),
  transcripts: z.number(),
  rosterEntries: z.number(),
});
export type StudentDataDeleted = z.infer<typeof studentDataDeleted>;
