import { z } from 'zod';

/**
 * The building blocks every request schema is made of: text that can be stored, integers that fit
 * the database, ids, and the one mapping of zod issues to the `fields` of a 422. Each request field
 * uses these rather than a bare z.string() or z.number(), so no input reaches the database in a
 * form it would refuse with an error (docs/decisions/013-input-that-cannot-be-stored-is-refused-first.md).
 */

/** PostgreSQL's `integer`, the type of every integer column. */
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

const NUL = '\u0000';
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const NUL_MESSAGE = 'Remove the invisible NUL character (\\u0000) from this text; it cannot be stored.';
const SURROGATE_MESSAGE = 'This text holds half of an emoji or symbol (a lone UTF-16 surrogate); type that character again.';

/**
 * Why a string cannot be stored as it is, or undefined when it can. PostgreSQL refuses NUL in text
 * and in JSON, and a lone surrogate is not Unicode at all: UTF-8 cannot carry it (the driver would
 * store U+FFFD instead) and JSONB refuses its escape.
 */
export function unstorableTextProblem(value: string): string | undefined {
  if (value.includes(NUL)) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(value)) return SURROGATE_MESSAGE;
  return undefined;
}

export interface TextOptions {
  /** Longest length, in UTF-16 units (what the editors count). Left out only where the server checks a configured limit itself. */
  max?: number;
  /** Shortest length, after trimming when `trim` is set. */
  min?: number;
  /** Trims white space at both ends before the length checks. */
  trim?: boolean;
  /** When the value is missing or is not text. */
  required?: string | ((issue: { input: unknown }) => string);
  tooShort?: string;
  tooLong?: string;
  /** Overrides the messages for NUL and lone surrogates (the CLI words them as predicates). */
  unstorable?: string;
}

/** A text field: refuses NUL and lone surrogates (so it can be stored), with optional trim and bounds. */
export function text(options: TextOptions = {}) {
  const { max, min, trim, required, tooShort, tooLong, unstorable } = options;
  let schema = required === undefined ? z.string() : z.string({ error: required });
  if (trim) schema = schema.trim();
  schema = schema.superRefine((value, ctx) => {
    const problem = unstorableTextProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: unstorable ?? problem, input: value });
  });
  if (min !== undefined) schema = schema.min(min, tooShort);
  if (max !== undefined) schema = schema.max(max, tooLong);
  return schema;
}

export interface IntOptions {
  /** The message of every way the value can be wrong, unless a more precise one below is given. */
  message?: string;
  notNumber?: string;
  notWhole?: string;
  tooSmall?: string;
  tooLarge?: string;
  /** Reads the number from text (query strings). */
  coerce?: boolean;
}

/** A whole number from `min` to `max`: every integer a request carries has bounds an integer column can hold. */
export function boundedInt(min: number, max: number, options: IntOptions = {}) {
  if (min < INT32_MIN || max > INT32_MAX) throw new Error(`boundedInt(${min}, ${max}) does not fit an integer column`);
  const { message, coerce } = options;
  const notNumber = options.notNumber ?? message;
  const base = coerce
    ? z.coerce.number(notNumber ? { error: notNumber } : undefined)
    : z.number(notNumber ? { error: notNumber } : undefined);
  return base
    .int(options.notWhole ?? message)
    .min(min, options.tooSmall ?? message)
    .max(max, options.tooLarge ?? message);
}

/** Ids are UUIDs in PostgreSQL's text form. The pattern is the type's, not one version's, so any stored id passes. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value can be an id at all: anything else is not found without asking the database. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);

/** An id field of a request. */
export const uuid = (message = 'is not a valid id') => z.string({ error: message }).regex(UUID_PATTERN, message);

/** The longest e-mail address: the 254 characters of SMTP's forward path. */
export const EMAIL_MAX = 254;
/** The one message for a value that is not an e-mail address, wherever one is typed, pasted or imported. */
export const NOT_AN_EMAIL = 'This is not an e-mail address.';
export const EMAIL_MISSING = 'The e-mail address is missing.';
export const EMAIL_TOO_LONG = `The e-mail address is longer than ${EMAIL_MAX} characters.`;

/** The one e-mail rule (zod's address check, at most EMAIL_MAX characters), on the value as given. */
export const emailAddress = z
  .string({ error: EMAIL_MISSING })
  .min(1, EMAIL_MISSING)
  .max(EMAIL_MAX, EMAIL_TOO_LONG)
  .pipe(z.email(NOT_AN_EMAIL));

/** An address as rosters and teacher lists keep it: trimmed and lower-cased, then the e-mail rule. */
export const storedEmail = z.string({ error: EMAIL_MISSING }).trim().toLowerCase().pipe(emailAddress);

/** Whether a value passes the e-mail rule: for the command line and the settings, which word their problems their own way. */
export const isEmailAddress = (value: string) => emailAddress.safeParse(value).success;

/** The keyset cursor of a paged list, as the client got it in `nextCursor`; the server decodes it (400 when it is no position). */
export const pageCursor = () => z.string();

type Issue = { path: readonly PropertyKey[]; message: string };

const dottedPath = (path: readonly PropertyKey[]) => path.map(String).join('.') || '_';

/**
 * The `fields` of a 422: each field's path (dotted, `settings.formInputs.0.key`; `_` for the
 * value as a whole) to its first problem. `keyOf` picks another key, such as the top-level name.
 */
export function fieldErrors(
  issues: readonly Issue[],
  keyOf: (path: readonly PropertyKey[]) => string = dottedPath,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[keyOf(issue.path)] ??= issue.message;
  return fields;
}
