import type { AiConfig } from '../config';
import { AiStoppedError, AiTimeoutError } from './errors';
import type { AiProvider, ModelPrompt, StreamPart } from './providers';
import { withRetries } from './retry';
import { classify, providerBlockedReply, safeReply, type SafetyCategory } from './safety';
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
  temperature: number | undefined;
  sink: GenerationSink;
  /**
   * A student's assignment record: the reply is shown to no one until its end has passed the
   * moderation pass. Its text is kept here, not in `generation.text` (so no listener, attach or
   * checkpoint sees it), and goes out whole at the end as a replacing text part.
   */
  withhold?: boolean;
}

/**
 * One reply being generated. It runs to the end on the server whoever is listening: a browser
 * that goes away only unsubscribes. Listeners get each delta as it comes and the result once it
 * is stored.
 */
export class Generation {
  text = '';
  /** How much of `text` a checkpoint has stored. */
  checkpointed = 0;
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
    throw abort.signal.reason instanceof AiTimeoutError ? abort.signal.reason : err;
  }
  void consume(run, generation, stream, abort, timeout, started);
}

async function consume(
  run: TextRun,
  generation: Generation,
  stream: ReadableStream<StreamPart>,
  abort: AbortController,
  timeout: NodeJS.Timeout,
  started: number,
) {
  const student = run.audience === 'student';
  let inputTokens = 0;
  let outputTokens = 0;
  let providerBlocked = false;
  let providerSafety: ProviderSafety | undefined;
  let outputHit: SafetyCategory | null = null;
  let error: unknown;
  let withheld = '';
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
          outputHit = classify((run.withhold ? withheld : generation.text).slice(-200) + part.delta, 'output');
          if (outputHit) {
            abort.abort();
            break;
          }
        }
        if (run.withhold) withheld += part.delta;
        else {
          generation.text += part.delta;
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
      // Aborted while a part was already on its way: a Stop ends here; a timeout is a failure.
      if (abort.signal.aborted) {
        if (!(abort.signal.reason instanceof AiStoppedError)) error = abort.signal.reason;
        break;
      }
    }
  } catch (err) {
    error = abort.signal.reason instanceof AiTimeoutError ? abort.signal.reason : err;
  } finally {
    clearTimeout(timeout);
    reader.releaseLock();
  }
  const base = {
    inputTokens,
    outputTokens,
    latencyMs: Math.round(performance.now() - started),
    ...(providerSafety ? { providerSafety } : {}),
  };
  const stopped = abort.signal.reason instanceof AiStoppedError;
  // A withheld reply's text goes out only at its end, replacing the (empty) streamed part.
  const text = run.withhold ? withheld : generation.text;
  const replaced = Boolean(run.withhold);
  let result: GenerationResult;
  if (outputHit) {
    result = { ...base, status: 'blocked', text: safeReply(outputHit), replaced: true, safety: { category: outputHit, source: 'output' } };
  } else if (providerBlocked) {
    result = student
      ? {
          ...base,
          status: 'blocked',
          text: providerBlockedReply,
          replaced: true,
          safety: { category: 'provider_block', source: 'provider' },
        }
      : { ...base, status: 'blocked', text, replaced, safety: { category: 'provider_block', source: 'provider' } };
  } else if (stopped) {
    result = { ...base, status: 'interrupted', text, replaced, stopped: true };
  } else if (error !== undefined) {
    result = { ...base, status: text ? 'interrupted' : 'failed', text, replaced, error };
  } else {
    result = { ...base, status: 'complete', text, replaced };
  }
  try {
    result = (await run.sink.finish(result)) ?? result;
  } catch (err) {
    logError(null, 'ai: could not store a finished reply', err);
  }
  generation.end(result);
}
