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

/** A `{name}` placeholder in a catalogue text: a value (a number, a name, an address, a setting) the English is built with. */
const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * The pattern of an English text with placeholders (`{minutes}`), matching the text built from it
 * with any values; undefined for a text without placeholders. Each placeholder matches any text,
 * the shortest that lets the whole text match.
 */
export function templatePattern(english: string): { pattern: RegExp; names: string[] } | undefined {
  const names: string[] = [];
  const source = english
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([\\s\\S]*?)';
    })
    .join('');
  return names.length ? { pattern: new RegExp(`^${source}$`), names } : undefined;
}

/**
 * A reader of one catalogue: the text of a source (English) message in `locale`, or the message as
 * it is when the catalogue has no such English text (say, a message not translated yet). Messages are
 * matched by their English text because that is what a zod issue and an AppError carry. A text
 * built with values is matched by its catalogue entry with placeholders (`'Try again in {seconds} s.'`):
 * the values found in the English go into the same placeholders of the translation, each translated
 * itself when it is an exact text of the catalogue (a sentence or noun phrase the English was built
 * with, such as 'a PDF'); other values (numbers, names, addresses) stay as they are. An exact text
 * wins over a pattern; among patterns, the first in the catalogue that matches.
 */
export function catalogueTranslator<Id extends string>(catalogue: Catalogue<Id>) {
  const idByEnglish = new Map<string, Id>();
  const templates: { id: Id; pattern: RegExp; names: string[] }[] = [];
  for (const [id, english] of Object.entries(catalogue.en) as [Id, string][]) {
    const template = templatePattern(english);
    if (template) templates.push({ id, ...template });
    else idByEnglish.set(english, id);
  }
  return (message: string, locale: Locale): string => {
    if (locale === 'en') return message;
    const exact = (text: string) => {
      const id = idByEnglish.get(text);
      return id === undefined ? text : catalogue[locale][id];
    };
    const id = idByEnglish.get(message);
    if (id !== undefined) return catalogue[locale][id];
    for (const t of templates) {
      const m = t.pattern.exec(message);
      if (!m) continue;
      const values = new Map(t.names.map((name, i) => [name, exact(m[i + 1] ?? '')]));
      return catalogue[locale][t.id].replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
    }
    return message;
  };
}

/** PATCH /api/me/locale: the language a person chose for themselves (null: not chosen, follow the browser or the class). */
export const setLocaleInput = z.strictObject({ locale: localeSchema.nullable() });
export type SetLocaleInput = z.infer<typeof setLocaleInput>;
