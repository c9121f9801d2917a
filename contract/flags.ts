import { z } from 'zod';
import { pageCursor, text, uuid } from './common';

/**
 * Safety flags a teacher acts on (issue 16, items 2 and 5). A flag belongs to a student's
 * assignment record; the assigning teacher reads and reviews it (even while their plan has lapsed,
 * as transcripts), and an admin of that teacher's school reads and reviews its self-harm and
 * safeguarding flags (the alerts). Endpoints: GET /api/flags (the inbox, or one record's flags with ?record=),
 * GET /api/flags/count, GET /api/flags/:id, POST /api/flags/:id/review.
 */

/**
 * What a safety check finds, in the order the instant check tests them (self-harm first, for its help
 * lines; then safeguarding, a disclosure of abuse or neglect).
 */
export const safetyCategories = ['self_harm', 'safeguarding', 'violence', 'sexual', 'bullying', 'personal_data'] as const;
export const safetyCategory = z.enum(safetyCategories);

export const flagCategories = [...safetyCategories, 'provider_block', 'reported'] as const;
export const flagCategory = z.enum(flagCategories);
export type FlagCategory = z.infer<typeof flagCategory>;

/**
 * The categories that alert the school: each such flag goes at once to the teacher and the school's
 * admins (e-mail and in the app), and the admins read and review it (docs/product/safety.md#flags).
 */
export const alertCategories = ['self_harm', 'safeguarding'] as const satisfies readonly FlagCategory[];
export const isAlertCategory = (category: string): boolean => (alertCategories as readonly string[]).includes(category);

/** Each category in words, as the teacher reads it (docs/product/safety.md#flags). */
export const flagCategoryText: Record<FlagCategory, string> = {
  self_harm: 'Self-harm',
  safeguarding: 'Safeguarding (abuse or neglect)',
  violence: 'Violence',
  sexual: 'Sexual content',
  bullying: 'Bullying or hate',
  personal_data: 'Personal data',
  provider_block: "Blocked by the AI provider's filter",
  reported: 'Reported by the student',
};

/** Who found it: the instant word check, the moderation pass, the provider's own filter, or the student ("Report this answer"). */
export const flagDetectors = ['words', 'moderation', 'provider', 'student'] as const;
export type FlagDetector = (typeof flagDetectors)[number];

export const flagSeverity = z.enum(['low', 'medium', 'high']);
export type FlagSeverity = z.infer<typeof flagSeverity>;

export const FLAG_NOTE_MAX = 2000;
/** Flags per page of the inbox. */
export const FLAGS_PAGE_SIZE = 30;
/** Turns shown around the flagged one: before it and after it. */
export const FLAG_CONTEXT_BEFORE = 3;
export const FLAG_CONTEXT_AFTER = 2;

export const flagStatus = z.enum(['unreviewed', 'reviewed', 'all']);
export type FlagStatus = z.infer<typeof flagStatus>;

/** GET /api/flags's query: the inbox by status, newest first, paged; `record` narrows it to one student's assignment record. */
export const flagListQuery = z.strictObject({
  status: flagStatus.default('unreviewed'),
  cursor: pageCursor().optional(),
  /** A record id; one that is not an id reads as not found (404), as every id in a path. */
  record: text({ max: 64 }).optional(),
});
export type FlagListQuery = z.infer<typeof flagListQuery>;

export const flagReview = z.object({
  at: z.string(),
  /** The reviewer's name, or null when their account is gone. */
  byName: z.string().nullable(),
  note: z.string(),
});

