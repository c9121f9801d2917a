import { readFile } from 'node:fs/promises';
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import type { ExtractJob, ExtractResult } from './extract-types';
import { readZipDirectory, ZipError } from './zip';
import { message } from '../lib/message';

// Runs in a child process with a heap limit: a hostile document can only end this process.

const mib = (n: number) => message('sizeMiB', { n: Math.round(n / (1024 * 1024)) });

async function extractPdf(job: ExtractJob): Promise<ExtractResult> {
  const data = new Uint8Array(await readFile(job.filePath));
  const pdf = await getDocumentProxy(data, { verbosity: 0, isEvalSupported: false });
  try {
    if (pdf.numPages > job.limits.maxPages) {
      return {
        ok: false,
        reason: message('pdfTooManyPages', { pages: pdf.numPages, max: job.limits.maxPages }),
      };
    }
    const parts: string[] = [];
    let chars = 0;
    for (let i = 1; i <= pdf.numPages; i++) {
      const page = await pdf.getPage(i);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .trim();
      page.cleanup();
      chars += text.length;
      if (chars > job.limits.maxTextChars) return tooMuchText(job);
      if (text) parts.push(text);
    }
    return { ok: true, text: parts.join('\n\n') };
  } finally {
    await pdf.destroy();
  }
}

async function extractDocx(job: ExtractJob): Promise<ExtractResult> {
  let total = 0;
  try {
    for (const entry of await readZipDirectory(job.filePath)) total += entry.uncompressedSize;
  } catch (err) {
    if (err instanceof ZipError) return { ok: false, reason: message('wordUnreadable', { detail: err.message }) };
    throw err;
  }
  // Checked before anything is inflated: a zip bomb declares its huge sizes here.
  if (total > job.limits.maxUncompressedBytes) {
    return {
      ok: false,
      reason: message('wordExpands', { size: mib(total), max: mib(job.limits.maxUncompressedBytes) }),
    };
  }
  const { value } = await mammoth.extractRawText({ path: job.filePath });
  const text = value.replace(/\n{3,}/g, '\n\n').trim();
  if (text.length > job.limits.maxTextChars) return tooMuchText(job);
  return { ok: true, text };
}

function tooMuchText(job: ExtractJob): ExtractResult {
  return {
    ok: false,
    reason: message('documentTooMuchText', { max: job.limits.maxTextChars }),
  };
}

async function run(job: ExtractJob): Promise<ExtractResult> {
  try {
    return job.kind === 'pdf' ? await extractPdf(job) : await extractDocx(job);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return {
      ok: false,
      reason: message('textUnreadable', { what: job.kind === 'pdf' ? 'PDF' : message('wordDocument'), detail: detail.slice(0, 200) }),
    };
  }
}

process.once('message', (job: ExtractJob) => {
  void run(job).then((result) => process.send?.(result, () => process.exit(0)));
});
