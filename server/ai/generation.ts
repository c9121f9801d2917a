import type { AiConfig } from '../config';
import type { Locale } from '../../contract/locale';
import type { CrisisLines } from '../../contract/crisis-lines';
import { AiStoppedError, AiTimeoutError } from './errors';
import type { AiProvider, ModelPrompt, StreamPart } from './providers';
import { withRetries } from './retry';
import { classify, providerBlockedReplyIn, safeReply, type SafetyCategory } from './safety';
import { studentSafetySettings } from './safety';
import { logError } from '../lib/log';
import type { ProviderSafety } from '../db/schema/ai';
import { providerSafetyOf } from './moderation';

export type FinalStatus = 'complete' | 'interrupted' | 'blocked' | 'failed' | 'held';

export interface GenerationResult {
  status: FinalStatus;
  /** The text to store: the whole reply, the partial one, or the safe reply. */
  text: string;
  /** The stored text differs from what was streamed (a safe reply replaced it). */
  replaced: boolean;
  error?: unknown;
  safety?: { category: SafetyCategory | 'provider_block'; source: 'output' | 'provider' };
  /** The user stopped it: the text so far is kept, marked interrupted. */
  stopped?: boolean;
  /** A check of the release gate stopped it (the sink decides what is shown instead). */
  checkStopped?: boolean;
  /** The provider's own safety signals (Gemini's block reason, finish reason, ratings), when it gave any. */
  providerSafety?: ProviderSafety;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
}

export type GenerationEvent = { type: 'delta'; delta: string } | { type: 'end'; result: GenerationResult };

/**
 * Where a generation writes its result, once at the end (checkpoints are the caller's, see
 * watchCheckpoints). It may answer a different result for the listeners (the end-of-reply safety
 * pass replaces or holds a reply): that is what they get.
 */
export interface GenerationSink {
  finish(result: GenerationResult): Promise<GenerationResult | void>;
}

export interface TextRun {
  provider: AiProvider;
  config: AiConfig;
  prompt: ModelPrompt;
  audience: 'teacher' | 'student';
  /** A student's page language: the safe reply that replaces a blocked answer is written in it. */
  replyLocale?: Locale;
  /** The crisis lines the safe reply names, read when one is written (the built-in ones for the language when absent). */
  crisisLines?: () => Promise<CrisisLines>;
  temperature: number | undefined;
  sink: GenerationSink;
  /**
   * A student's assignment record: the reply is released in checked pieces (see ReleaseGate).
   * Until a piece is released it is kept here, not in `generation.text`, so no listener, attach or
   * checkpoint sees it.
   */
  gate?: ReleaseGate;
  /** Aborts the call (the student's message failed its check): the reply ends, and the sink decides what it was. */
  cancel?: AbortSignal;
}

/**
 * How a student's reply is released while it is written: at sentence or paragraph boundaries the
 * text written so far is checked (the first piece at once, then each time the reply has grown by
 * half, at least 80 characters), at most one check at a time, so the number of checks follows the
 * checker's speed up to `maxChecks`. A piece goes out once a check
 * covering it and everything before it passed. The closing check of the whole reply is the
 * sink's; what is still unreleased then goes out (or is replaced) with the end.
 */
export interface ReleaseGate {
  /**
   * Checks the whole text written so far: release shows it; keep holds it back (the check could
   * not be made: a later one may); stop ends the reply where it is (the sink's closing decides
   * what is shown and stored instead).
   */
  check(text: string): Promise<'release' | 'keep' | 'stop'>;
  /** The most checks made while the reply is written (the closing check is not counted). */
  maxChecks: number;
}

