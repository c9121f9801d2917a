import { describe, expect, it } from 'vitest';
import { chooseLocale, formattingLocale, matchLocale, pseudoLocalesAllowed, textDirection } from './locales';

describe('chooseLocale', () => {
  it('takes the stored choice first', () => {
    expect(chooseLocale('es', ['en-US'], false)).toBe('es');
    expect(chooseLocale('en', ['es-MX'], false)).toBe('en');
  });

  it('takes the first browser language the app speaks when nothing usable is stored', () => {
    expect(chooseLocale(null, ['es-MX', 'en-US'], false)).toBe('es');
    expect(chooseLocale(null, ['fr-FR', 'es-419', 'en'], false)).toBe('es');
    expect(chooseLocale('klingon', ['en-GB', 'es'], false)).toBe('en');
  });

  it('falls back to English', () => {
    expect(chooseLocale(null, [], false)).toBe('en');
    expect(chooseLocale(null, ['fr', 'de-DE'], false)).toBe('en');
  });

  it('offers the pseudo-locales only where they are enabled, and never from the browser', () => {
    expect(chooseLocale('en-XA', ['es'], true)).toBe('en-XA');
    expect(chooseLocale('ar-XB', ['es'], false)).toBe('es');
    expect(matchLocale('en-XA', false)).toBeNull();
    expect(chooseLocale(null, ['en-XA'], true)).toBe('en');
  });

  it('keeps the pseudo-locales out of the dev servers (npm run dev, dev:fake-ai): the test build and unit tests only', () => {
    // Vite's development mode, as npm run dev and npm run dev:fake-ai serve the app.
    expect(pseudoLocalesAllowed({ MODE: 'development' })).toBe(false);
    expect(pseudoLocalesAllowed({ MODE: 'production' })).toBe(false);
    // The browser specs' build (scripts/e2e.mjs) and the unit tests.
    expect(pseudoLocalesAllowed({ MODE: 'production', VITE_PSEUDO_LOCALES: '1' })).toBe(true);
    expect(pseudoLocalesAllowed({ MODE: 'test' })).toBe(true);
  });
});

describe('direction and formatting locale', () => {
  it('lays out Arabic and its pseudo-locale right to left', () => {
    expect(textDirection('ar-XB')).toBe('rtl');
    expect(textDirection('es')).toBe('ltr');
    expect(textDirection('en-XA')).toBe('ltr');
  });

  it('formats the pseudo-locales as English', () => {
    expect(formattingLocale('en-XA')).toBe('en');
    expect(formattingLocale('ar-XB')).toBe('en');
    expect(formattingLocale('es')).toBe('es');
  });
});
