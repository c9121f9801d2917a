import { z } from 'zod';
import { conversationMessage } from './ai';
import { botIcon } from './bots';
import { boundedInt, INT32_MAX, text, uuid } from './common';
import { crisisLines } from './crisis-lines';
import { trophyRules } from './trophies';
import { localeSchema } from './locale';

/**
 * Assignments (docs/product/students-and-classes.md): a teacher hands one of their TutorBots to whole classes and/or
 * single rostered students; each student gets one record (the route's asid) with one conversation.
 * Teacher side: /api/assignments. Student side: /api/my-assignments. A teacher's view of one
 * student: /api/students/:entryId.
 */

export const ASSIGNMENT_TITLE_MAX = 200;
export const ASSIGNMENT_INSTRUCTIONS_MAX = 4_000;
export const FEEDBACK_MAX = 4_000;
/** The largest message budget a teacher may set per student. */
export const MESSAGE_BUDGET_MAX = 1_000;
/** The most classes and single students one create or edit may name. */
export const ASSIGN_TARGETS_MAX = 500;

export const assignmentStatus = z.enum(['open', 'closed']);
export type AssignmentStatus = z.infer<typeof assignmentStatus>;

/** A student's progress on an assignment (docs/product/students-and-classes.md). */
export const studentAssignmentStatuses = ['assigned', 'in_progress', 'submitted', 'completed'] as const;
export const studentAssignmentStatus = z.enum(studentAssignmentStatuses);
export type StudentAssignmentStatus = z.infer<typeof studentAssignmentStatus>;

const title = text({
  trim: true,
  min: 1,
  max: ASSIGNMENT_TITLE_MAX,
  required: 'Give the assignment a title.',
  tooShort: 'Give the assignment a title.',
  tooLong: `Keep the title under ${ASSIGNMENT_TITLE_MAX} characters.`,
});
const instructions = text({
  trim: true,
  max: ASSIGNMENT_INSTRUCTIONS_MAX,
  tooLong: `Keep the instructions under ${ASSIGNMENT_INSTRUCTIONS_MAX.toLocaleString('en-US')} characters.`,
});
/** An instant with its offset (the browser sends the end of the chosen day in the teacher's zone); null = no due date. */
const dueAt = z.iso
  .datetime({ offset: true, error: 'Choose a valid due date.' })
  .nullable()
  .refine((v) => v === null || (Date.parse(v) > Date.UTC(2000, 0, 1) && Date.parse(v) < Date.UTC(2200, 0, 1)), 'Choose a valid due date.');
const messageBudget = boundedInt(1, MESSAGE_BUDGET_MAX, {
  notNumber: 'The message budget must be a number.',
  notWhole: 'The message budget must be a whole number.',
  tooSmall: 'Allow at least 1 message, or no budget.',
  tooLarge: `Allow at most ${MESSAGE_BUDGET_MAX.toLocaleString('en-US')} messages per student.`,
}).nullable();
const ids = (what: string) =>
  z.array(uuid(`Choose ${what} from the list.`)).max(ASSIGN_TARGETS_MAX, `Choose at most ${ASSIGN_TARGETS_MAX} ${what}.`);

/**
 * POST /api/assignments. `botId` is one of the teacher's TutorBots or a TutorBot template (copied to
 * the teacher first). `classIds` are the teacher's classes (their current students, and students who
 * join while it is open); `studentIds` are roster entries of the teacher's classes. At least one.
 */
/** The New dialog's key for one create: the same key again (a double submit, a retry) answers the assignment it made. */
const idempotencyKey = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(100, 'must be at most 100 characters')
  .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits, dot, dash, colon or underscore only');

export const createAssignmentInput = z
  .strictObject({
    idempotencyKey: idempotencyKey.optional(),
    botId: uuid('Choose a TutorBot.'),
    title,
    instructions: instructions.default(''),
    dueAt: dueAt.default(null),
    messageBudget: messageBudget.default(null),
    /** The language the tutor answers in (a language lesson); null: each student's own (decision 272). */
    responseLanguage: localeSchema.nullable().default(null),
    classIds: ids('classes').default([]),
    studentIds: ids('students').default([]),
    /** The automatic trophy rules on for this assignment (contract/trophies.ts); all on when left out. */
    trophyRules: trophyRules.optional(),
  })
  .refine((v) => v.classIds.length + v.studentIds.length > 0, { message: 'Choose at least one class or student.', path: ['classIds'] });
