import { describe, expect, it } from 'vitest';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { supportedLocales } from '../../contract/locale';
import en from '../i18n/en.json';
import type { ServerMessage } from './message';
import { formatMessage, message } from './message';
import { notFound } from './errors';
import { textOf } from './messages';

// Decision 285: the server's texts are ids of ICU catalogues (server/i18n), formatted once in the
// reader's language. Every id formats in every language with its values, and the Spanish of each
// is Spanish (the English of each was compared word for word with the older catalogue's once, when
// the catalogues moved to ICU; the route tests keep asserting it).

type Id = ServerMessage['id'];
const ids = Object.keys(en) as Id[];

/** Each argument of a text with a sample value of its kind. */
function samples(text: string): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  const walk = (elements: ReturnType<typeof parse>) => {
    for (const el of elements) {
      if (el.type === TYPE.argument) values[el.value] = 'X';
      if (el.type === TYPE.number || el.type === TYPE.plural) values[el.value] = 1234.5;
    }
  };
  walk(parse(text));
  return values;
}

describe('the server catalogue', () => {
  it('formats every id in every language with its values', () => {
    for (const locale of supportedLocales)
      for (const id of ids) {
        const text = formatMessage({ id, values: samples(en[id]) } as ServerMessage, locale);
        expect([id, text.trim().length > 0, text.includes('{')]).toEqual([id, true, false]);
      }
  });

  it('speaks Spanish for every id, with the numbers in Spanish form', () => {
    // Words that would show English left in a Spanish text; code, settings and values aside.
    const english = /\b(?:the|your|you|is|are|of|for|file|month|could|again|this|that|with|not)\b/i;
    const words = (text: string) => text.split(/\s+/).filter((w) => !/[-=$_/:.@"]|<|>/.test(w.replace(/[.,:;)]+$/, '')));
    for (const id of ids) {
      const text = formatMessage({ id, values: samples(en[id]) } as ServerMessage, 'es');
      expect([id, words(text).filter((w) => english.test(w))]).toEqual([id, []]);
    }
    expect(formatMessage(message('youUsedText', { limit: 12000 }), 'es')).toContain('12.000');
    expect(formatMessage(message('youUsedText', { limit: 12000 }), 'en')).toContain('12,000');
    expect(formatMessage(message('sizeMiB', { n: 1.5 }), 'es')).toBe('1,5 MiB');
    expect(formatMessage(message('joinLimit', { minutes: 1 }), 'en')).toMatch(/\b1 minute\b/);
    expect(formatMessage(message('joinLimit', { minutes: 5 }), 'en')).toMatch(/\b5 minutes\b/);
  });

  it('answers an error named by id in the reader’s language', () => {
    expect(textOf(notFound(message('classNotFound')), 'es')).toBe('No se encontró esa clase.');
    expect(textOf(notFound(message('classNotFound')), 'en')).toBe('That class was not found.');
    expect(textOf(notFound(), 'es')).toBe('No se encontró.');
    // The error's own message is its English, for the operator's terminal; logs write its code only.
    expect(notFound(message('classNotFound')).message).toBe('That class was not found.');
  });

  it('refuses an id the catalogue lacks instead of answering in another language', () => {
    expect(() => formatMessage({ id: 'noSuchMessage' } as unknown as ServerMessage, 'es')).toThrow();
  });
});
