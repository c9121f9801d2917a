import { describe, expect, it } from 'vitest';
import { signUpInput } from './account';
import { addStudentsInput, createClassInput, joinClassInput, updateClassInput } from './classes';
import { emailAddress, text, uuid } from './common';
import { setLocaleInput, supportedLocales } from './locale';
import { validationMessages, translateValidation } from './messages';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('the validation message catalogue', () => {
  it('has every id in every language, none empty, and one id per English text', () => {
    const ids = Object.keys(validationMessages.en).sort();
    for (const locale of supportedLocales) {
      expect(Object.keys(validationMessages[locale]).sort()).toEqual(ids);
      for (const value of Object.values(validationMessages[locale])) expect(value.trim()).not.toBe('');
    }
    expect(new Set(Object.values(validationMessages.en)).size).toBe(ids.length);
  });

  it('holds the messages the translated schemas give, so none of them reaches a Spanish reader in English', () => {
    const given = [
      ...messagesOf(signUpInput.safeParse({ name: '', email: 'x', password: 'short', role: 'teacher' })),
      ...messagesOf(
        signUpInput.safeParse({ name: 'a'.repeat(101), email: `${'a'.repeat(250)}@x.org`, password: 'p'.repeat(129), role: 'teacher' }),
      ),
      ...messagesOf(emailAddress.safeParse('')),
      ...messagesOf(text().safeParse('a\u0000')),
      ...messagesOf(text().safeParse('\uD800')),
      ...messagesOf(uuid().safeParse('nope')),
      ...messagesOf(createClassInput.safeParse({ name: '', section: 'x'.repeat(51) })),
      ...messagesOf(createClassInput.safeParse({ name: 'x'.repeat(101) })),
      ...messagesOf(updateClassInput.safeParse({})),
      ...messagesOf(addStudentsInput.safeParse({ students: [] })),
      ...messagesOf(addStudentsInput.safeParse({ students: [{ email: 'a@b.org', name: '' }] })),
      ...messagesOf(joinClassInput.safeParse({ code: '' })),
      ...messagesOf(joinClassInput.safeParse({})),
      ...messagesOf(setLocaleInput.safeParse({ locale: 'fr' })),
    ];
    expect(given.length).toBeGreaterThan(15);
    for (const message of given) expect([message, translateValidation(message, 'es') !== message]).toEqual([message, true]);
  });

  it('leaves English, and messages it does not hold, as they are', () => {
    expect(translateValidation('Give the class a name.', 'en')).toBe('Give the class a name.');
    expect(translateValidation('Not in the catalogue.', 'es')).toBe('Not in the catalogue.');
  });
});
