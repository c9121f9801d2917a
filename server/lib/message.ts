import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { Locale } from '../../contract/locale';
import { isMessage, type MessageOf } from '../../contract/i18n/message';
import type { ServerMessageId, ServerMessageValues } from '../i18n/ids';
import en from '../i18n/en.json';
import es from '../i18n/es.json';

/**
 * The server's texts for people (decision 285): an id of server/i18n's ICU catalogues and its
 * values, typed by server/i18n/ids.ts (generated from en.json), so an unknown id or a missing value
 * is a type error. The app formats one once, in the request's language (`formatMessage`): numbers
 * and dates in that language's form. The catalogues are checked by `npm run check:catalogues`
 * (every id in both, the same placeholders), so a missing translation is a failed check; a text
 * that still cannot be formatted throws rather than answering in another language.
 */
export type ServerMessage = MessageOf<ServerMessageId, ServerMessageValues>;

/** A server message: `message('classNotFound')`, `message('accountExists', { email })`. */
export function message<K extends ServerMessageId>(
  id: K,
  ...values: K extends keyof ServerMessageValues ? [ServerMessageValues[K]] : []
): ServerMessage {
  return { id, values: values[0] } as ServerMessage;
}

const catalogues: Record<Locale, Record<string, string>> = { en, es };
const cache = createIntlCache();
const intls = new Map<Locale, IntlShape>();

function intlOf(locale: Locale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl(
      {
        locale,
        messages: catalogues[locale],
        onError: (err) => {
          throw err;
        },
      },
      cache,
    );
    intls.set(locale, intl);
  }
  return intl;
}

/** A server message in `locale`. */
export function formatMessage(m: ServerMessage, locale: Locale): string {
  // The web's react-intl declares its own ids as the only ones (web/lib/i18n); these are the server's.
  const descriptor = { id: m.id } as unknown as Parameters<IntlShape['formatMessage']>[0];
  const values =
    m.values &&
    Object.fromEntries(Object.entries(m.values).map(([k, v]) => [k, isMessage(v) ? formatMessage(v as ServerMessage, locale) : v]));
  return intlOf(locale).formatMessage(descriptor, values as Record<string, string | number | Date> | undefined);
}
