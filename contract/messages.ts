import type { Catalogue } from './locale';
import en from './i18n/en.json';
import es from './i18n/es.json';
import { catalogueTranslator } from './locale';

/**
 * The reverse lookup of decision 272, for the contract files whose schemas still carry English
 * (decision 285 moves them to `issueText`, one file at a time): a message is found by its English
 * text, or by a template of the catalogue, and answered in `locale`.
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
