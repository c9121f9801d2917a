import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * The shared core of the fake AI servers (Gemini, OpenAI-compatible): timing, failures on demand,
 * and a record of every request. Each vendor's file speaks its wire protocol on top of this.
 */

export interface FakeBehaviour {
  /** Delay before the first chunk of a reply (time to first token). */
  ttftMs: number;
  /** Tokens per second of a streamed reply; 0 sends every chunk at once. */
  tokensPerSecond: number;
  tokensPerChunk: number;
  /** Length of the default reply, in tokens (one token = one word here). */
  replyTokens: number;
  /** A fixed reply instead of the default text, or one built from the request. */
  reply?: string | ((req: RecordedRequest) => string);
  /** Record the send time of every chunk (for benchmarks). */
  recordChunkTimes: boolean;
  /**
   * The answer to a moderation request (a non-streamed JSON-mode call), given the text it
   * classifies: a verdict, 'fail' (503), 'hang' (no answer), or `{ raw }` sent as the model's text.
   * Default: `{"category":"none","severity":"none","reason":""}`.
   */
  moderation?: (text: string) => FakeVerdict | 'fail' | 'hang' | { raw: string };
  /** How long a moderation request takes to answer (0: at once). */
  moderationMs?: number;
}

export interface FakeVerdict {
  category: 'none' | 'self_harm' | 'safeguarding' | 'violence' | 'sexual' | 'bullying' | 'personal_data';
  severity: 'none' | 'low' | 'medium' | 'high';
  reason: string;
}

/** What the next moderation request gets instead of its verdict (a queue of its own). */
export type FakeModerationFailure = FakeFailure | { kind: 'bad-json' };

/** The text a moderation request classifies: what the app puts between its <<< and >>> markers, else all of it. */
export function moderatedText(prompt: string): string {
  const m = /<<<\n([\s\S]*)\n>>>/.exec(prompt);
  return m ? m[1]! : prompt;
}

export const passVerdict: FakeVerdict = { category: 'none', severity: 'none', reason: '' };

/** What the next request gets instead of a normal answer (a queue, one per request). */
export type FakeFailure =
  | { kind: 'status'; status: number; retryAfter?: number; message?: string }
  /** The prompt is refused: Gemini's promptFeedback.blockReason SAFETY, OpenAI's content_filter. */
  | { kind: 'safety-block' }
  /** Some text, then the reply stops for safety. */
  | { kind: 'safety-finish'; afterChunks: number }
  /** Headers sent, then nothing: for timeouts. */
  | { kind: 'hang' }
  /** The connection drops after some chunks. */
  | { kind: 'cut'; afterChunks: number }
  /** The connection is reset before any answer (Gemini's fake only), as a stale keep-alive socket is. */
  | { kind: 'reset' };

export interface RecordedRequest {
  at: number;
  path: string;
  model: string;
  kind: 'text' | 'image';
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The raw body, for searching what the provider received. */
  raw: string;
  /** Send times (ms since the epoch, sub-ms precision) of each chunk, when recorded. */
  chunkTimes: number[];
  /** The reply text that was (or was to be) sent. */
  reply: string;
  /** For a moderation request: the text it classifies. */
  classified?: string;
}

const defaultBehaviour: FakeBehaviour = {
  ttftMs: 0,
  tokensPerSecond: 0,
  tokensPerChunk: 4,
  replyTokens: 24,
  recordChunkTimes: false,
};

const words =
  'the cell membrane controls what enters and leaves while the nucleus holds genetic material and mitochondria release energy for the cell through respiration'.split(
    ' ',
  );

/** The default reply: deterministic, numbered, replyTokens words long. */
function defaultReply(n: number, tokens: number): string {
  const out = ['Reply', `${n}:`];
  for (let i = 2; i < tokens; i++) out.push(words[i % words.length]!);
  return out.join(' ') + '.';
}

/** Splits a reply into chunks of `perChunk` words, keeping the spaces so they join back exactly. */
export function chunkText(text: string, perChunk: number): string[] {
  const tokens = text.match(/\S+\s*/g) ?? [text];
  const chunks: string[] = [];
  for (let i = 0; i < tokens.length; i += perChunk) chunks.push(tokens.slice(i, i + perChunk).join(''));
  return chunks.length ? chunks : [''];
}

export const now = () => performance.timeOrigin + performance.now();

export class FakeCore {
  behaviour: FakeBehaviour = { ...defaultBehaviour };
  failures: FakeFailure[] = [];
  requests: RecordedRequest[] = [];
  /** Moderation requests (JSON-mode, not streamed): kept apart from `requests`, which tests count. */
  moderationRequests: RecordedRequest[] = [];
  moderationFailures: FakeModerationFailure[] = [];
  /** Failures for checks of a student's message only (a reply's checks run beside them). */
  messageCheckFailures: FakeModerationFailure[] = [];
  models: Set<string>;
  apiKey: string;
  private count = 0;

