/**
 * The languages the web app speaks, and how the one to show is chosen
 * (docs/decisions/271-localisation-library.md).
 */

/** The real languages, English first as the source of every catalogue. */
export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];

/**
 * Pseudo-locales, for development and tests only: `en-XA` accents and pads every catalogue word (so
 * a word left outside the catalogues shows up plain), `ar-XB` does the same right to left.
 */
export const pseudoLocales = ['en-XA', 'ar-XB'] as const;
export type PseudoLocale = (typeof pseudoLocales)[number];

export type AppLocale = Language | PseudoLocale;

export const sourceLanguage: Language = 'en';

/** Each language in its own words, as the picker shows it (never translated). */
export const languageNames: Record<Language, string> = { en: 'English', es: 'Español' };

/**
 * Whether the pseudo-locales may be chosen: in the unit tests, or a build (or dev server) started with
 * `VITE_PSEUDO_LOCALES=1` — the browser specs' build. Not merely in development: `npm run dev` and
 * `npm run dev:fake-ai` are how people try the app, and their language menu lists real languages only.
 */
export function pseudoLocalesAllowed(env: { MODE?: string; VITE_PSEUDO_LOCALES?: string }): boolean {
  return env.MODE === 'test' || env.VITE_PSEUDO_LOCALES === '1';
}

export const pseudoLocalesEnabled: boolean = pseudoLocalesAllowed({
  // Read one by one: a bundle without Vite's env object (the upload spec's harness) defines each.
  MODE: import.meta.env.MODE,
  VITE_PSEUDO_LOCALES: import.meta.env.VITE_PSEUDO_LOCALES as string | undefined,
});

const rtlLanguages = new Set(['ar', 'he', 'fa', 'ur']);

export function isPseudoLocale(locale: string): locale is PseudoLocale {
  return (pseudoLocales as readonly string[]).includes(locale);
}

/** The writing direction of a locale: right to left for Arabic, Hebrew, Persian, Urdu and `ar-XB`. */
export function textDirection(locale: AppLocale): 'ltr' | 'rtl' {
  return rtlLanguages.has(locale.split('-')[0] ?? '') ? 'rtl' : 'ltr';
}

/** The locale whose Intl rules format dates and numbers: the pseudo-locales format as English. */
export function formattingLocale(locale: AppLocale): Language {
  return isPseudoLocale(locale) ? 'en' : locale;
}

/** A supported locale for a BCP 47 tag ('es-MX' is 'es'), or null; pseudo-locales only when enabled. */
export function matchLocale(tag: string | null | undefined, allowPseudo: boolean = pseudoLocalesEnabled): AppLocale | null {
  if (!tag) return null;
  const exactPseudo = pseudoLocales.find((p) => p.toLowerCase() === tag.toLowerCase());
  if (exactPseudo) return allowPseudo ? exactPseudo : null;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return languages.find((l) => l === base) ?? null;
}

/**
 * The locale to show: the person's stored choice, else the first of the browser's languages that
 * the app speaks, else English.
 */
export function chooseLocale(stored: string | null, browserLanguages: readonly string[], allowPseudo = pseudoLocalesEnabled): AppLocale {
  const fromStore = matchLocale(stored, allowPseudo);
  if (fromStore) return fromStore;
  for (const tag of browserLanguages) {
    const match = matchLocale(tag, false);
    if (match) return match;
  }
  return sourceLanguage;
}
