import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { Locale } from '../../contract/locale';
import { isMessage, type MessageOf } from '../../contract/i18n/message';
import type { ServerMessageId, ServerMessageValues } from '../i18n/ids';
import en from '../i18n/en.json';
import es from '../i18n/es.json';
import contractEn from '../../contract/i18n/en.json';
import contractEs from '../../contract/i18n/es.json';
import type { ValidationMessage } from '../../contract/i18n/message';

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

type CatalogueName = 'server' | 'contract';
const catalogues: Record<CatalogueName, Record<Locale, Record<string, string>>> = {
  server: { en, es },
  contract: { en: contractEn, es: contractEs },
};
const cache = createIntlCache();
const intls = new Map<string, IntlShape>();

function intlOf(catalogue: CatalogueName, locale: Locale): IntlShape {
  const key = `${catalogue}:${locale}`;
  let intl = intls.get(key);
  if (!intl) {
    intl = createIntl(
      {
        locale,
        messages: catalogues[catalogue][locale],
        onError: (err) => {
          throw err;
        },
      },
      cache,
    );
    intls.set(key, intl);
  }
  return intl;
}

function format(catalogue: CatalogueName, m: { id: string; values?: object }, locale: Locale): string {
  // The web's react-intl declares its own ids as the only ones (web/lib/i18n); these are the server's and the contract's.
  const descriptor = { id: m.id } as unknown as Parameters<IntlShape['formatMessage']>[0];
  const values =
    m.values &&
    Object.fromEntries(Object.entries(m.values).map(([k, v]) => [k, isMessage(v) ? format(catalogue, v, locale) : (v as unknown)]));
  return intlOf(catalogue, locale).formatMessage(descriptor, values as Record<string, string | number | Date> | undefined);
}

/** A server message in `locale`. */
export const formatMessage = (m: ServerMessage, locale: Locale): string => format('server', m, locale);

/** A message of the contract's catalogue (a schema's issue, `issueText`) in `locale`. */
export const formatValidation = (m: ValidationMessage, locale: Locale): string => format('contract', m, locale);
