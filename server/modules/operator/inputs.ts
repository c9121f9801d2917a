import { z } from 'zod';
import { accountRole } from '../../../contract/account';
import { EMAIL_MAX, fieldErrors, isEmailAddress, text } from '../../../contract/common';
import { invalidFields } from '../../lib/errors';

/**
 * Field schemas shared by the operator's services and the CLI. Messages are predicates ("is
 * required", "must be ...") so a caller can prefix the field's own name: "--email must be ...".
 */

const requiredMessage = (what: string) => (iss: { input: unknown }) => (iss.input === undefined ? 'is required' : `must be ${what}`);
const required = (what = 'text') => z.string({ error: requiredMessage(what) });

/** Free text an operator types (names, buildings): storable, trimmed, with CLI-style messages. */
export const operatorText = (max: number) =>
  text({
    trim: true,
    max,
    required: requiredMessage('text'),
    tooLong: `must be at most ${max.toLocaleString('en-US')} characters`,
    unstorable: 'must not contain NUL or broken characters',
  });

/** An e-mail address, trimmed and lower-cased. */
export const emailField = required('an e-mail address')
  .trim()
  .max(EMAIL_MAX, { error: 'is too long', abort: true })
  .refine(isEmailAddress, { error: (iss) => `must be an e-mail address (got "${String(iss.input)}")` })
  .toLowerCase();

/** A new password, with the same bounds as sign-up. */
export const passwordField = required().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters');

/** A display name. */
export const nameField = operatorText(100).min(1, 'must not be empty');

export const roleField = z.enum(accountRole.options, { error: 'must be teacher or student' });

/** A real calendar day written YYYY-MM-DD (2023-02-29 is refused). */
export const dayField = required('a date').pipe(
  z.iso.date({ error: (iss) => `must be a real date written YYYY-MM-DD (got "${String(iss.input)}")` }),
);

const hostname = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** An e-mail domain such as school.edu, lower-cased. */
export const domainField = required('a domain')
  .trim()
  .pipe(
    z
      .string()
      .regex(hostname, { error: (iss) => `must be a domain such as school.edu (got "${String(iss.input)}")` })
      .toLowerCase(),
  );

/** A list without repeats; order is kept because the first domain is the primary one. */
export const uniqueList = <T extends z.ZodType<string>>(item: T) => z.array(item).transform((items) => [...new Set(items)]);

/** Splits a comma-separated command-line value; undefined stays undefined. */
export function splitList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Parses input against a schema, or throws a 422 AppError naming each bad field. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  // The CLI names options, not positions in them: `domains`, not `domains.1`.
  const fields = fieldErrors(parsed.error.issues, (path) => String(path[0] ?? '_'));
  throw invalidFields(fields);
}

/** The last instant of a UTC day, so a grant "until 2030-06-30" holds all of that day. */
export function endOfDayUtc(day: string): Date {
  return new Date(`${day}T23:59:59.999Z`);
}

/** Today's date in UTC as YYYY-MM-DD. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
