import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { supportedLocales, templatePattern } from '../../contract/locale';
import { serverMessages, translateMessage } from './messages';

/**
 * The static check of docs/decisions/272-languages-on-the-server.md: every English text the server
 * throws for people (an AppError's message, a 409's, a 404's noun, a field's problem) is in a
 * catalogue, so a new English error without its Spanish fails `npm test`. Texts built with values
 * (template literals) are checked with each value replaced by a sample, which must match a catalogue
 * entry with placeholders. The operator's command line (server/cli, server/modules/operator) speaks
 * English only, like every other operator text.
 */
const root = path.resolve(import.meta.dirname, '..');
const skipped = [/^cli\//, /^modules\/operator\//, /^lib\/errors\.ts$/, /\.test\.ts$/, /\.test-helpers\.ts$/, /test-kit\.ts$/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    const rel = path.relative(root, full).split(path.sep).join('/');
    return entry.name.endsWith('.ts') && !skipped.some((s) => s.test(rel)) ? [full] : [];
  });
}

const SQ = String.raw`'(?:[^'\\\n]|\\.)*'`;
const DQ = String.raw`"(?:[^"\\\n]|\\.)*"`;
const TL = String.raw`\`(?:[^\`\\$]|\\.|\$(?!\{)|\$\{[^{}\`]*(?:\{[^{}\`]*\}[^{}\`]*)*\})*\``;
const LIT = `(${SQ}|${DQ}|${TL})`;

