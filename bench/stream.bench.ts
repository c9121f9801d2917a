// npm run bench:stream: what the app adds to a streamed reply over a plain Node pass-through to
// the same fake Gemini: time to first token, per-chunk latency, share of the token rate delivered,
// memory per open stream; at 1, 50 and 300 concurrent streams. The provider SDK's stream alone is
// measured too, as the floor of any app built on it. Measures and reports; exits 0.
import { fork } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import { createApp } from '../server/app';
import { createAuth } from '../server/auth/auth';
import { loadConfig } from '../server/config';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { createMailer } from '../server/lib/mailer';
import { createConversation } from '../server/modules/conversations/conversations.store';
import { createPasswordUser } from '../server/modules/users/users.service';
import { createProvider } from '../server/ai/providers';
import type { Plan, StreamResult } from './stream-load';
import { targets, type Target } from './stream-paths';

// BENCH_LEVELS=1,5 for a quick trial run.
const levels = (process.env.BENCH_LEVELS ?? '1,50,300').split(',').map(Number);
const started = Date.now();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cb-bench-stream-'));
const gc = (globalThis as { gc?: () => void }).gc;

const load = fork(path.join(path.dirname(new URL(import.meta.url).pathname), 'stream-load.ts'), [], {
  execArgv: ['--import', 'tsx'],
  stdio: 'inherit',
});
const fakeUrl = await new Promise<string>((resolve) => load.once('message', (m: { fakeUrl: string }) => resolve(m.fakeUrl)));

const origin = 'http://localhost:3000';
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0',
  BASE_URL: origin,
  GEMINI_API_KEY: 'bench-key',
  GEMINI_BASE_URL: fakeUrl,
  AI_RATE_LIMIT_PER_MINUTE: '1000000',
  AI_QUOTA_FREE_TEXT: '1000000',
});
// BENCH_DB=postgres: a fresh database on the server of TEST_DATABASE_URL (default the local one), dropped after.
const onPostgres = process.env.BENCH_DB === 'postgres';
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const benchDbName = `cb_bench_${process.pid}`;
async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
let database: Database;
if (onPostgres) {
  await admin(`create database "${benchDbName}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${benchDbName}`;
  database = await openPostgres(url.toString(), { max: Number(process.env.BENCH_PG_POOL ?? 20) });
} else {
  database = await openPglite({ dataDir: path.join(dataDir, 'db') });
}
const mailer = createMailer(config);
const auth = createAuth({ config, db: database.db, mailer, secret: config.authSecret! });
const app = createApp({ config, database, auth, mailer });
// The streams belong to BENCH_USERS teachers (default 30, ten streams each), as a school's would:
// each has their own rate limit and quota, so no single account's counters are shared by all.
const userCount = Math.max(1, Number(process.env.BENCH_USERS ?? 30));
const accounts: { id: string; cookie: string }[] = [];
for (let u = 0; u < userCount; u++) {
  const user = await createPasswordUser(database.db, {
    email: `bench${u}@example.org`,
    password: 'password123',
    role: 'teacher',
    verified: true,
  });
  const signIn = await app.request(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: 'password123' }),
  });
  accounts.push({
    id: user.id,
    cookie: signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  });
}
const conversations: { id: string; cookie: string }[] = [];
// Every app stream gets a fresh conversation: the warm-up's one per account, three rounds of 1, then each level.
const streamCount = userCount + levels.reduce((n, level) => n + (level === 1 ? 3 : level), 0);
for (let i = 0; i < streamCount; i++) {
  const owner = accounts[i % userCount]!;
  conversations.push({ id: (await createConversation(database.db, owner.id)).id, cookie: owner.cookie });
}

const appServer = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((r) => appServer.once('listening', r));

/** A server answering each POSTed `{ text }` of the load side with `answer`. */
async function textServer(answer: (text: string, res: http.ServerResponse) => void) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => answer((JSON.parse(body) as { text: string }).text, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return server;
}