export type CreateAssignmentInput = z.input<typeof createAssignmentInput>;

/** PATCH /api/assignments/:id: changes against the version the teacher saw (409 when stale). Adding never removes anyone. */
export const updateAssignmentInput = z.strictObject({
  version: boundedInt(1, INT32_MAX),
  title: title.optional(),
  instructions: instructions.optional(),
  dueAt: dueAt.optional(),
  messageBudget: messageBudget.optional(),
  responseLanguage: localeSchema.nullable().optional(),
  addClassIds: ids('classes').optional(),
  addStudentIds: ids('students').optional(),
  trophyRules: trophyRules.optional(),
});
export type UpdateAssignmentInput = z.input<typeof updateAssignmentInput>;

/** The tutor an assignment uses, as its teacher sees it. `deleted`: the teacher deleted the bot since. */
export const assignmentBot = z.object({ id: z.string(), name: z.string(), icon: botIcon, deleted: z.boolean() });
export type AssignmentBot = z.infer<typeof assignmentBot>;

export const classRef = z.object({ id: z.string(), name: z.string(), section: z.string().nullable() });
export type ClassRef = z.infer<typeof classRef>;

export const statusCounts = z.object({
  assigned: z.number().int(),
  in_progress: z.number().int(),
  submitted: z.number().int(),
  completed: z.number().int(),
  total: z.number().int(),
});
export type StatusCounts = z.infer<typeof statusCounts>;

