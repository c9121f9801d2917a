import { z } from 'zod';
import { EMAIL_MISSING, NOT_AN_EMAIL, storedEmail, text } from '../common';

/**
 * What a roster import shows before anything is written: the rows it would add and every row it
 * would not, with why. The plain CSV and the OneRoster readers both produce it; the server
 * recomputes it from the same text when the teacher confirms, so the two cannot disagree.
 */

/** Rows one import may hold: a whole school's classes for one teacher, and a bound on the work. */
export const ROSTER_IMPORT_MAX_ROWS = 2000;
export const STUDENT_NAME_MAX = 100;
export const CLASS_NAME_MAX = 100;
export const CLASS_PERIOD_MAX = 100;

/** A student's display name; empty means none was given (the roster shows the address). */
export const rosterStudentName = text({
  trim: true,
  max: STUDENT_NAME_MAX,
  tooLong: `The name is longer than ${STUDENT_NAME_MAX} characters.`,
});
export const rosterClassName = text({
  trim: true,
  max: CLASS_NAME_MAX,
  tooLong: `The class name is longer than ${CLASS_NAME_MAX} characters.`,
});
export const rosterClassPeriod = text({
  trim: true,
  max: CLASS_PERIOD_MAX,
  tooLong: `The period is longer than ${CLASS_PERIOD_MAX} characters.`,
});

/** One student to add: `className` null means no class was named (the caller picks one). */
export const rosterImportRow = z.object({
  line: z.number().int().min(1),
  email: storedEmail,
  name: rosterStudentName.nullable(),
  className: rosterClassName.nullable(),
  period: rosterClassPeriod.nullable(),
});
export type RosterImportRow = z.infer<typeof rosterImportRow>;

export const rosterImportErrorCode = z.enum([
  'not_csv',
  'missing_column',
  'missing_email',
  'invalid_email',
  'name_too_long',
  'class_too_long',
  'period_too_long',
  'unstorable_text',
  'duplicate',
  'too_many_rows',
  'teacher_not_found',
  'no_sections',
  'unknown_class',
  'unknown_user',
  'not_a_student',
  'to_be_deleted',
]);
export type RosterImportErrorCode = z.infer<typeof rosterImportErrorCode>;

export const rosterImportFile = z.enum(['users.csv', 'classes.csv', 'enrollments.csv']);
export type RosterImportFile = z.infer<typeof rosterImportFile>;

/** A row left out, or a problem with a whole file (`line` null). `file` is set for OneRoster only. */
export const rosterImportError = z.object({
  file: rosterImportFile.optional(),
  line: z.number().int().min(1).nullable(),
  field: z.enum(['email', 'name', 'class', 'period']).optional(),
  code: rosterImportErrorCode,
  reason: z.string(),
});
export type RosterImportError = z.infer<typeof rosterImportError>;

export const rosterImportPreview = z.object({
  rows: z.array(rosterImportRow),
  errors: z.array(rosterImportError),
});
export type RosterImportPreview = z.infer<typeof rosterImportPreview>;

type Field = 'email' | 'name' | 'class' | 'period';

/** The raw values of one student row, before validation. */
export interface RawStudent {
  email: string;
  name: string;
  className: string;
  period: string;
}

/**
 * Checks one row's values: the row as it will be added, or the errors that keep it out (every
 * field's problem, so the teacher fixes the row once).
 */
export function validateStudent(
  raw: RawStudent,
  line: number,
  file?: RosterImportFile,
): { row: RosterImportRow; errors?: undefined } | { row?: undefined; errors: RosterImportError[] } {
  const errors: RosterImportError[] = [];
  const at = (field: Field, code: RosterImportErrorCode, reason: string) =>
    errors.push({ ...(file ? { file } : {}), line, field, code, reason });

  const email = storedEmail.safeParse(raw.email);
  if (!email.success) {
    const missing = raw.email.trim() === '';
    at('email', missing ? 'missing_email' : 'invalid_email', missing ? EMAIL_MISSING : NOT_AN_EMAIL);
  }
  const check = (schema: typeof rosterStudentName, max: number, value: string, field: Field, tooLong: RosterImportErrorCode) => {
    const result = schema.safeParse(value);
    if (result.success) return result.data === '' ? null : result.data;
    const message = result.error.issues[0]?.message ?? 'This value cannot be stored.';
    at(field, value.trim().length > max ? tooLong : 'unstorable_text', message);
    return null;
  };
  const name = check(rosterStudentName, STUDENT_NAME_MAX, raw.name, 'name', 'name_too_long');
  const className = check(rosterClassName, CLASS_NAME_MAX, raw.className, 'class', 'class_too_long');
  const period = check(rosterClassPeriod, CLASS_PERIOD_MAX, raw.period, 'period', 'period_too_long');

  if (errors.length > 0 || !email.success) return { errors };
  return { row: { line, email: email.data, name, className, period } };
}

const LIMIT = ROSTER_IMPORT_MAX_ROWS.toLocaleString('en');

/**
 * Why an import over ROSTER_IMPORT_MAX_ROWS students is refused as a whole (never written in part):
 * the limit, how many there are when known, and how to split the file.
 */
export function tooManyRowsMessage(count?: number): string {
  const has = count === undefined ? `more than ${LIMIT}` : count.toLocaleString('en');
  return `One import takes at most ${LIMIT} students, and this one has ${has}. Nothing was added: split the file into parts of at most ${LIMIT} students (keep each class's students in one part) and import each part.`;
}

/** The error for rows beyond ROSTER_IMPORT_MAX_ROWS: it refuses the whole import (see importBlocked). */
export function tooManyRowsError(line: number, file?: RosterImportFile, count?: number): RosterImportError {
  return { ...(file ? { file } : {}), line, code: 'too_many_rows', reason: tooManyRowsMessage(count) };
}

/** A problem no "leave out the bad rows" gets past: the file itself must change (too many rows). */
export const importBlocked = (preview: RosterImportPreview) => preview.errors.some((e) => e.code === 'too_many_rows');

/** Whether a preview may be imported: rows to add, no bad row unless the teacher leaves them out, and nothing blocking. */
export const canImport = (preview: RosterImportPreview, skipBadRows: boolean) =>
  preview.rows.length > 0 && !importBlocked(preview) && (preview.errors.length === 0 || skipBadRows);

/** The key two classes are one by: name and period (the class's section), case ignored; no period is no section. */
export const rosterClassKey = (name: string, section: string | null) => `${name.toLowerCase()}\u0000${(section ?? '').toLowerCase()}`;

/**
 * The classes the rows name that the teacher does not have (by rosterClassKey): the ones an
 * import makes, each once, in the order the rows first name them.
 */
export function classesToCreate(
  rows: readonly Pick<RosterImportRow, 'className' | 'period'>[],
  existing: readonly { name: string; section: string | null }[],
): { className: string; period: string | null }[] {
  const known = new Set(existing.map((c) => rosterClassKey(c.name, c.section)));
  const made: { className: string; period: string | null }[] = [];
  for (const row of rows) {
    if (row.className === null) continue;
    const key = rosterClassKey(row.className, row.period);
    if (known.has(key)) continue;
    known.add(key);
    made.push({ className: row.className, period: row.period });
  }
  return made;
}
