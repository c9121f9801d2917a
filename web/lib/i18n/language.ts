import { useSyncExternalStore } from 'react';
import { storedLanguage } from '../storage';
import { chooseLocale, formattingLocale, textDirection, type AppLocale, type Language } from './locales';

// The chosen locale lives outside React so that non-component code (the Intl helpers of
// web/lib/format.ts) reads the same one; components follow it through useLanguage().
let current: AppLocale | null = null;
const listeners = new Set<() => void>();

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** The locale shown now: chosen once per page load from the stored choice, the browser, or English. */
export function currentLocale(): AppLocale {
  current ??= chooseLocale(storedLanguage.get(), browserLanguages());
  return current;
}

/** The locale whose Intl rules format dates, times, numbers and lists now. */
export function currentFormattingLocale(): Language {
  return formattingLocale(currentLocale());
}

/**
 * Shows the app in another locale and remembers the choice in this browser. The account menu calls
 * it; once the server keeps the language on the account, the menu also saves it there (issue 30).
 */
export function setLanguage(locale: AppLocale): void {
  storedLanguage.set(locale);
  if (locale === currentLocale()) return;
  current = locale;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The locale, its direction and the setter, re-rendering when the locale changes. */
export function useLanguage(): { locale: AppLocale; dir: 'ltr' | 'rtl'; setLanguage: (locale: AppLocale) => void } {
  const locale = useSyncExternalStore(subscribe, currentLocale, currentLocale);
  return { locale, dir: textDirection(locale), setLanguage };
}

/** `<html lang dir>` follow the locale, for screen readers, hyphenation and the browser's own UI. */
export function applyDocumentLocale(locale: AppLocale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = textDirection(locale);
}

/** Forgets the locale chosen at load, so tests can choose again from storage and browser. */
export function resetLocaleForTests(): void {
  current = null;
}
