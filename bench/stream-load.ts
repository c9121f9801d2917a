// The load side of bench/stream.bench.ts, in its own process: the fake Gemini and the clients
// share one clock here, so a chunk's latency is its arrival time minus the fake's send time.
import http from 'node:http';
import { startFakeGemini } from '../tests/fakes/gemini';
import { now, type RecordedRequest } from '../tests/fakes/fake-llm';
import { isAppPath, runKey, type AppPath, type Arrival, type Target } from './stream-paths';

/** One fresh stream of an app path: its account's cookie, and where it sends. */
export interface AppStream {
  cookie: string;
  /** The send's path (a ChatBot or assistant conversation, a student's record). */
  send?: string;
  /** A DocBot run: POST /api/bots/:botId/runs with the form first, then the first generation in the new conversation. */
  startRun?: { botId: string; values: Record<string, string> };
  /** The text sent: `{marker}` is replaced by the stream's marker. */
  text: string;
}

export interface Plan {
  urls: { app: string; pass: string; sdk: string };
  origin: string;
  paths: Target[];
  /** Fresh streams of each app path, used once each in order. */
  streams: Partial<Record<AppPath, AppStream[]>>;
  levels: number[];
  arrivals: Arrival[];
  /** Streams of the warm-up of each path: one per account. */
  warmupStreams: number;
  /** Sends of each app path made one at a time while the app traces their CPU by stage. */
  traceSends: number;
  fake: { ttftMs: number; chunks: number; chunksPerSecond: number; tokensPerChunk: number; classifyMs: number };
  /** The memory bursts' levels, and their slower chunk rate, so that every stream of a burst is open at once. */
  memory: { levels: number[]; chunksPerSecond: number };
  rampMs: number;
}

export interface StreamResult {
  ttft: number;
  latencies: number[];
  /** Fake's chunk spacing over the client's: 1 = every chunk as fast as sent. */
  expectedMs: number;
  actualMs: number;
  chunks: number;
  /** The reply's text as the client got it, in characters (a student's reply comes in checked pieces, not chunk by chunk). */
  textChars: number;
  /** The stream's finish came (its end, not a cut). */
  finished: boolean;
  /** HTTP status of the send (0: no answer). */
  status: number;
  /** Why a send got no answer or was cut (the socket error's code). */
  error?: string;
  ok: boolean;
}

export type ToParent =
  | { type: 'ready'; fakeUrl: string }
  /** A level starts: `latency` runs are timed (no forced GC in them), `memory` runs only measure memory. */
  | { type: 'start'; key: string; phase: 'latency' | 'memory' }
  | { type: 'measure'; key: string; open: number }
  | { type: 'end'; key: string }
  | { type: 'trace'; target: Target; on: boolean }
  | { type: 'done'; results: Record<string, StreamResult[]>; memoryRuns: Record<string, StreamResult[]> };
export type ToLoad = { type: 'plan'; plan: Plan } | { type: 'go' } | { type: 'exit' };

const send = (m: ToParent) => process.send!(m);
let waiting: (() => void) | undefined;
/** Sends a message and waits for the parent's go (it settles memory or switches tracing first). */
const ask = (m: ToParent) =>
  new Promise<void>((resolve) => {
    waiting = resolve;
    send(m);
  });

const fake = await startFakeGemini({ apiKey: 'bench-key' });
const byMarker = new Map<string, RecordedRequest>();
const agent = new http.Agent({ keepAlive: true, maxSockets: 2000 });

// Memory is sampled once every stream of a run is open (first token in, not finished); if that
// never happens, at the run's peak, and divided by the streams open then.
let open = 0;
let peak = 0;
let onOpenChange: (() => void) | undefined;
const opened = () => {
  open++;
  peak = Math.max(peak, open);
  onOpenChange?.();
};
const closed = () => {
  open--;
  onOpenChange?.();
};

const failed = (status: number, error?: string): StreamResult => ({
  ttft: 0,
  latencies: [],
  expectedMs: 0,
  actualMs: 0,
  chunks: 0,
  textChars: 0,
  finished: false,
  status,
  error,
  ok: false,
});

/** POSTs JSON and reads the JSON answer. */
function postJson(url: string, body: unknown, cookie: string, origin: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', origin, cookie, 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', () => resolve({ status: 0, body: undefined }));
    req.end(payload);
  });
}

