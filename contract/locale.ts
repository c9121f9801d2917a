import { z } from 'zod';

/**
 * The languages ClassBots speaks (docs/decisions/272-languages-on-the-server.md). English is the
 * language of the source texts and what anyone gets when nothing else is known.
 */
export const supportedLocales = ['en', 'es'] as const;
export const localeSchema = z.enum(supportedLocales, { error: 'Choose English (en) or Spanish (es).' });
export type Locale = z.infer<typeof localeSchema>;
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);

/**
 * A message catalogue: each language's texts keyed by message id. English is written first and
 * every other language must be a `Record` of exactly its keys, so a missing translation is a type
 * error, not a blank on a page.
 */
export type Catalogue<Id extends string> = Record<Locale, Record<Id, string>>;

/**
 * A reader of one catalogue: the text of a source (English) message in `locale`, or the message as
 * it is when the catalogue has no such English text (say, a message not translated yet). Messages are
 * matched by their English text because that is what a zod issue and an AppError carry.
 */
export function catalogueTranslator<Id extends string>(catalogue: Catalogue<Id>) {
  const idByEnglish = new Map<string, Id>();
  for (const [id, english] of Object.entries(catalogue.en) as [Id, string][]) idByEnglish.set(english, id);
  return (message: string, locale: Locale): string => {
    if (locale === 'en') return message;
    const id = idByEnglish.get(message);
    return id === undefined ? message : catalogue[locale][id];
  };
}

/** PATCH /api/me/locale: the language a person chose for themselves (null: not chosen, follow the browser or the class). */
export const setLocaleInput = z.strictObject({ locale: localeSchema.nullable() });
export type SetLocaleInput = z.infer<typeof setLocaleInput>;
