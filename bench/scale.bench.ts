// npm run bench -- scale: the load figures a district asks for (issue 28 item 6), on the
// installation `npm run bench:seed` made (bench/results/seed-<database>.json). The app runs as it
// would for a district: compiled processes behind nginx on PostgreSQL and moto's S3
// (tests/topology/cluster.ts, the topology test's own pieces), against the fake Gemini in this
// process. For one and for two processes it measures:
// - the hot reads (the bot library, an assignment's table, a conversation, the student's
//   assignments, the school dashboard, in equal shares) at fixed rates (an open loop: each
//   request's time counts from when it was due, so a slow server cannot slow the load down),
//   alone and while 300 replies stream;
// - a burst of 300 sends at once (time to the first word of each reply).
// Then the same reads on the tenfold installation (BENCH_SEED_X10), and on PGlite (one process,
// BENCH_PGLITE_DIR, a folder bench:seed filled with BENCH_DB=pglite). Measures and reports; exits 0.
//
// BENCH_SEED (default classbots_bench_seed), BENCH_SEED_X10 (default classbots_bench_seed_x10),
// BENCH_RATES (default 100,300,1000), BENCH_SECONDS (per rate, default 8), BENCH_PROCESSES
// (default 1,2), BENCH_STREAMS (default 300), BENCH_SKIP (reads left out of the mix, by name:
// BENCH_SKIP=dashboard).
import http from 'node:http';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { readEnv } from '../server/config';
import { ensureServerBuild } from '../scripts/lib.mjs';
import { HttpClient, startTopology, type Topology } from '../tests/topology/cluster';
import { startFakeGemini, type FakeGemini } from '../tests/fakes/gemini';
import type { SeedResult } from './seed';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'bench/results');
const list = (v: string | undefined, d: number[]) => (v ? v.split(',').map(Number) : d);
const RATES = list(readEnv('BENCH_RATES'), [100, 300, 1000]);
const SECONDS = Number(readEnv('BENCH_SECONDS') ?? 8);
const PROCESSES = list(readEnv('BENCH_PROCESSES'), [1, 2]);
const STREAMS = Number(readEnv('BENCH_STREAMS') ?? 300);
const adminUrl = readEnv('BENCH_DATABASE_URL') ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Seed extends SeedResult {
  database: { kind: string; url?: string; name: string; dir?: string };
}
function readSeed(name: string): Seed | undefined {
  const file = path.join(results, `seed-${name}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Seed) : undefined;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

/** A GET through the proxy, its body read; answers the status. */
function get(base: string, url: string, cookie: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(`${base}${url}`, { agent, headers: { cookie } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

const cookieOf = (c: HttpClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

interface Read {
  name: string;
  url: string;
  cookie: string;
}

/** The hot reads, as the seeded school's named teachers, students and admin open them. */
async function hotReads(topo: Topology, seed: Seed): Promise<Read[]> {
  const signIn = (email: string, password: string) => new HttpClient(topo.proxyUrl, topo.proxyUrl).signIn(email, password);
  const reads: Read[] = [];
  const to = new Date(seed.now);
  const from = new Date(to.getTime() - 30 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const admin = await signIn(seed.credentials.admin.email, seed.credentials.admin.password);
  reads.push({ name: 'dashboard', url: `/api/school-admin/dashboard?from=${day(from)}&to=${day(to)}`, cookie: cookieOf(admin) });
  for (const [i, t] of seed.credentials.teachers.entries()) {
    const named = seed.named.teachers[i]!;
    const cookie = cookieOf(await signIn(t.email, t.password));
    reads.push({ name: 'bot library', url: '/api/bots?kind=TutorBot&tab=mine&limit=30', cookie });
    reads.push({ name: 'assignment table', url: `/api/assignments/${named.assignments[0]!.id}`, cookie });
    reads.push({ name: 'conversation', url: `/api/conversations/${named.conversations[0]!.id}`, cookie });
  }
  for (const s of seed.credentials.students) {
    reads.push({ name: 'student assignments', url: '/api/my-assignments', cookie: cookieOf(await signIn(s.email, s.password)) });
  }
  for (const r of reads) {
    const status = await get(topo.proxyUrl, r.url, r.cookie);
    if (status !== 200) throw new Error(`${r.name} (${r.url}) answered ${status}`);
  }
  return reads;
}

/** In equal shares by read: each request takes the next read of the next kind. */
function mix(reads: Read[]): (i: number) => Read {
  const kinds = [...new Set(reads.map((r) => r.name))].map((n) => reads.filter((r) => r.name === n));
  return (i) => {
    const of = kinds[i % kinds.length]!;
    return of[Math.floor(i / kinds.length) % of.length]!;
  };
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
const ms = (v: number) => (Number.isFinite(v) ? Math.round(v * 10) / 10 : NaN);

interface LoadResult {
  rate: number;
  achieved: number;
  errors: number;
  p50: number;
  p99: number;
  byRead: Record<string, { p50: number; p99: number }>;
}

/** `rate` requests a second for `seconds`, each timed from when it was due. */
async function fixedRate(base: string, rate: number, seconds: number, pick: (i: number) => Read): Promise<LoadResult> {
  const total = Math.round(rate * seconds);
  const times: { name: string; ms: number; ok: boolean }[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
      for (; sent < due; sent++) {
        const at = start + (sent / rate) * 1000;
        const r = pick(sent);
        pending.push(
          get(base, r.url, r.cookie).then((status) => void times.push({ name: r.name, ms: performance.now() - at, ok: status === 200 })),
        );
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 2);
    };
    tick();
  });
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
  const byRead: LoadResult['byRead'] = {};
  for (const name of new Set(times.map((t) => t.name))) {
    const s = times
      .filter((t) => t.name === name)
      .map((t) => t.ms)
      .sort((a, b) => a - b);
    byRead[name] = { p50: ms(pct(s, 50)), p99: ms(pct(s, 99)) };
  }
  return {
    rate,
    achieved: Math.round(times.length / elapsed),
    errors: times.filter((t) => !t.ok).length,
    p50: ms(pct(sorted, 50)),
    p99: ms(pct(sorted, 99)),
    byRead,
  };
}

/** Teachers of the seeded school signed in through the proxy, for sends. */
async function senders(topo: Topology, seed: Seed, count: number): Promise<HttpClient[]> {
  const people = [
    ...seed.credentials.teachers.map((t) => ({ email: t.email, password: t.password })),
    ...seed.samples.teachers.map((t) => ({ email: t.email, password: seed.credentials.sharedPassword })),
  ];
  // The named teachers first, with their own passwords (a sample may name one of them again).
  const unique = people.filter((p, i) => people.findIndex((q) => q.email === p.email) === i).slice(0, count);
  return Promise.all(unique.map((p) => new HttpClient(topo.proxyUrl, topo.proxyUrl).signIn(p.email, p.password)));
}

async function newConversation(c: HttpClient): Promise<string> {
  const res = await c.json<{ id: string }>('POST', '/api/conversations', {});
  if (res.status !== 201) throw new Error(`a new conversation answered ${res.status}`);
  return res.body.id;
}

/** Sends one message; resolves at the first word (ms after `from`) and keeps reading to the end. */
async function sendTimed(
  c: HttpClient,
  conversationId: string,
  from: number,
): Promise<{ ttft: number; done: Promise<void>; abort: () => void }> {
  const ac = new AbortController();
  const res = await fetch(`${c.base}/api/conversations/${conversationId}/messages`, {
    method: 'POST',
    signal: ac.signal,
    headers: { Origin: c.base, 'content-type': 'application/json', Cookie: cookieOf(c) },
    body: JSON.stringify({ idempotencyKey: randomUUID(), text: 'Explain photosynthesis to my class' }),
  });
  if (res.status !== 200 || !res.body) throw new Error(`a send answered ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let body = '';
  let ttft = NaN;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    body += decoder.decode(value, { stream: true });
    if (body.includes('"text-delta"')) {
      ttft = performance.now() - from;
      break;
    }
  }
  const done = (async () => {
    try {
      for (;;) if ((await reader.read()).done) return;
    } catch {
      // aborted
    }
  })();
  return { ttft, done, abort: () => ac.abort() };
}