const next: Partial<Record<AppPath, number>> = {};

async function oneStream(target: Target, plan: Plan, marker: string): Promise<StreamResult> {
  // The first token is timed from the user's click: for a DocBot run, from the run's start.
  const t0 = now();
  let url: string;
  let cookie = '';
  let text = `Question ${marker}`;
  if (isAppPath(target)) {
    const i = next[target] ?? 0;
    next[target] = i + 1;
    const s = plan.streams[target]?.[i];
    if (!s) return failed(0);
    cookie = s.cookie;
    text = s.text.replace('{marker}', marker);
    let sendPath = s.send;
    if (s.startRun) {
      const run = await postJson(`${plan.urls.app}/api/bots/${s.startRun.botId}/runs`, { values: s.startRun.values }, cookie, plan.origin);
      if (run.status !== 201) return failed(run.status);
      sendPath = `/api/conversations/${(run.body as { id: string }).id}/messages`;
    }
    url = `${plan.urls.app}${sendPath}`;
  } else {
    url = `${target === 'sdk' ? plan.urls.sdk : plan.urls.pass}/stream`;
  }
  return new Promise((resolve) => {
    const body = JSON.stringify({ idempotencyKey: marker, text });
    const arrivals: number[] = [];
    let textChars = 0;
    let finishedStream = false;
    const isText = target === 'pass' ? '"text"' : '"type":"text-delta"';
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', origin: plan.origin, cookie, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let buffered = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          const at = now();
          // Gemini separates events with CRLF pairs, the app (and the SDK path) with LF pairs.
          buffered += d.replace(/\r/g, '');
          let i;
          while ((i = buffered.indexOf('\n\n')) >= 0) {
            const event = buffered.slice(0, i);
            buffered = buffered.slice(i + 2);
            if (event.includes(isText)) {
              if (arrivals.length === 0) opened();
              arrivals.push(at);
              if (target === 'tutor') textChars += (JSON.parse(event.slice(6)) as { delta: string }).delta.length;
            } else if (event.includes('"type":"finish"')) finishedStream = true;
          }
        });
        // Ended, or cut: a cut stream closes without its end (and is counted incomplete).
        let error: string | undefined;
        res.on('error', (err: NodeJS.ErrnoException) => (error = err.code ?? err.message));
        res.on('end', () => finish(res, undefined));
        res.on('close', () => finish(res, error ?? 'closed before its end'));
      },
    );
    let finished = false;
    const finish = (res: http.IncomingMessage, error: string | undefined) => {
      if (finished) return;
      finished = true;
      if (arrivals.length) closed();
      const rec = byMarker.get(marker);
      const sent = rec?.chunkTimes ?? [];
      // A student's reply comes in checked pieces: complete is its whole text and its finish, and
      // there is no chunk-by-chunk latency to take.
      const pieces = target === 'tutor';
      const n = pieces ? 0 : Math.min(sent.length, arrivals.length);
      const latencies = Array.from({ length: n }, (_, k) => arrivals[k]! - sent[k]!);
      byMarker.delete(marker);
      resolve({
        ttft: (arrivals[0] ?? now()) - t0,
        latencies,
        expectedMs: n > 1 ? sent[n - 1]! - sent[0]! : 0,
        actualMs: n > 1 ? arrivals[n - 1]! - arrivals[0]! : 0,
        chunks: arrivals.length,
        textChars,
        finished: finishedStream,
        status: res.statusCode ?? 0,
        error,
        ok: pieces
          ? !error && res.statusCode === 200 && finishedStream && rec !== undefined && textChars === rec.reply.length
          : !error && res.statusCode === 200 && n === sent.length && n > 0 && arrivals.length === sent.length,
      });
    };
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (finished) return;
      finished = true;
      if (arrivals.length) closed();
      resolve(failed(0, err.code ?? err.message));
    });
    req.end(body);
  });
}