// The baseline: the same Gemini request, its SSE answer piped back byte for byte.
const fakeTarget = new URL(`${fakeUrl}/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse`);
const upstream = new http.Agent({ keepAlive: true, maxSockets: 2000 });
const passServer = await textServer((text, res) => {
  const payload = JSON.stringify({ contents: [{ role: 'user', parts: [{ text }] }], generationConfig: { maxOutputTokens: 4096 } });
  const up = http.request(
    fakeTarget,
    {
      method: 'POST',
      agent: upstream,
      headers: { 'content-type': 'application/json', 'x-goog-api-key': 'bench-key', 'content-length': Buffer.byteLength(payload) },
    },
    (ur) => {
      res.writeHead(ur.statusCode ?? 502, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      ur.pipe(res);
    },
  );
  up.end(payload);
});

// The floor of any app built on the provider SDK: the same request through the SDK's Gemini
// stream (doStream, with the app's fetch), each text part written out as the app writes it; no
// sign-in, database, safety check or bookkeeping.
const provider = createProvider(config.ai)!;
const sdkServer = await textServer((text, res) => {
  const relay = async () => {
    const { stream } = await provider.text.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text }] }],
      maxOutputTokens: 4096,
    });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const reader = stream.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      if (r.value.type === 'text-delta')
        res.write(`data: ${JSON.stringify({ type: 'text-delta', id: r.value.id, delta: r.value.delta })}\n\n`);
    }
    res.end();
  };
  relay().catch(() => res.destroy());
});

const memory = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};
const perStream: Record<Target, Record<number, number>> = { pass: {}, sdk: {}, app: {} };
const notAllOpen: Record<Target, Record<number, number>> = { pass: {}, sdk: {}, app: {} };
// How busy this process's event loop was while a path ran a level: past about 0.8, new requests queue.
const busy: Record<Target, Record<number, number>> = { pass: {}, sdk: {}, app: {} };
let busySince: { target: Target; level: number; elu: ReturnType<typeof performance.eventLoopUtilization> } | undefined;
let idleMemory = 0;
const settle = () => {
  gc?.();
  idleMemory = memory();
};
settle();

const plan: Plan = {
  appUrl: `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`,
  passUrl: `http://127.0.0.1:${(passServer.address() as AddressInfo).port}`,
  sdkUrl: `http://127.0.0.1:${(sdkServer.address() as AddressInfo).port}`,
  origin,
  conversations,
  levels,
  warmupStreams: userCount,
  // A realistic Gemini Flash reply: first token after 250 ms, then 100 tokens/s, 800 tokens (a
  // page). Gemini sends many tokens per chunk, not one or two as OpenAI-style servers do (see
  // docs/decisions.md, AI engine): 20 per chunk here, five chunks a second; BENCH_TOKENS_PER_CHUNK
  // changes it. The streams of a level start spread over 4 s, as a class's would.
  tokensPerSecond: 100,
  tokensPerChunk: Number(process.env.BENCH_TOKENS_PER_CHUNK ?? 20),
  replyTokens: 800,
  ttftMs: 250,
  rampMs: 4000,
};

const results = await new Promise<Record<Target, Record<number, StreamResult[]>>>((resolve) => {
  load.on(
    'message',
    (m: { type: string; target?: Target; level?: number; open?: number; results?: Record<Target, Record<number, StreamResult[]>> }) => {
      if (busySince && m.type !== 'measure') {
        busy[busySince.target][busySince.level] = performance.eventLoopUtilization(busySince.elu).utilization;
        busySince = undefined;
      }
      if (m.type === 'idle') {
        settle();
        busySince = { target: m.target!, level: m.level!, elu: performance.eventLoopUtilization() };
      } else if (m.type === 'measure') {
        // A negative count: not every stream was open at once; the figure is then marked.
        if (m.open! < 0) {
          notAllOpen[m.target!][m.level!] = -m.open!;
          return;
        }
        gc?.();
        perStream[m.target!][m.level!] = Math.max(0, memory() - idleMemory) / m.open!;
      } else if (m.type === 'done') {
        load.off('exit', early);
        resolve(m.results!);
      }
    },
  );
  const early = (code: number | null) => {
    console.log(`The load process ended early (exit ${code}).`);
    process.exit(0);
  };
  load.once('exit', early);

  load.send({ type: 'plan', plan });
});

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

interface Row {
  ttft50: number;
  ttft95: number;
  lat50: number;
  lat99: number;
  share: number;
  memKb: number;
  failed: number;
  /** Streams open at the peak, when fewer than the level were ever open at once. */
  peakOpen: number | undefined;
  busy: number;
}
const rows: Record<Target, Record<number, Row>> = { pass: {}, sdk: {}, app: {} };
for (const target of targets) {
  for (const level of levels) {
    const rs = results[target][level]!;
    const ok = rs.filter((r) => r.ok);
    const expected = ok.reduce((a, r) => a + r.expectedMs, 0);
    const actual = ok.reduce((a, r) => a + r.actualMs, 0);
    rows[target][level] = {
      ttft50: pct(
        ok.map((r) => r.ttft),
        50,
      ),
      ttft95: pct(
        ok.map((r) => r.ttft),
        95,
      ),
      lat50: pct(
        ok.flatMap((r) => r.latencies),
        50,
      ),
      lat99: pct(
        ok.flatMap((r) => r.latencies),
        99,
      ),
      share: actual > 0 ? Math.min(1, expected / actual) : NaN,
      memKb: (perStream[target][level] ?? NaN) / 1024,
      failed: rs.length - ok.length,
      peakOpen: notAllOpen[target][level],
      busy: busy[target][level] ?? NaN,
    };
  }
}

