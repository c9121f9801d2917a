import type { Locale } from '../../contract/locale';
import { translateValidation } from '../../contract/messages';
import type { AppError, FieldProblems } from './errors';
import { formatMessage, formatValidation } from './message';
import { isMessage, readIssueText } from '../../contract/i18n/message';

/**
 * An error's words in the reader's language (decision 285): its text and each field's problem, a
 * message of the server's catalogue formatted once; a field given as a zod issue's English (the
 * contract's schemas, until they name ids) is looked up in the contract's catalogue, and plain data
 * (a limit, a time) stays as it is.
 */
export const textOf = (err: AppError, locale: Locale): string => formatMessage(err.text, locale);

/** A zod issue's text in `locale`: the contract message it names, else (a schema not moved yet) its English looked up. */
function issueTextOf(text: string, locale: Locale): string {
  const named = readIssueText(text);
  if (named) return formatValidation(named, locale);
  return locale === 'en' ? text : translateValidation(text, locale);
}

/** The fields of a 422 or 409 in `locale`. */
export function fieldsOf(fields: FieldProblems, locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, isMessage(v) ? formatMessage(v, locale) : issueTextOf(v, locale)]));
}
