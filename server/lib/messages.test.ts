import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { supportedLocales, templatePattern } from '../../contract/locale';
import { serverMessages, translateMessage } from './messages';

/**
 * What is left of decision 272's lookup: the problem of each field of a 422 or 409 is still given in
 * English and found in the catalogues afterwards (`translateFields`), so every field text the server
 * writes is checked to be there. An error's own text is a catalogue id (decision 285), which `tsc`
 * checks. The operator's command line (server/cli, server/modules/operator) speaks English only.
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

function fieldTexts(): { where: string; text: string }[] {
  const found: { where: string; text: string }[] = [];
  for (const file of sourceFiles(root)) {
    const source = readFileSync(file, 'utf8');
    const where = (index: number) => `${path.relative(root, file)}:${source.slice(0, index).split('\n').length}`;
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

  it('holds every field problem the server writes for people (a static scan of server/**/*.ts)', () => {
    const found = fieldTexts();
    expect(found.length).toBeGreaterThan(10);
    const missing = found
      .filter(({ text }) => text.trim() !== '' && translateMessage(text, 'es') === text)
      .map(({ where, text }) => `${where}: ${text}`);
    expect(missing).toEqual([]);
  });

  it('fills a text built with values, and leaves English and unknown texts as they are', () => {
    expect(translateMessage('Already on the teacher list.', 'es')).not.toBe('Already on the teacher list.');
    expect(translateMessage('Already on the teacher list.', 'en')).toBe('Already on the teacher list.');
    expect(translateMessage('Not in any catalogue.', 'es')).toBe('Not in any catalogue.');
  });
});
