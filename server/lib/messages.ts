import type { Catalogue, Locale } from '../../contract/locale';
import en from '../i18n/en.json';
import es from '../i18n/es.json';
import { catalogueTranslator } from '../../contract/locale';
import { translateValidation } from '../../contract/messages';
import type { AppError } from './errors';
import { formatMessage } from './message';

/**
 * What is left of decision 272's reverse lookup (docs/decisions/285-server-texts-as-message-ids.md):
 * the fields of a 422 or 409 and better-auth's refusals still arrive in English and are found in
 * the server's catalogue, then the contract's. An error's own text is a message id, formatted by
 * `textOf`.
 */
type ServerMessageId = keyof typeof en;

/** The catalogue's texts as the legacy lookup compares them: ICU's quoted `'<…>'` as the plain text a throw site still writes. */
const plain = (texts: Record<string, string>) =>
  Object.fromEntries(Object.entries(texts).map(([id, text]) => [id, text.replace(/'<([^']*)>'/g, '<$1>')])) as Record<
    ServerMessageId,
    string
  >;

export const serverMessages: Catalogue<ServerMessageId> = { en: plain(en), es: plain(es) };

const translateServer = catalogueTranslator(serverMessages);

/** A message for people (an AppError's or a field's, in English) in `locale`: the server's catalogue, then the contract's. */
export function translateMessage(message: string, locale: Locale): string {
  if (locale === 'en') return message;
  const server = translateServer(message, locale);
  return server !== message ? server : translateValidation(message, locale);
}

/** The fields of a 422 in `locale`. */
export function translateFields(fields: Record<string, string>, locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translateMessage(v, locale)]));
}

/** An AppError's text for people in `locale`: its message formatted (decision 285). */
export const textOf = (err: AppError, locale: Locale): string => formatMessage(err.text, locale);