export const assignmentSummary = z.object({
  id: z.string(),
  title: z.string(),
  instructions: z.string(),
  dueAt: z.string().nullable(),
  messageBudget: z.number().int().nullable(),
  /** The language the tutor answers in (a language lesson); null: each student's own. */
  responseLanguage: localeSchema.nullable(),
  status: assignmentStatus,
  closedAt: z.string().nullable(),
  bot: assignmentBot,
  classes: z.array(classRef),
  counts: statusCounts,
  /** Unreviewed safety flags on this assignment's records (GET /api/flags?record= lists a record's). */
  flags: z.number().int(),
  /** The automatic trophy rules on for this assignment. */
  trophyRules,
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AssignmentSummary = z.infer<typeof assignmentSummary>;

export const assignmentList = z.object({ assignments: z.array(assignmentSummary) });
export type AssignmentList = z.infer<typeof assignmentList>;

/** One row of the teacher's table: one student's record. */
export const studentRecord = z.object({
  id: z.string(),
  /** The roster entry it came through (opens the student's page); null when that class was deleted. */
  rosterEntryId: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  className: z.string().nullable(),
  /** False once the student is off every roster of the teacher's: they can no longer open it. */
  onRoster: z.boolean(),
  status: studentAssignmentStatus,
  startedAt: z.string().nullable(),
  lastActiveAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  timeSpentSeconds: z.number().int(),
  messageCount: z.number().int(),
  /** Past the due date and not submitted or completed, or submitted after it. */
  late: z.boolean(),
  feedback: z.string(),
  feedbackAt: z.string().nullable(),
  flags: z.number().int(),
  trophies: z.number().int(),
  hasTranscript: z.boolean(),
  version: z.number().int(),
});
export type StudentRecord = z.infer<typeof studentRecord>;

/** GET /api/assignments/:id: the assignment and its table. */
export const assignmentDetail = assignmentSummary.extend({ students: z.array(studentRecord) });
export type AssignmentDetail = z.infer<typeof assignmentDetail>;

/**
 * PATCH /api/assignments/:id/students/:recordId: written feedback (shown to the student), and/or
 * mark completed, or hand back (to in progress, so the student can continue), against the version.
 */
export const updateRecordInput = z
  .strictObject({
    version: boundedInt(1, INT32_MAX),
    feedback: text({
      trim: true,
      max: FEEDBACK_MAX,
      tooLong: `Keep the feedback under ${FEEDBACK_MAX.toLocaleString('en-US')} characters.`,
    }).optional(),
    status: z.enum(['completed', 'in_progress'], { error: 'Mark it completed, or hand it back.' }).optional(),
  })
  .refine((v) => v.feedback !== undefined || v.status !== undefined, { message: 'Nothing to change.' });
export type UpdateRecordInput = z.input<typeof updateRecordInput>;

/** GET /api/assignments/:id/students/:recordId/transcript: read-only, for the assigning teacher or their school's admin. */
export const transcript = z.object({
  assignment: z.object({ id: z.string(), title: z.string(), teacherName: z.string() }),
  bot: z.object({ name: z.string(), icon: botIcon }),
  record: studentRecord,
  messages: z.array(conversationMessage),
  /** The turns a safety flag of this record points at (the flag detail's "Flagged" turn), marked in the transcript too. */
  flaggedMessageIds: z.array(z.string()),
});
export type Transcript = z.infer<typeof transcript>;

// ---------- The student's side ----------

/**
 * The tutor as a student meets it: name, icon, welcome message and starters only. Never the bot's
 * instructions, knowledge files or the teacher's e-mail. `uid`/`sid` are the route parameters.
 */
export const studentBotView = z.object({
  id: z.string(),
  uid: z.string(),
  sid: z.string(),
  name: z.string(),
  icon: botIcon,
  welcomeMessage: z.string(),
  starterPrompts: z.array(z.string()),
});
export type StudentBotView = z.infer<typeof studentBotView>;

export const myAssignment = z.object({
  /** The record's id: the route's asid. */
  id: z.string(),
  /** The assignment it belongs to: a link from Google Classroom names this one. */
  assignmentId: z.string(),
  title: z.string(),
  instructions: z.string(),
  dueAt: z.string().nullable(),
  status: studentAssignmentStatus,
  late: z.boolean(),
  /** Closed by the teacher: readable, no more messages. */
  closed: z.boolean(),
  teacherName: z.string(),
  feedback: z.string(),
  feedbackAt: z.string().nullable(),
  bot: studentBotView,
  /** The record's one conversation (the route's res), null before Start. */
  conversationId: z.string().nullable(),
  messageBudget: z.number().int().nullable(),
  messagesUsed: z.number().int(),
  lastActiveAt: z.string().nullable(),
});
export type MyAssignment = z.infer<typeof myAssignment>;

/** GET /api/my-assignments: the signed-in person's records, newest first. */
export const myAssignmentList = z.object({ assignments: z.array(myAssignment) });
export type MyAssignmentList = z.infer<typeof myAssignmentList>;

/** GET /api/my-assignments/:asid: the record and its conversation so far. */
export const myAssignmentDetail = myAssignment.extend({
  messages: z.array(conversationMessage),
  /**
   * The tutor replies this student reported with "Report this answer", so the page marks them after
   * a reload. Only the student's own reports: what the safety checks flagged is never said here.
   */
  reportedMessageIds: z.array(z.string()),
  /** The crisis lines the help card shows this student: their school's, else the installation's, else the defaults (contract/crisis-lines.ts). */
  crisisLines: crisisLines.optional(),
});
export type MyAssignmentDetail = z.infer<typeof myAssignmentDetail>;

// ---------- A teacher's view of one student ----------

/** GET /api/students/:entryId: one student of the teacher's rosters, across classes. */
export const studentPage = z.object({
  student: z.object({ email: z.string(), name: z.string(), linked: z.boolean() }),
  classes: z.array(classRef.extend({ entryId: z.string() })),
  assignments: z.array(
    z.object({
      assignmentId: z.string(),
      recordId: z.string(),
      title: z.string(),
      dueAt: z.string().nullable(),
      status: studentAssignmentStatus,
      late: z.boolean(),
      lastActiveAt: z.string().nullable(),
      messageCount: z.number().int(),
      hasTranscript: z.boolean(),
      /** Unreviewed safety flags on this record (GET /api/flags?record= lists them). */
      flags: z.number().int(),
    }),
  ),
  lastActiveAt: z.string().nullable(),
  messageCount: z.number().int(),
  /** Trophies, and unreviewed safety flags, over every record. */
  trophies: z.number().int(),
  flags: z.number().int(),
});
export type StudentPage = z.infer<typeof studentPage>;
