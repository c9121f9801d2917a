import { z } from 'zod';
import { storedEmail, text } from './common';
import { localeSchema } from './locale';
import { issueText } from './i18n/message';
import { PASTE_MAX_CHARS, ROSTER_IMPORT_MAX_ROWS, rosterImportPreview } from './roster';

/** My Students: a teacher's classes and their rosters (docs/product/students-and-classes.md, docs/decisions/109-classes-and-roster-entries.md). */

export const CLASS_NAME_MAX = 100;
export const CLASS_SECTION_MAX = 50;
export const STUDENT_NAME_MAX = 100;
/** The most students one add request may carry (a paste or an import is split by the client above this). */
export const ADD_STUDENTS_MAX = 500;
export const JOIN_CODE_LENGTH = 8;

const className = text({
  trim: true,
  min: 1,
  max: CLASS_NAME_MAX,
  required: issueText('nameTheClass'),
  tooShort: issueText('nameTheClass'),
  tooLong: issueText('classNameTooLong', { max: CLASS_NAME_MAX }),
});
const section = text({ trim: true, max: CLASS_SECTION_MAX, tooLong: issueText('sectionTooLong', { max: CLASS_SECTION_MAX }) })
  .nullable()
  .transform((v) => (v ? v : null));

const studentName = text({
  trim: true,
  min: 1,
  max: STUDENT_NAME_MAX,
  required: issueText('enterStudentName'),
  tooShort: issueText('enterStudentName'),
  tooLong: issueText('studentNameTooLong', { max: STUDENT_NAME_MAX }),
});

export const createClassInput = z.strictObject({ name: className, section: section.optional() });
export type CreateClassInput = z.input<typeof createClassInput>;

/**
 * PATCH /api/classes/:id. `defaultLocale` is the language of the class's students who have not chosen
 * one themselves (null: none, they follow their browser); see docs/decisions/272-languages-on-the-server.md.
 */
export const updateClassInput = z
  .strictObject({ name: className.optional(), section: section.optional(), defaultLocale: localeSchema.nullable().optional() })
  .refine((v) => v.name !== undefined || v.section !== undefined || v.defaultLocale !== undefined, {
    message: issueText('nothingToChange'),
  });
export type UpdateClassInput = z.input<typeof updateClassInput>;

export const newStudent = z.strictObject({ email: storedEmail, name: studentName });
export type NewStudent = z.input<typeof newStudent>;

/** Add one or many: the whole list is checked first; one bad row and nothing is written. */
/**
 * Whether each student newly put on the roster is e-mailed an invitation: the class, the teacher
 * and how to sign in (decision 282). Off unless asked: the page asks (its box is ticked by default);
 * an API client's list is not mailed without saying so. Students already on the roster get none.
 */
const invite = z.boolean().optional();

export const addStudentsInput = z.strictObject({
  students: z
    .array(newStudent)
    .min(1, issueText('addAtLeastOne'))
    .max(ADD_STUDENTS_MAX, issueText('addAtMost', { max: ADD_STUDENTS_MAX })),
  invite,
});
export type AddStudentsInput = z.input<typeof addStudentsInput>;

/**
 * POST /api/classes/:id/students/paste: the text of "Paste a list", read on the server with the
 * same reader as the page's preview (contract/roster/paste.ts). Bad lines are reported, never
 * fatal: the good lines are added. Each line's own checks run there, so the text as a whole is
 * only bounded here.
 */
export const pasteStudentsInput = z.strictObject({
  text: z.string({ error: issueText('pasteStudents') }).max(PASTE_MAX_CHARS, issueText('pasteAtMost', { max: PASTE_MAX_CHARS })),
  invite,
});
export type PasteStudentsInput = z.input<typeof pasteStudentsInput>;

/** Turn joining by code on (a new code each time) or off. */
export const joinCodeInput = z.strictObject({ enabled: z.boolean() });
export type JoinCodeInput = z.input<typeof joinCodeInput>;

export const joinClassInput = z.strictObject({
  code: z
    .string({ error: issueText('enterClassCode') })
    .trim()
    .toUpperCase()
    // Spaces and dashes are how a code is read out or copied from a board ("K7MP 4QRT"), not part of it.
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, issueText('enterTeachersClassCode'))
        .regex(/^([A-Z0-9]{4,16})?$/, issueText('notAClassCode')),
    ),
});
export type JoinClassInput = z.input<typeof joinClassInput>;