/** Where the next check of a gated reply may end: a sentence or paragraph end after `from`, or (for the first piece, or a long run with none) a word end. */
export function releasePoint(text: string, from: number, first: boolean): number {
  const tail = text.slice(from);
  let at = -1;
  for (const m of tail.matchAll(/[.!?:;]["')\]]*\s|\n/g)) at = m.index + m[0].length;
  if (at < 0 && (first || tail.length > 240)) {
    const space = tail.search(/\s\S*$/);
    at = space > 0 ? space + 1 : first ? tail.length : -1;
  }
  return at < 0 ? from : from + at;
}

/** Thrown into a gated reply's stream when a check stopped it. */
class GateStopped extends Error {}

/**
 * One reply being generated. It runs to the end on the server whoever is listening: a browser
 * that goes away only unsubscribes. Listeners get each delta as it comes and the result once it
 * is stored.
 */
export class Generation {
  text = '';
  /** How much of `text` a checkpoint has stored. */
  checkpointed = 0;
  /** When its stored row's lease (checkpoint_at) was last written: its insert, then each checkpoint. */
  renewedAt = Date.now();
  result: GenerationResult | undefined;
  private listeners = new Set<(e: GenerationEvent) => void>();
  readonly done: Promise<GenerationResult>;
  private resolveDone!: (r: GenerationResult) => void;
  private stopRequested = false;
  private abortStream: (() => void) | undefined;

  constructor() {
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
  }

  /** Stops the reply where it is (the user pressed Stop); it is stored with the text so far. */
  stop() {
    this.stopRequested = true;
    this.abortStream?.();
  }

  /** Called once the provider's stream is open: a Stop from now on aborts it. */
  attachAbort(abort: () => void) {
    this.abortStream = abort;
    if (this.stopRequested) abort();
  }

  subscribe(listener: (e: GenerationEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(e: GenerationEvent) {
    for (const l of this.listeners) l(e);
  }

  end(result: GenerationResult) {
    this.result = result;
    this.emit({ type: 'end', result });
    this.listeners.clear();
    this.resolveDone(result);
  }
}

/**
 * Opens the provider's stream (retrying what may be retried) and returns once it is open, so a
 * call that fails outright can be answered as an HTTP error; the reply then streams in the
 * background into the returned Generation.
 */
export async function startTextGeneration(run: TextRun, generation: Generation): Promise<void> {
  const { provider, config } = run;
  const started = performance.now();
  const abort = new AbortController();
  const timeout = setTimeout(() => abort.abort(new AiTimeoutError(config.requestTimeoutMs)), config.requestTimeoutMs);
  const cancelled = () => abort.abort(run.cancel?.reason);
  if (run.cancel?.aborted) cancelled();
  run.cancel?.addEventListener('abort', cancelled, { once: true });
  const callOptions = {
    prompt: run.prompt,
    maxOutputTokens: config.maxOutputTokens,
    temperature: run.temperature,
    abortSignal: abort.signal,
    providerOptions:
      run.audience === 'student' && provider.kind === 'gemini' ? { google: { safetySettings: [...studentSafetySettings] } } : undefined,
  };
  let stream: ReadableStream<StreamPart>;
  try {
    ({ stream } = await withRetries(async () => provider.text.doStream(callOptions), config.retry, abort.signal));
  } catch (err) {
    clearTimeout(timeout);
    run.cancel?.removeEventListener('abort', cancelled);
    throw abort.signal.reason instanceof AiTimeoutError ? abort.signal.reason : err;
  }
  void consume(run, generation, stream, abort, timeout, started, cancelled);
}

async function consume(
  run: TextRun,
  generation: Generation,
  stream: ReadableStream<StreamPart>,
  abort: AbortController,
  timeout: NodeJS.Timeout,
  started: number,
  cancelled: () => void,
) {
  const student = run.audience === 'student';
  const { gate } = run;
  let inputTokens = 0;
  let outputTokens = 0;
  let providerBlocked = false;
  let providerSafety: ProviderSafety | undefined;
  let outputHit: SafetyCategory | null = null;
  let error: unknown;
  /** Everything the model wrote; without a gate it is released as it comes (generation.text). */
  let written = '';
  let checks = 0;
  /** How much of `written` the last check started covered. */
  let checkedTo = 0;
  let checking: Promise<void> | undefined;
  let gateStopped = false;
  /** The model's stream has ended: what is left is the closing check's (the sink's). */
  let writtenAll = false;
  const nextCheck = () => {
    if (!gate || checking || gateStopped || writtenAll || checks >= gate.maxChecks) return;
    // Pieces grow with the reply (by half what was checked, at least 80 characters), so a fast
    // checker's budget lasts to the end of a long reply instead of going on its first lines.
    if (checks > 0 && written.length - checkedTo < Math.max(80, checkedTo / 2)) return;
    const to = releasePoint(written, checkedTo, checks === 0);
    if (to <= checkedTo) return;
    checks += 1;
    checkedTo = to;
    const piece = written.slice(0, to);
    checking = gate.check(piece).then(
      (verdict) => {
        checking = undefined;
        if (verdict === 'stop') {
          gateStopped = true;
          abort.abort(new GateStopped());
          return;
        }
        if (verdict === 'release' && piece.length > generation.text.length) {
          const delta = piece.slice(generation.text.length);
          generation.text = piece;
          generation.emit({ type: 'delta', delta });
        }
        nextCheck();
      },
      (err: unknown) => {
        // A check answers, it does not throw; if one does, its piece waits for a later check.
        checking = undefined;
        logError(null, 'ai: a release check failed', err);
      },
    );
  };
  // Stopped by a check (a flag, or the student's message refused): not a failure of the call.
  const byCheck = () =>
    abort.signal.reason instanceof GateStopped || (run.cancel?.aborted === true && abort.signal.reason === run.cancel.reason);
  generation.attachAbort(() => abort.abort(new AiStoppedError()));
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) break;
      // The timeout is for silence: each part from the provider restarts it.
      timeout.refresh();
      if (part.type === 'text-delta') {
        if (student) {
          // Check the new text with the tail before it, so a phrase split across chunks is caught.
          outputHit = classify(written.slice(-200) + part.delta, 'output');
          if (outputHit) {
            abort.abort();
            break;
          }
        }
        written += part.delta;
        if (gate) nextCheck();
        else {
          generation.text = written;
          generation.emit({ type: 'delta', delta: part.delta });
        }
      } else if (part.type === 'finish') {
        inputTokens = part.usage.inputTokens.total ?? 0;
        outputTokens = part.usage.outputTokens.total ?? 0;
        if (part.finishReason.unified === 'content-filter') providerBlocked = true;
        providerSafety = providerSafetyOf(part.providerMetadata, part.finishReason.raw);
      } else if (part.type === 'error') {
        error = part.error;
        break;
      }
      // Aborted while a part was already on its way: a Stop or a check ends here; a timeout is a failure.
      if (abort.signal.aborted) {
        if (!(abort.signal.reason instanceof AiStoppedError) && !byCheck()) error = abort.signal.reason;
        break;
      }
    }
  } catch (err) {
    if (!byCheck()) error = abort.signal.reason instanceof AiTimeoutError ? abort.signal.reason : err;
  } finally {
    clearTimeout(timeout);
    run.cancel?.removeEventListener('abort', cancelled);
    reader.releaseLock();
  }
  // At most one check in flight: the closing check (the sink's) comes after it.
  writtenAll = true;
  await checking;
  const base = {
    inputTokens,
    outputTokens,
    latencyMs: Math.round(performance.now() - started),
    ...(providerSafety ? { providerSafety } : {}),
  };
  const stopped = abort.signal.reason instanceof AiStoppedError;
  const text = written;
  let result: GenerationResult;
  if (outputHit) {
    result = {
      ...base,
      status: 'blocked',
      text: safeReply(outputHit, run.replyLocale, await run.crisisLines?.()),
      replaced: true,
      safety: { category: outputHit, source: 'output' },
    };
  } else if (providerBlocked) {
    result = student
      ? {
          ...base,
          status: 'blocked',
          text: providerBlockedReplyIn(run.replyLocale),
          replaced: true,
          safety: { category: 'provider_block', source: 'provider' },
        }
      : { ...base, status: 'blocked', text, replaced: false, safety: { category: 'provider_block', source: 'provider' } };
  } else if (gateStopped || byCheck()) {
    result = { ...base, status: 'interrupted', text, replaced: false, checkStopped: true };
  } else if (stopped) {
    result = { ...base, status: 'interrupted', text, replaced: false, stopped: true };
  } else if (error !== undefined) {
    result = { ...base, status: text ? 'interrupted' : 'failed', text, replaced: false, error };
  } else {
    result = { ...base, status: 'complete', text, replaced: false };
  }
  try {
    result = (await run.sink.finish(result)) ?? result;
  } catch (err) {
    logError(null, 'ai: could not store a finished reply', err);
    // A gated reply shows no more than was released: its closing check may not have been made.
    if (gate) result = { ...result, status: generation.text ? 'interrupted' : 'failed', text: generation.text, error: err };
  }
  if (gate && !result.replaced) {
    // What the closing check let through and is not yet released goes out with the end.
    if (result.text.startsWith(generation.text)) {
      const rest = result.text.slice(generation.text.length);
      generation.text = result.text;
      if (rest) generation.emit({ type: 'delta', delta: rest });
    } else result = { ...result, replaced: true };
  }
  generation.end(result);
}