async function runLevel(
  target: Target,
  plan: Plan,
  arrival: Arrival,
  level: number,
  tag: string,
  measureMemory = false,
): Promise<StreamResult[]> {
  // One stream alone is measured three times in a row.
  const rounds = level === 1 ? 3 : 1;
  const key = runKey(target, arrival, level);
  const out: StreamResult[] = [];
  for (let r = 0; r < rounds; r++) {
    const started: Promise<StreamResult>[] = [];
    let measured = r !== 0 || !measureMemory;
    peak = 0;
    onOpenChange = () => {
      if (!measured && open === level) {
        measured = true;
        // A moment after the last stream opened, so its first chunks are in flight too.
        setTimeout(() => send({ type: 'measure', key, open }), 300);
      }
    };
    for (let i = 0; i < level; i++) {
      const marker = `bench-${tag}-r${r}-s${i}`;
      // A burst fires every send in this same tick; a ramp spreads them over rampMs.
      if (arrival === 'burst' || level === 1) started.push(oneStream(target, plan, marker));
      else
        started.push(
          new Promise<StreamResult>((resolve) =>
            setTimeout(() => void oneStream(target, plan, marker).then(resolve), (plan.rampMs * i) / level),
          ),
        );
    }
    out.push(...(await Promise.all(started)));
    onOpenChange = undefined;
    if (!measured) send({ type: 'measure', key, open: -peak });
  }
  return out;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

process.on('message', (msg: ToLoad) => {
  if (msg.type === 'go') {
    const w = waiting;
    waiting = undefined;
    w?.();
    return;
  }
  if (msg.type === 'exit') {
    agent.destroy();
    void fake.close().finally(() => process.exit(0));
    return;
  }
  void (async () => {
    const { plan } = msg;
    const f = plan.fake;
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 50}`).join(' ');
    fake.core.set({
      ttftMs: f.ttftMs,
      tokensPerSecond: f.chunksPerSecond * f.tokensPerChunk,
      tokensPerChunk: f.tokensPerChunk,
      recordChunkTimes: true,
      // The classifier of a student's turn (the message's check, and each check of the reply).
      moderationMs: f.classifyMs,
      reply: (rec) => {
        // The history repeats earlier markers: this request's is the last one.
        const marker = [...rec.raw.matchAll(/bench-[\w-]+/g)].at(-1)?.[0];
        if (marker) byMarker.set(marker, rec);
        // A traced send gets a one-chunk reply, so the next one starts on a quiet process.
        return words(marker?.startsWith('bench-trace') ? f.tokensPerChunk : f.chunks * f.tokensPerChunk);
      },
    });
    const results: Record<string, StreamResult[]> = {};
    // Warm every path up (JIT, connections, and on the app each account's remembered session and
    // plan, as in a lesson already under way) before anything is measured: one stream per account.
    for (const target of plan.paths) await runLevel(target, plan, 'ramp', plan.warmupStreams, 'warmup');
    fake.core.requests.length = 0;
    // The traced sends: one at a time, each to its end, so the CPU between two marks is that send's.
    for (const target of plan.paths.filter(isAppPath)) {
      await ask({ type: 'trace', target, on: true });
      for (let i = 0; i < plan.traceSends; i++) {
        await oneStream(target, plan, `bench-trace-${target}-s${i}`);
        // The reply's last bookkeeping (after its response ended) is done before the next send starts.
        await pause(50);
      }
      await ask({ type: 'trace', target, on: false });
    }
    fake.core.requests.length = 0;
    for (const arrival of plan.arrivals) {
      for (const level of plan.levels) {
        for (const target of plan.paths) {
          const key = runKey(target, arrival, level);
          await ask({ type: 'start', key, phase: 'latency' });
          results[key] = await runLevel(target, plan, arrival, level, `${target}-${arrival}${level}`);
          await ask({ type: 'end', key });
          fake.core.requests.length = 0;
          await pause(300);
        }
      }
    }
    // Memory per open stream in bursts of their own: the forced GC of the measurement stops the
    // event loop, which would show in the chunk latencies of a timed run.
    const memoryRuns: Record<string, StreamResult[]> = {};
    if (plan.arrivals.includes('burst')) {
      fake.core.set({ tokensPerSecond: plan.memory.chunksPerSecond * f.tokensPerChunk });
      for (const level of plan.memory.levels) {
        for (const target of plan.paths) {
          const key = runKey(target, 'burst', level);
          await ask({ type: 'start', key, phase: 'memory' });
          memoryRuns[key] = await runLevel(target, plan, 'burst', level, `${target}-memory${level}`, true);
          await ask({ type: 'end', key });
          fake.core.requests.length = 0;
          await pause(300);
        }
      }
    }
    send({ type: 'done', results, memoryRuns });
  })();
});

send({ type: 'ready', fakeUrl: fake.url });