export const classSummary = z.object({
  id: z.string(),
  name: z.string(),
  section: z.string().nullable(),
  joinCode: z.string().nullable(),
  /** The language of the class's students who have not chosen one (null: none set). */
  defaultLocale: localeSchema.nullable(),
  studentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClassSummary = z.infer<typeof classSummary>;

export const classList = z.object({ classes: z.array(classSummary) });
export type ClassList = z.infer<typeof classList>;

export const rosterStudent = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  /** True once the address belongs to a signed-in account (verified, or joined by code). */
  linked: z.boolean(),
  /**
   * Added by the teacher, joined with the code, put on by a launch from the course's LMS (LTI), or
   * imported from a Google Classroom course (kept in step by importing it again).
   */
  source: z.enum(['teacher', 'code', 'lti', 'classroom']),
  addedAt: z.string(),
});
export type RosterStudent = z.infer<typeof rosterStudent>;

export const rosterList = z.object({ students: z.array(rosterStudent) });
export type RosterList = z.infer<typeof rosterList>;

export const addStudentsResult = z.object({
  added: z.array(rosterStudent),
  /** Addresses already on this class's roster (or repeated in the request): left as they were. */
  alreadyOnRoster: z.array(z.object({ email: z.string(), name: z.string() })),
  /** How many of the students added are being sent an invitation (asked with `invite`; sent after the answer). */
  invited: z.number().int().optional(),
});
export type AddStudentsResult = z.infer<typeof addStudentsResult>;

/** The most bad lines a paste's answer shows (the page reads the rest from its own box with the same reader). */
export const PASTE_BAD_SHOWN = 50;

export const pasteStudentsResult = addStudentsResult.extend({
  /** The first bad lines (at most PASTE_BAD_SHOWN), with why: a paste of 200,000 characters stays a small answer. */
  bad: z.array(z.object({ line: z.number().int(), text: z.string(), reason: z.string() })).max(PASTE_BAD_SHOWN),
  /** How many lines were not added in all. */
  badCount: z.number().int(),
});
export type PasteStudentsResult = z.infer<typeof pasteStudentsResult>;

/** POST /api/classes/:id/students/:studentId/invite: the invitation was sent again (at most 3 a student and 100 a teacher a day). */
export const inviteSentResult = z.object({ sent: z.literal(true) });
export type InviteSentResult = z.infer<typeof inviteSentResult>;

export const joinClassResult = z.object({
  classId: z.string(),
  className: z.string(),
  section: z.string().nullable(),
  teacherName: z.string(),
  alreadyOnRoster: z.boolean(),
});
export type JoinClassResult = z.infer<typeof joinClassResult>;

/**
 * POST /api/classes/import: rows the web app read from a CSV or OneRoster export (contract/roster,
 * which also filters OneRoster to the teacher's own sections; the files can be larger than a JSON
 * body may be). The server checks every row again (same rules as the preview) and answers its own
 * preview: `dryRun` writes nothing; otherwise nothing is written while any row is bad, unless
 * `skipBadRows` (then only the good rows are). Rows name their class; a class the teacher does not
 * have (same name and period, case ignored) is created. Rows with no class go to `classId`.
 */
// Loose on purpose (the server reports a bad value per row), except text no row could ever store:
// that is a 422 naming the field, like every other endpoint's.
const looseText = text({ max: 1000 }).nullable();
export const importRosterInput = z.strictObject({
  rows: z
    .array(
      z.strictObject({
        line: z.number().int().min(0).max(1_000_000),
        email: text({ max: 1000 }),
        name: looseText,
        className: looseText,
        period: looseText,
      }),
    )
    .min(1, issueText('fileHasNoStudents'))
    .max(ROSTER_IMPORT_MAX_ROWS, issueText('importAtMost', { max: ROSTER_IMPORT_MAX_ROWS })),
  classId: text({ max: 100 }).optional(),
  dryRun: z.boolean().optional(),
  skipBadRows: z.boolean().optional(),
});
export type ImportRosterInput = z.input<typeof importRosterInput>;

export const importRosterResult = z.object({
  /** The server's own reading of the rows: what would be (or was) added, and every bad row with why. */
  preview: rosterImportPreview,
  written: z.boolean(),
  /** The classes the rows name that the teacher does not have: made by this import (or, unwritten, by one that writes). */
  newClasses: z.array(z.object({ className: z.string(), period: z.string().nullable() })),
  /** Classes made for rows naming a class the teacher did not have. */
  classesCreated: z.array(classSummary),
  added: z.number().int(),
  alreadyOnRoster: z.number().int(),
});
export type ImportRosterResult = z.infer<typeof importRosterResult>;
