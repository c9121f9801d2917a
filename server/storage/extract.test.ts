import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { TextExtractor } from './extract';
import { buildDocx, buildDocxBomb, buildPdf } from './test-fixtures';
import type { ExtractResult } from './extract-types';
import { formatMessage } from '../lib/message';
import type { Locale } from '../../contract/locale';

const dir = mkdtempSync(path.join(os.tmpdir(), 'classbots-extract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, data: Buffer) => {
  const p = path.join(dir, name);
  writeFileSync(p, data);
  return p;
};
const limits = loadConfig({}).files.extract;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A refusal's reason as a reader sees it. */
const reasonOf = (result: ExtractResult | undefined, locale: Locale = 'en') =>
  result && !result.ok ? formatMessage(result.reason, locale) : `not refused: ${JSON.stringify(result)}`;

describe('text extraction in a separate process', () => {
  const extractor = new TextExtractor(limits);

  it('reads the text of a real PDF and a real DOCX', async () => {
    const pdf = write('unit.pdf', buildPdf(['Unit plan: photosynthesis', 'Week 2 (light reactions)']));
    expect(await extractor.extract('application/pdf', pdf)).toEqual({
      ok: true,
      text: 'Unit plan: photosynthesis\n\nWeek 2 (light reactions)',
    });
    const docx = write('rubric.docx', await buildDocx(['Rubric for the lab report', 'Hypothesis: 4 points']));
    expect(await extractor.extract(DOCX, docx)).toEqual({ ok: true, text: 'Rubric for the lab report\n\nHypothesis: 4 points' });
  });

  it('refuses a 5,000-page PDF with a clear message', async () => {
    const pdf = write('long.pdf', buildPdf(Array.from({ length: 5000 }, (_, i) => `Page ${i + 1}`)));
    const result = await extractor.extract('application/pdf', pdf);
    expect(reasonOf(result)).toMatch(/5,000 pages; a knowledge file may have at most 1,000/);
    expect(reasonOf(result, 'es')).toMatch(/5000 páginas/);
  });

  it('refuses a zip-bomb DOCX before inflating it', async () => {
    const bomb = write('bomb.docx', buildDocxBomb(limits.maxUncompressedBytes + 1024 * 1024));
    const result = await extractor.extract(DOCX, bomb);
    expect(reasonOf(result)).toMatch(/expands to 101 MiB, more than the 100 MiB allowed/);
  });

  it('stops an extraction that runs out of memory or time, and keeps working', async () => {
    // The size check is off here, so the process really inflates the bomb and hits its heap limit.
    const small = new TextExtractor({ ...limits, maxUncompressedBytes: 1024 ** 3, workerMemoryMb: 32, timeoutMs: 20_000 });
    const bomb = write('bomb2.docx', buildDocxBomb(40 * 1024 * 1024));
    const result = await small.extract(DOCX, bomb);
    expect(reasonOf(result)).toMatch(/more memory to read than is allowed/);
    const slow = new TextExtractor({ ...limits, timeoutMs: 1 });
    expect(reasonOf(await slow.extract('application/pdf', write('t.pdf', buildPdf(['x']))))).toMatch(/took longer/);
    expect(await extractor.extract('application/pdf', write('ok.pdf', buildPdf(['still here'])))).toEqual({ ok: true, text: 'still here' });
  }, 60_000);
});
