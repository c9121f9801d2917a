import type { Catalogue } from './locale';
import en from './i18n/en.json';
import es from './i18n/es.json';
import { catalogueTranslator } from './locale';

/**
 * The validation messages of the contract's schemas, in every supported language, keyed by message
 * id. The schemas carry the English text (what the web's own check shows today); the server answers
 * a 422 in the request's language by looking each English text up here (`translateValidation`).
 * A message not listed here reaches the reader in English: the list of what is translated is in
 * docs/decisions/272-languages-on-the-server.md.
 */
type ValidationMessageId = keyof typeof en;

/** The catalogue's texts as the legacy lookup compares them: ICU's quoted `'<…>'` as the plain text a throw site still writes. */
const plain = (texts: Record<string, string>) =>
  Object.fromEntries(Object.entries(texts).map(([id, text]) => [id, text.replace(/'<([^']*)>'/g, '<$1>')])) as Record<
    ValidationMessageId,
    string
  >;

export const validationMessages: Catalogue<ValidationMessageId> = { en: plain(en), es: plain(es) };

/** A contract validation message (English, as a schema carries it) in `locale`; untranslated ones stay English. */
export const translateValidation = catalogueTranslator(validationMessages);
