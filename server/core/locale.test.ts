import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage } from './locale';

describe('localeFromAcceptLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['es-MX', 'es'],
    ['ES-es', 'es'],
    ['fr, es;q=0.8, en;q=0.7', 'es'],
    ['es;q=0.5, en', 'en'],
    ['en;q=0.2, es-MX', 'es'],
    ['es;q=0.9, en;q=0.9', 'es'],
    ['es;q=0, *', 'en'],
    ['fr, de', 'en'],
    ['es;q=2', 'en'],
    ['es;q=abc', 'en'],
    [';;;,,,', 'en'],
    ['x'.repeat(5000), 'en'],
  ])('%j is %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
