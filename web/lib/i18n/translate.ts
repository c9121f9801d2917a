import type { IntlShape } from 'react-intl';
import type { MessageId } from './catalogues';
import type { MessageValues } from './useT';

/**
 * The words of code that runs outside React (the API client's own errors): the catalogue the page
 * shows, set by I18nProvider (and the test harness) as it renders. Components use `useT()`.
 */
let active: IntlShape | null = null;

export function setActiveIntl(intl: IntlShape): void {
  active = intl;
}

/** A message of the page's catalogue; its id before any catalogue is in (nothing is shown then). */
export function translate(id: MessageId, values?: MessageValues): string {
  return active ? active.formatMessage({ id }, values) : id;
}

/** Reads a validation message of the contract's schemas (English) in the page's language. */
type ValidationTranslator = (message: string) => string;
let validation: ValidationTranslator | null = null;

/**
 * Set by I18nProvider for a page that is not in English, from contract/messages (loaded then only,
 * as the catalogues are); null again for English.
 */
export function setValidationTranslator(translator: ValidationTranslator | null): void {
  validation = translator;
}

/** A message a contract schema gave (a zod issue's, in English) in the page's language. */
export function validationText(message: string): string {
  return validation ? validation(message) : message;
}

/** zod issues with their messages in the page's language (validationText), for the forms' own checks. */
export function localIssues<T extends { message: string }>(issues: readonly T[]): T[] {
  return issues.map((issue) => ({ ...issue, message: validationText(issue.message) }));
}