async function burst(topo: Topology, fake: FakeGemini, clients: HttpClient[], n: number) {
  fake.core.set({ ttftMs: 0, tokensPerSecond: 200, tokensPerChunk: 5, replyTokens: 20 });
  const conversations = await Promise.all(Array.from({ length: n }, (_, i) => newConversation(clients[i % clients.length]!)));
  const from = performance.now();
  const sends = await Promise.all(conversations.map((id, i) => sendTimed(clients[i % clients.length]!, id, from)));
  await Promise.all(sends.map((s) => s.done));
  const sorted = sends.map((s) => s.ttft).sort((a, b) => a - b);
  return { sends: n, p50: ms(pct(sorted, 50)), p99: ms(pct(sorted, 99)), failed: sends.filter((s) => !Number.isFinite(s.ttft)).length };
}

/** `n` replies streaming slowly (a minute each), open until `stop`. */
async function streaming(fake: FakeGemini, clients: HttpClient[], n: number) {
  fake.core.set({ ttftMs: 200, tokensPerSecond: 10, tokensPerChunk: 2, replyTokens: 600 });
  const conversations = await Promise.all(Array.from({ length: n }, (_, i) => newConversation(clients[i % clients.length]!)));
  const sends = await Promise.all(conversations.map((id, i) => sendTimed(clients[i % clients.length]!, id, performance.now())));
  return { stop: () => sends.forEach((s) => s.abort()) };
}

