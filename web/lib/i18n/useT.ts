import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from './catalogues';

/** The values a message's placeholders take. */
export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

/** A typed message lookup: `t('shell.topBar.logout')`, `t('auth.notVerified', { email })`. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** The current locale's `t`, re-created when the locale changes. */
export function useT(): Translate {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}
