import { readIssueText } from './i18n/message';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signUpInput } from './account';
import { addStudentsInput, createClassInput, joinClassInput, updateClassInput } from './classes';
import { emailAddress, text, uuid } from './common';
import { setLocaleInput, supportedLocales, templatePattern } from './locale';
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
    // A translation has the placeholders of its English text, no more and no fewer.
    const names = (text: string) => [...new Set(templatePattern(text)?.names ?? [])].sort();
    for (const id of ids as (keyof typeof validationMessages.en)[]) {
      for (const locale of supportedLocales) {
        expect([id, names(validationMessages[locale][id])]).toEqual([id, names(validationMessages.en[id])]);
      }
    }
  });

  it('fills values into a text built with them, translating a value that is itself a catalogue text', () => {
    expect(translateValidation('Keep the name to 60 characters or fewer.', 'es')).toBe('El nombre debe tener 60 caracteres o menos.');
    expect(translateValidation('Choose at most 200 students.', 'es')).toBe('Elige como máximo 200 estudiantes.');
    expect(translateValidation('The token address must be an https address.', 'es')).toBe(
      'La dirección del token debe ser una dirección https.',
    );
    expect(translateValidation('Keep the name to 60 characters or fewer.', 'en')).toBe('Keep the name to 60 characters or fewer.');
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
    // A schema moved to ids names a message of the catalogue (issueText); one not moved yet is found by its English.
    for (const message of given) {
      const named = readIssueText(message);
      expect([message, named ? named.id in validationMessages.es : translateValidation(message, 'es') !== message]).toEqual([
        message,
        true,
      ]);
    }
  });

  it('leaves English, and messages it does not hold, as they are', () => {
    expect(translateValidation('Give the class a name.', 'en')).toBe('Give the class a name.');
    expect(translateValidation('Not in the catalogue.', 'es')).toBe('Not in the catalogue.');
  });
});

/**
 * The static check of docs/decisions/272-languages-on-the-server.md for the contract: every message a
 * schema gives (a helper's `tooShort:`, `required:`, zod's `error:` and `message:`, the message of
 * `.min`, `.max`, `.regex`, `.refine`, `.finite`, `uuid(…)`, a form check's `errors[key] = …`) is in
 * the catalogue. Texts built with values are checked with each value replaced by a sample.
 */
const root = import.meta.dirname;
const skipped = /(\.test\.ts|^messages\.ts|^roster\/.*)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    const rel = path.relative(root, full).split(path.sep).join('/');
    return entry.name.endsWith('.ts') && !skipped.test(rel) ? [full] : [];
  });
}

const SQ = String.raw`'(?:[^'\\\n]|\\.)*'`;
const DQ = String.raw`"(?:[^"\\\n]|\\.)*"`;
const TL = String.raw`\`(?:[^\`\\$]|\\.|\$(?!\{)|\$\{[^{}\`]*(?:\{[^{}\`]*\}[^{}\`]*)*\})*\``;
const LIT = `(${SQ}|${DQ}|${TL})`;
const ARG = String.raw`(?:/(?:[^/\\\n]|\\.)+/\w*|[\w.]+(?:\([^()]*\))?)`;
const sites = [
  new RegExp(String.raw`\b(?:tooShort|tooLong|required|notNumber|notWhole|tooSmall|tooLarge|message|error):\s*${LIT}`, 'g'),
  new RegExp(String.raw`\buuid\(\s*${LIT}`, 'g'),
  new RegExp(String.raw`\.(?:min|max|length|regex)\(\s*${ARG}\s*,\s*${LIT}`, 'g'),
  new RegExp(String.raw`\.finite\(\s*${LIT}`, 'g'),
  new RegExp(String.raw`\.refine\((?:[^;]*?),\s*${LIT}\s*\)`, 'g'),
  new RegExp(String.raw`errors\[[^\]]+\]\s*=\s*${LIT}`, 'g'),
];

/** The text a literal gives, a template's values each replaced by a sample. */
function textOf(literal: string): string {
  let inner = literal.slice(1, -1);
  if (literal.startsWith('`')) inner = inner.replace(/\$\{[^{}`]*(?:\{[^{}`]*\}[^{}`]*)*\}/g, '7');
  return inner.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, e: string) => (e.length > 1 ? String.fromCharCode(parseInt(e.slice(1), 16)) : e));
}

describe("the contract's schema messages", () => {
  it('are all in the catalogue (a static scan of contract/*.ts)', () => {
    const found: string[] = [];
    for (const file of sourceFiles(root)) {
      const source = readFileSync(file, 'utf8');
      for (const pattern of sites) {
        for (const m of source.matchAll(pattern)) {
          const text = textOf(m[1] ?? '');
          const line = source.slice(0, m.index).split('\n').length;
          if (translateValidation(text, 'es') === text) found.push(`${path.relative(root, file)}:${line}: ${text}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