  constructor(options: { apiKey: string; models: string[] }) {
    this.apiKey = options.apiKey;
    this.models = new Set(options.models);
  }

  /** Changes timing or reply for the requests that follow. */
  set(b: Partial<FakeBehaviour>) {
    Object.assign(this.behaviour, b);
  }

  /** Queues failures: the next requests get them in order, then normal answers resume. */
  failNext(...f: FakeFailure[]) {
    this.failures.push(...f);
  }

  /** Queues failures for the next moderation requests only (failNext keeps hitting the tutor's calls). */
  failModerationNext(...f: FakeModerationFailure[]) {
    this.moderationFailures.push(...f);
  }

  /** Queues failures for the next checks of a student's message, leaving the checks of replies alone. */
  failMessageCheckNext(...f: FakeModerationFailure[]) {
    this.messageCheckFailures.push(...f);
  }

  reset() {
    this.behaviour = { ...defaultBehaviour };
    this.failures = [];
    this.requests = [];
    this.moderationRequests = [];
    this.moderationFailures = [];
    this.messageCheckFailures = [];
  }

  /** Every recorded request body (moderation too) as one string, for "was X ever sent?" checks. */
  everythingSent(): string {
    return [...this.requests, ...this.moderationRequests].map((r) => r.raw).join('\n');
  }

  /**
   * Records a moderation request and decides its answer: a queued failure first, then the
   * behaviour's script, else the passing verdict. `text` is what it classifies.
   */
  moderate(
    req: IncomingMessage,
    path: string,
    model: string,
    raw: string,
    text: string,
  ): { rec: RecordedRequest; answer: FakeModerationFailure | { kind: 'verdict'; text: string } } {
    const rec: RecordedRequest = {
      at: Date.now(),
      path,
      model,
      kind: 'text',
      headers: req.headers,
      body: raw,
      raw,
      chunkTimes: [],
      reply: '',
      classified: text,
    };
    try {
      rec.body = JSON.parse(raw);
    } catch {
      // Recorded as text.
    }
    this.moderationRequests.push(rec);
    const failure =
      (raw.includes('A student message to the tutor') ? this.messageCheckFailures.shift() : undefined) ?? this.moderationFailures.shift();
    if (failure) return { rec, answer: failure };
    const scripted = this.behaviour.moderation?.(text) ?? passVerdict;
    if (scripted === 'fail') return { rec, answer: { kind: 'status', status: 503, message: 'Fake moderation failure' } };
    if (scripted === 'hang') return { rec, answer: { kind: 'hang' } };
    const out = 'raw' in scripted ? scripted.raw : JSON.stringify(scripted);
    rec.reply = out;
    return { rec, answer: { kind: 'verdict', text: out } };
  }

  record(req: IncomingMessage, path: string, model: string, kind: 'text' | 'image', raw: string): RecordedRequest {
    let body: unknown = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      // Recorded as text.
    }
    const rec: RecordedRequest = { at: Date.now(), path, model, kind, headers: req.headers, body, raw, chunkTimes: [], reply: '' };
    const b = this.behaviour;
    rec.reply = typeof b.reply === 'function' ? b.reply(rec) : (b.reply ?? defaultReply(++this.count, b.replyTokens));
    this.requests.push(rec);
    return rec;
  }

  takeFailure(): FakeFailure | undefined {
    return this.failures.shift();
  }

  /**
   * Sends chunks on the configured schedule (absolute targets, so timers do not drift). `write`
   * returns false to stop (a cut). Resolves when done or when the client went away.
   */
  async stream(
    res: ServerResponse,
    rec: RecordedRequest,
    chunks: string[],
    write: (chunk: string, index: number) => boolean,
  ): Promise<void> {
    const b = { ...this.behaviour };
    const interval = b.tokensPerSecond > 0 ? (1000 * b.tokensPerChunk) / b.tokensPerSecond : 0;
    const start = now() + b.ttftMs;
    let closed = false;
    res.once('close', () => (closed = true));
    for (let i = 0; i < chunks.length; i++) {
      const wait = start + i * interval - now();
      if (wait > 0.5) await new Promise((r) => setTimeout(r, wait));
      else if (i % 16 === 15) await new Promise((r) => setImmediate(r));
      if (closed) return;
      if (b.recordChunkTimes) rec.chunkTimes.push(now());
      if (!write(chunks[i]!, i)) return;
    }
  }
}

export interface FakeServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** Listens on 127.0.0.1 (port 0 = any free port) and closes every socket on close(). */
export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  port = 0,
): Promise<{ server: Server; info: FakeServer }> {
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    handler(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 500, message: String(err), status: 'INTERNAL' } }));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    server,
    info: {
      url: `http://127.0.0.1:${actual}`,
      port: actual,
      close: () =>
        new Promise<void>((resolve) => {
          for (const s of sockets) s.destroy();
          server.close(() => resolve());
        }),
    },
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/** A 1x1 transparent PNG: the image every fake returns. */
export const tinyPng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