/** Where a text for people is given: each pattern's groups are literals (both branches of a `cond ? a : b`). */
const STATUS = String.raw`new AppError\(\s*[^,()]+?,\s*\d{3},\s*`;
const sites: { pattern: RegExp; wrap?: (text: string) => string; only?: RegExp }[] = [
  { pattern: new RegExp(`${STATUS}(?:[\\w.]+\\s*\\?\\?\\s*)?${LIT}`, 'g') },
  { pattern: new RegExp(`${STATUS}[\\w.\\s=']+\\?\\s*${LIT}\\s*:\\s*${LIT}`, 'g') },
  { pattern: new RegExp(String.raw`\b(?:conflict|staleVersion|invalidInput)\(\s*${LIT}`, 'g') },
  { pattern: new RegExp(String.raw`\bnotFound\(\s*${LIT}\s*\)`, 'g'), wrap: (what) => `${what} was not found.` },
  { pattern: new RegExp(String.raw`\brefused\(\s*[^,()]+?,\s*\d{3},\s*${LIT}`, 'g') },
  { pattern: new RegExp(String.raw`\brequireTeacherSubscription\(\s*\w+,\s*${LIT}`, 'g') },
  { pattern: new RegExp(String.raw`\brefusal:\s*${LIT}`, 'g') },
  { pattern: new RegExp(String.raw`\bfieldError\(\s*[^,()]+,\s*${LIT}`, 'g') },
  { pattern: new RegExp(String.raw`\bclassroomFailure\(\s*\w+,\s*${LIT}`, 'g') },
  { pattern: new RegExp(String.raw`\bkeysetCursor\((?:[^;]*?),\s*${LIT},?\s*\)`, 'g') },
  // A file that cannot be stored or read: the reason becomes the 415's or 422's message.
  { pattern: new RegExp(String.raw`\breason:\s*${LIT}`, 'g'), only: /^storage\// },
];
/** The fields of a 422 or 409: each field's problem. */
const fieldBlocks = /\b(?:invalidFields\(|fields:)\s*\{([^{}]*)\}/g;
const fieldText = new RegExp(String.raw`[\w'"]+:\s*${LIT}`, 'g');

/** The text a literal gives, a template's values each replaced by a sample. */
function textOf(literal: string): string {
  const quote = literal[0];
  let inner = literal.slice(1, -1);
  if (quote === '`') inner = inner.replace(/\$\{[^{}`]*(?:\{[^{}`]*\}[^{}`]*)*\}/g, '7');
  inner = inner.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, e: string) =>
    e.length > 1 ? String.fromCharCode(parseInt(e.slice(1), 16)) : (({ n: '\n', t: '\t' } as Record<string, string>)[e] ?? e),
  );
  return inner;
}

function thrownTexts(): { where: string; text: string }[] {
  const found: { where: string; text: string }[] = [];
  for (const file of sourceFiles(root)) {
    const source = readFileSync(file, 'utf8');
    const where = (index: number) => `${path.relative(root, file)}:${source.slice(0, index).split('\n').length}`;
    const rel = path.relative(root, file).split(path.sep).join('/');
    for (const { pattern, wrap, only } of sites) {
      if (only && !only.test(rel)) continue;
      for (const m of source.matchAll(pattern)) {
        for (const literal of m.slice(1)) {
          if (literal === undefined) continue;
          const text = textOf(literal);
          found.push({ where: where(m.index), text: wrap ? wrap(text) : text });
        }
      }
    }
    for (const block of source.matchAll(fieldBlocks)) {
      for (const m of (block[1] ?? '').matchAll(fieldText)) found.push({ where: where(block.index), text: textOf(m[1] ?? '') });
    }
  }
  return found;
}

describe('the server message catalogue', () => {
  it('has every id in every language, none empty, one id per English text, and the same placeholders in each', () => {
    const ids = Object.keys(serverMessages.en).sort();
    for (const locale of supportedLocales) {
      expect(Object.keys(serverMessages[locale]).sort()).toEqual(ids);
      for (const value of Object.values(serverMessages[locale])) expect(value.trim()).not.toBe('');
    }
    expect(new Set(Object.values(serverMessages.en)).size).toBe(ids.length);
    const names = (text: string) => [...new Set(templatePattern(text)?.names ?? [])].sort();
    for (const id of ids as (keyof typeof serverMessages.en)[]) {
      for (const locale of supportedLocales) expect([id, names(serverMessages[locale][id])]).toEqual([id, names(serverMessages.en[id])]);
    }
  });

  it('holds every English text the server throws for people (a static scan of server/**/*.ts)', () => {
    const found = thrownTexts();
    expect(found.length).toBeGreaterThan(150);
    const missing = found
      .filter(({ text }) => text.trim() !== '' && translateMessage(text, 'es') === text)
      .map(({ where, text }) => `${where}: ${text}`);
    expect(missing).toEqual([]);
  });

  it('holds the texts built out of sight of the scan (from parts, or passed along), with every part in Spanish', () => {
    const built = [
      // usage.service.ts quotaExceeded
      "Your teacher's class has used all 50 AI generations for this month.",
      "Your teacher's class has used all 5 AI images for this month.",
      'You have used all 50 AI generations for this month.',
      'You have used all 50 AI images for this month. Get Premium for a larger monthly allowance.',
      // files.service.ts: the advice is a value of its own
      'Your storage is full: you have used 1.5 MB of 2 MB, and this file needs 1 MB. Delete files you no longer need.',
      'Your storage is full: you have used 2 MB of 2 MB. Delete files you no longer need, or Get Premium for more space.',
      // storage/sniff.ts: the labels are values
      'The file is meant to be a PDF, but its content is a Windows program.',
      'The file is meant to be a Word document, but its content is plain text.',
      'The file is meant to be a PNG image, but its content is a JPEG image.',
      // billing.service.ts stripeFailure
      'The billing portal could not be reached just now. Try again in a moment.',
      // ai/errors.ts, whose values are settings and the provider's own words
      'The AI provider did not answer within 30 s. Try again in a moment.',
      "The AI provider's quota or rate limit is used up for now; try again in 20 s. (Resource exhausted)",
      // contract/roster/csv.ts reasons inside teacher-lists.service.ts's "Line n: reason"
      // storage/extract.ts: the kind of document is a value
      'Reading this Word document took longer than 20 seconds, so it was stopped. Try a smaller or simpler file.',
      'Line 3: A quoted value starts here and is never closed (a " is missing).',
      // lti.accounts.ts, the other branch
      "Your course says you are a student, but your ClassBots account is not a student's. Ask your school's ClassBots admin.",
      // core/plan.ts, given as sub.message
      'Your subscription could not be checked just now. Try again in a moment.',
    ];
    const english = /\b(?:the|your|you|is|are|of|for|file|month|could|again)\b/i;
    for (const text of built) {
      const es = translateMessage(text, 'es');
      expect([text, es !== text]).toEqual([text, true]);
      // No English word left over, values aside (sizes, numbers, the provider's own words in brackets).
      expect([text, english.test(es.replace(/\([^)]*\)/g, ''))]).toEqual([text, false]);
    }
    expect(translateMessage(built[4]!, 'es')).toBe(
      'Tu almacenamiento está lleno: usaste 1.5 MB de 2 MB, y este archivo necesita 1 MB. Borra los archivos que ya no necesites.',
    );
  });

  it('fills a text built with values, and leaves English and unknown texts as they are', () => {
    expect(translateMessage('Too many AI requests in a minute. Try again in 12 s.', 'es')).toBe(
      'Demasiadas solicitudes a la IA en un minuto. Vuelve a intentarlo en 12 s.',
    );
    expect(translateMessage('Too many AI requests in a minute. Try again in 12 s.', 'en')).toBe(
      'Too many AI requests in a minute. Try again in 12 s.',
    );
    expect(translateMessage('Not in any catalogue.', 'es')).toBe('Not in any catalogue.');
  });
});
