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