interface Run {
  label: string;
  alone: LoadResult[];
  streaming: LoadResult[];
  burst?: { sends: number; p50: number; p99: number; failed: number };
}

async function measure(
  label: string,
  seed: Seed,
  fake: FakeGemini,
  options: { processes: number; pgliteDir?: string; rates: number[]; burstAndStreams: boolean },
): Promise<Run> {
  console.log(`\n## ${label}`);
  const topo = await startTopology({
    adminUrl,
    count: options.processes,
    existingDatabaseUrl: options.pgliteDir ? undefined : seed.database.url,
    pgliteDir: options.pgliteDir,
    env: {
      GEMINI_API_KEY: fake.core.apiKey,
      GEMINI_BASE_URL: `${fake.url}/v1beta`,
      AI_RATE_LIMIT_PER_MINUTE: '100000',
      AI_QUOTA_PREMIUM_TEXT: '100000',
      AI_QUOTA_FREE_TEXT: '100000',
    },
  });
  const run: Run = { label, alone: [], streaming: [] };
  try {
    const skip = (readEnv('BENCH_SKIP') ?? '').split(',').filter(Boolean);
    const reads = (await hotReads(topo, seed)).filter((r) => !skip.includes(r.name));
    const pick = mix(reads);
    await fixedRate(topo.proxyUrl, 50, 2, pick); // warm-up
    for (const rate of options.rates) {
      const r = await fixedRate(topo.proxyUrl, rate, SECONDS, pick);
      console.log(
        `reads alone at ${rate}/s: achieved ${r.achieved}/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}; ${JSON.stringify(r.byRead)}`,
      );
      run.alone.push(r);
    }
    if (options.burstAndStreams) {
      const clients = await senders(topo, seed, 60);
      run.burst = await burst(topo, fake, clients, STREAMS);
      console.log(`burst of ${STREAMS} sends: first word p50 ${run.burst.p50} ms, p99 ${run.burst.p99} ms, failed ${run.burst.failed}`);
      const open = await streaming(fake, clients, STREAMS);
      for (const rate of options.rates) {
        const r = await fixedRate(topo.proxyUrl, rate, SECONDS, pick);
        console.log(
          `reads at ${rate}/s with ${STREAMS} replies streaming: achieved ${r.achieved}/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}; ${JSON.stringify(r.byRead)}`,
        );
        run.streaming.push(r);
      }
      open.stop();
    }
  } finally {
    await topo.stop();
  }
  return run;
}

async function main() {
  if ((await ensureServerBuild()) !== 0) throw new Error('the server build failed');
  const seed = readSeed(readEnv('BENCH_SEED') ?? 'classbots_bench_seed');
  if (!seed) throw new Error('No seeded installation: run npm run bench:seed first (bench/results/seed-<database>.json).');
  const fake = await startFakeGemini();
  const runs: Run[] = [];
  try {
    for (const n of PROCESSES)
      runs.push(
        await measure(`PostgreSQL, ${n} process${n > 1 ? 'es' : ''}, scale ${seed.scale}`, seed, fake, {
          processes: n,
          rates: RATES,
          burstAndStreams: true,
        }),
      );
    const tenfold = readSeed(readEnv('BENCH_SEED_X10') ?? 'classbots_bench_seed_x10');
    if (tenfold) {
      const n = Math.max(...PROCESSES);
      runs.push(
        await measure(`PostgreSQL, ${n} processes, scale ${tenfold.scale}`, tenfold, fake, {
          processes: n,
          rates: [300],
          burstAndStreams: false,
        }),
      );
    } else console.log('\n(no tenfold installation: BENCH_SCALE=10 npm run bench:seed makes one)');
    const pgliteDir = readEnv('BENCH_PGLITE_DIR');
    const pgliteSeed = pgliteDir ? readSeed(`pglite-${path.basename(path.resolve(pgliteDir))}`) : undefined;
    if (pgliteDir && pgliteSeed)
      runs.push(
        await measure('PGlite, 1 process, scale 1', pgliteSeed, fake, { processes: 1, pgliteDir, rates: RATES, burstAndStreams: true }),
      );
    else console.log('\n(no PGlite installation: BENCH_DB=pglite DATA_DIR=<dir> npm run bench:seed, then BENCH_PGLITE_DIR=<dir>)');
  } finally {
    await fake.close();
    agent.destroy();
  }
  mkdirSync(results, { recursive: true });
  const file = path.join(results, `scale-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}.json`);
  writeFileSync(file, JSON.stringify(runs, null, 2));
  console.log(`\nResults: ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
