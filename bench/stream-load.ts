// The load side of bench/stream.bench.ts, in its own process: the fake Gemini and the clients
// share one clock here, so a chunk's latency is its arrival time minus the fake's send time.
import http from 'node:http';
import { startFakeGemini } from '../tests/fakes/gemini';
import { now, type RecordedRequest } from '../tests/fakes/fake-llm';
import { targets, type Target } from './stream-paths';

export interface Plan {
  appUrl: string;
  passUrl: string;
  sdkUrl: string;
  origin: string;
  /** A fresh one for every app stream of the run (so no stream sends a history the pass-through lacks), with its owner's cookie. */
  conversations: { id: string; cookie: string }[];
  levels: number[];
  /** Streams of the warm-up: one per account. */
  warmupStreams: number;
  tokensPerSecond: number;
  tokensPerChunk: number;
  replyTokens: number;
  ttftMs: number;
  rampMs: number;
}

export interface StreamResult {
  ttft: number;
  latencies: number[];
  /** Fake's chunk spacing over the client's: 1 = every chunk as fast as sent. */
  expectedMs: number;
  actualMs: number;
  chunks: number;
  ok: boolean;
}

type ToParent =
  | { type: 'ready'; fakeUrl: string }
  | { type: 'idle'; target: Target; level: number }
  | { type: 'measure'; target: Target; level: number; open: number }
  | { type: 'done'; results: Record<Target, Record<number, StreamResult[]>> };
const send = (m: ToParent, then?: () => void) => process.send!(m, undefined, {}, () => then?.());

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

function oneStream(target: Target, plan: Plan, marker: string, conversation: { id: string; cookie: string }): Promise<StreamResult> {
  return new Promise((resolve) => {
    const url = new URL(
      target === 'app'
        ? `${plan.appUrl}/api/conversations/${conversation.id}/messages`
        : `${target === 'sdk' ? plan.sdkUrl : plan.passUrl}/stream`,
    );
    const body = JSON.stringify({ idempotencyKey: marker, text: `Question ${marker}` });
    const arrivals: number[] = [];
    const t0 = now();
    const isText = target === 'pass' ? '"text"' : '"type":"text-delta"';
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          origin: plan.origin,
          cookie: conversation.cookie,
          'content-length': Buffer.byteLength(body),
        },
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
            }
          }
        });
        res.on('end', () => {
          if (arrivals.length) closed();
          const rec = byMarker.get(marker);
          const sent = rec?.chunkTimes ?? [];
          const n = Math.min(sent.length, arrivals.length);
          const latencies = Array.from({ length: n }, (_, k) => arrivals[k]! - sent[k]!);
          const expectedMs = n > 1 ? sent[n - 1]! - sent[0]! : 0;
          const actualMs = n > 1 ? arrivals[n - 1]! - arrivals[0]! : 0;
          byMarker.delete(marker);
          resolve({
            ttft: (arrivals[0] ?? now()) - t0,
            latencies,
            expectedMs,
            actualMs,
            chunks: arrivals.length,
            ok: res.statusCode === 200 && n === sent.length && n > 0,
          });
        });
      },
    );
    req.on('error', () => resolve({ ttft: 0, latencies: [], expectedMs: 0, actualMs: 0, chunks: 0, ok: false }));
    req.end(body);
  });
}

let nextConversation = 0;

async function runLevel(target: Target, plan: Plan, level: number, tag: string): Promise<StreamResult[]> {
  // One stream alone is measured three times in a row; higher levels run together, started over a ramp.
  const rounds = level === 1 ? 3 : 1;
  const out: StreamResult[] = [];
  for (let r = 0; r < rounds; r++) {
    const started: Promise<StreamResult>[] = [];
    for (let i = 0; i < level; i++) {
      const delay = level === 1 ? 0 : (plan.rampMs * i) / level;
      const marker = `bench-${tag}-${r}-${i}`;
      started.push(
        new Promise<StreamResult>((resolve) =>
          setTimeout(
            () =>
              void oneStream(
                target,
                plan,
                marker,
                target === 'app' ? plan.conversations[nextConversation++ % plan.conversations.length]! : plan.conversations[0]!,
              ).then(resolve),
            delay,
          ),
        ),
      );
    }
    let measured = r !== 0 || tag === 'warmup';
    peak = 0;
    onOpenChange = () => {
      if (!measured && open === level) {
        measured = true;
        // A moment after the last stream opened, so its first chunks are in flight too.
        setTimeout(() => send({ type: 'measure', target, level, open }), 300);
      }
    };
    out.push(...(await Promise.all(started)));
    onOpenChange = undefined;
    if (!measured) send({ type: 'measure', target, level, open: -peak });
  }
  return out;
}

process.on('message', (msg: { type: 'plan'; plan: Plan }) => {
  void (async () => {
    const { plan } = msg;
    fake.core.set({
      ttftMs: plan.ttftMs,
      tokensPerSecond: plan.tokensPerSecond,
      tokensPerChunk: plan.tokensPerChunk,
      recordChunkTimes: true,
      reply: (rec) => {
        // The history repeats earlier markers: this request's is the last one.
        const marker = [...rec.raw.matchAll(/bench-[\w-]+/g)].at(-1)?.[0];
        if (marker) byMarker.set(marker, rec);
        return Array.from({ length: plan.replyTokens }, (_, i) => `word${i % 50}`).join(' ');
      },
    });
    const results: Record<Target, Record<number, StreamResult[]>> = { pass: {}, sdk: {}, app: {} };
    // Warm both paths up (JIT, connections, and on the app each account's remembered session and
    // plan, as in a lesson already under way) before anything is measured: one stream per account.
    for (const target of targets) await runLevel(target, plan, plan.warmupStreams, 'warmup');
    for (const level of plan.levels) {
      for (const target of targets) {
        send({ type: 'idle', target, level });
        await new Promise((r) => setTimeout(r, 200));
        results[target][level] = await runLevel(target, plan, level, `${target}${level}`);
        fake.core.requests.length = 0;
        await new Promise((r) => setTimeout(r, 300));
      }
    }
    send({ type: 'done', results }, () => {
      agent.destroy();
      void fake.close().finally(() => process.exit(0));
    });
  })();
});

send({ type: 'ready', fakeUrl: fake.url });