console.log(
  `\nStreaming through the app vs a plain Node pass-through (fake Gemini: TTFT ${plan.ttftMs} ms, ${plan.tokensPerSecond} tokens/s in chunks of ${plan.tokensPerChunk}, ${plan.replyTokens} tokens; database ${onPostgres ? 'PostgreSQL' : 'PGlite'}${gc ? '' : '; run with --expose-gc for steadier memory figures'})\n`,
);
console.log(
  "Paths: pass = a plain Node pipe to the fake; sdk = the provider SDK's Gemini stream alone (no sign-in, database or bookkeeping: the floor of",
);
console.log(
  'any app built on the SDK); app = POST /api/conversations/:id/messages. busy = event-loop utilisation of the process serving them.\n',
);
console.log('streams | path | TTFT p50 | TTFT p95 | chunk latency p50 | p99    | token rate delivered | memory/stream | busy | failed');
for (const level of levels) {
  for (const target of targets) {
    const r = rows[target][level]!;
    console.log(
      `${String(level).padStart(7)} | ${target.padEnd(4)} | ${f(r.ttft50).padStart(6)} ms | ${f(r.ttft95).padStart(6)} ms | ${f(r.lat50, 2).padStart(14)} ms | ${f(r.lat99, 1).padStart(6)} | ${f(r.share * 100, 2).padStart(19)}% | ${r.peakOpen ? `n/a (at most ${r.peakOpen} open)` : `${f(r.memKb, 0).padStart(9)} KiB`} | ${f(r.busy, 2).padStart(4)} | ${r.failed}`,
    );
  }
  const [a, k, p] = [rows.app[level]!, rows.sdk[level]!, rows.pass[level]!];
  console.log(
    `${' '.repeat(7)} | over pass: sdk adds TTFT p50 ${f(k.ttft50 - p.ttft50)} ms, chunk latency p50 ${f(k.lat50 - p.lat50, 2)} ms; app adds TTFT p50 ${f(a.ttft50 - p.ttft50)} ms, chunk latency p50 ${f(a.lat50 - p.lat50, 2)} ms`,
  );
}

const top = Math.max(...levels);
const at = (t: Target) => rows[t][top]!;
const goals = [
  [`added TTFT p50 at ${top} streams <= 5 ms`, at('app').ttft50 - at('pass').ttft50 <= 5, `${f(at('app').ttft50 - at('pass').ttft50)} ms`],
  [`token rate delivered at ${top} streams >= 99%`, at('app').share >= 0.99, `${f(at('app').share * 100, 2)}%`],
  [
    `memory per stream at ${top} <= 2x pass-through`,
    !at('app').peakOpen && !at('pass').peakOpen && at('app').memKb <= 2 * at('pass').memKb,
    at('app').peakOpen || at('pass').peakOpen
      ? `not measurable: at most ${at('app').peakOpen ?? top} app streams were open at once`
      : `${f(at('app').memKb, 0)} KiB vs ${f(at('pass').memKb, 0)} KiB`,
  ],
] as const;
console.log('\nTargets');
for (const [name, met, value] of goals) console.log(`  ${met ? 'MET   ' : 'MISSED'}  ${name}: ${value}`);
const floor = at('sdk');
if (floor.memKb > 2 * at('pass').memKb) {
  console.log(
    `  note: the SDK's stream alone holds ${f(floor.memKb, 0)} KiB per open stream (${f(floor.memKb / at('pass').memKb)}x the pass-through): the memory target is below the floor of the SDK itself.`,
  );
}
if (floor.ttft50 - at('pass').ttft50 > 5) {
  console.log(`  note: the SDK's stream alone adds ${f(floor.ttft50 - at('pass').ttft50)} ms to the first token at ${top} streams.`);
}
console.log(`\nFinished in ${Math.round((Date.now() - started) / 1000)} s.`);

await new Promise((r) => appServer.close(r));
passServer.close();
sdkServer.close();
upstream.destroy();
await database.close();
if (onPostgres) await admin(`drop database if exists "${benchDbName}"`);
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