export const flagSummary = z.object({
  id: z.string(),
  category: flagCategory,
  severity: flagSeverity,
  /** The checker's short reason, never the message itself. */
  reason: z.string(),
  detectedBy: z.enum(flagDetectors),
  /** input: the student's message; output: the tutor's reply; provider: the provider's own block. */
  source: z.enum(['input', 'output', 'provider']),
  createdAt: z.string(),
  reviewed: flagReview.nullable(),
  /** The record's roster name. */
  studentName: z.string(),
  assignment: z.object({ id: z.string(), title: z.string() }),
  recordId: z.string(),
  /** teacher: the caller set the assignment; admin: the caller is alerted as an admin of the teacher's school. */
  as: z.enum(['teacher', 'admin']),
  /** A self-harm alert whose e-mails have all failed so far: the server keeps trying until one goes. */
  alertUnsent: z.boolean(),
});
export type FlagSummary = z.infer<typeof flagSummary>;

export const flagList = z.object({
  flags: z.array(flagSummary),
  nextCursor: z.string().nullable(),
  /** Every unreviewed flag the caller may read (the badge's number), whatever the filter. */
  unreviewed: z.number().int(),
});
export type FlagList = z.infer<typeof flagList>;

/** GET /api/flags/count: the drawer's badge. `total` says whether the caller has any flags at all (a lapsed teacher's inbox). */
export const flagCount = z.object({ unreviewed: z.number().int(), total: z.number().int() });
export type FlagCount = z.infer<typeof flagCount>;

export const flagTurn = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  status: z.string(),
  createdAt: z.string(),
  /** The flagged turn itself. */
  flagged: z.boolean(),
});
export type FlagTurn = z.infer<typeof flagTurn>;

/** GET /api/flags/:id: the flag with the message in context (up to 3 turns before it and 2 after). */
export const flagDetail = flagSummary.extend({
  context: z.array(flagTurn),
  /** The teacher's name (for an admin: whose student this is). */
  teacherName: z.string(),
  /**
   * On a safeguarding flag: the school's own reporting guidance (staff are mandatory reporters), or
   * null for the page's general words; null on every other flag.
   */
  reportingGuidance: z.string().nullable(),
});
export type FlagDetail = z.infer<typeof flagDetail>;

/** POST /api/flags/:id/review: mark reviewed with a note, or back to unreviewed (the note kept as given). */
export const reviewFlagInput = z.strictObject({
  note: text({ max: FLAG_NOTE_MAX, trim: true, required: 'Write a note, or leave it empty.' }),
  reviewed: z.boolean(),
});
export type ReviewFlagInput = z.infer<typeof reviewFlagInput>;

/**
 * POST /api/my-assignments/:asid/report: a student's "Report this answer" on one of their tutor's
 * replies. It goes to the assigning teacher as a flag (detectedBy student), not to support. One
 * report per reply: a second (a double click, another tab) answers the first.
 */
export const studentReportReasons = ['wrong', 'uncomfortable', 'other'] as const;
export const studentReportReason = z.enum(studentReportReasons, { error: 'Choose what is wrong.' });
export type StudentReportReason = z.infer<typeof studentReportReason>;
/** Each reason as the student picks it and as the teacher reads it (the flag's reason). */
export const studentReportReasonText: Record<StudentReportReason, string> = {
  wrong: 'The answer is wrong',
  uncomfortable: 'It made me uncomfortable',
  other: 'Something else',
};
export const STUDENT_REPORT_NOTE_MAX = 500;

export const studentReportInput = z.strictObject({
  messageId: uuid('That answer was not found.'),
  reason: studentReportReason,
  note: text({ max: STUDENT_REPORT_NOTE_MAX, trim: true, tooLong: `Keep it under ${STUDENT_REPORT_NOTE_MAX} letters.` }).optional(),
  idempotencyKey: z
    .string()
    .min(8, 'must be at least 8 characters')
    .max(100, 'must be at most 100 characters')
    .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits, dot, dash, colon or underscore only'),
});
export type StudentReportInput = z.infer<typeof studentReportInput>;

/** The answer: sent now, or already sent earlier (the same reply reported before). */
export const studentReportResult = z.object({ sent: z.enum(['now', 'before']), at: z.string() });
export type StudentReportResult = z.infer<typeof studentReportResult>;
