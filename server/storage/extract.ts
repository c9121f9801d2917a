import { readFile } from 'node:fs/promises';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FileType } from '../../contract/files';
import type { FilesConfig } from '../config';
import type { ExtractJob, ExtractKind, ExtractResult } from './extract-types';
import { logError } from '../lib/log';
import { message } from '../lib/message';

// Beside this file: extract.worker.ts run through tsx from the sources, or extract.worker.js in
// dist/server when the server runs compiled (npm start), where this code sits in a chunk.
const fromSource = import.meta.url.endsWith('.ts');
const workerPath = fileURLToPath(new URL(fromSource ? './extract.worker.ts' : './extract.worker.js', import.meta.url));
const workerLoader = fromSource ? ['--import', 'tsx'] : ['--enable-source-maps'];

/** Which extraction a type needs; images have no text. */
export function extractionKind(type: FileType): ExtractKind | 'text' | undefined {
  if (type === 'application/pdf') return 'pdf';
  if (type === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') return 'docx';
  if (type === 'text/plain' || type === 'text/markdown') return 'text';
  return undefined;
}

/**
 * Extracts the text of documents for bot knowledge. PDF and DOCX parsing runs in a separate
 * process with a memory limit and a timeout, a few at a time, so a hostile file costs that
 * process, never the server.
 */
export class TextExtractor {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limits: FilesConfig['extract'],
    private readonly concurrency = 2,
  ) {}

  /** The text of a stored file, or a refusal with a message for the teacher. */
  async extract(type: FileType, filePath: string): Promise<ExtractResult | undefined> {
    const kind = extractionKind(type);
    if (!kind) return undefined;
    if (kind === 'text') return this.extractPlain(filePath);
    await this.acquire();
    try {
      return await this.runWorker({ kind, filePath, limits: this.limits });
    } finally {
      this.release();
    }
  }

  private async extractPlain(filePath: string): Promise<ExtractResult> {
    // UTF-8 was checked when the file was sniffed; plain text needs no parser, so no worker.
    const text = (await readFile(filePath, 'utf8')).replace(/^\uFEFF/, '');
    if (text.length > this.limits.maxTextChars) {
      return {
        ok: false,
        reason: message('fileTooMuchText', { max: this.limits.maxTextChars }),
      };
    }
    return { ok: true, text };
  }

  private runWorker(job: ExtractJob): Promise<ExtractResult> {
    return new Promise((resolve) => {
      const what = job.kind === 'pdf' ? 'PDF' : message('wordDocument');
      const kind = job.kind === 'pdf' ? 'PDF' : 'Word document';
      let settled = false;
      const finish = (result: ExtractResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
        if (child.exitCode === null) child.kill('SIGKILL');
      };
      // A child process, not a worker thread: in a thread, V8 running out of memory can abort the
      // whole server (seen in testing); a child's heap limit only ever ends the child.
      const child = fork(workerPath, [], {
        execArgv: [...workerLoader, `--max-old-space-size=${this.limits.workerMemoryMb}`],
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        if (stderr.length < 4000) stderr += chunk.toString('utf8');
      });
      const timer = setTimeout(
        () =>
          finish({
            ok: false,
            reason: message('readingTooSlow', { what, seconds: Math.round(this.limits.timeoutMs / 1000) }),
          }),
        this.limits.timeoutMs,
      );
      child.on('message', (result: ExtractResult) => finish(result));
      child.on('error', (err) => {
        logError(null, 'extract: could not start the extraction process', err);
        finish({ ok: false, reason: message('textNotNow', { what }) });
      });
      child.on('exit', (code, signal) => {
        if (settled) return;
        const memory = /heap out of memory|allocation failed/i.test(stderr);
        if (!memory)
          // Not its output: a parser's complaint can quote the document.
          logError(null, `extract: the extraction of a ${kind} ended without an answer (code ${code}, signal ${signal})`);
        finish({
          ok: false,
          reason: memory ? message('textNeedsMemory', { what }) : message('textUnreadableNow', { what }),
        });
      });
      child.send(job);
    });
  }

  private async acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
