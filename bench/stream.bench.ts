// npm run bench:stream: what the app adds to a streamed reply on the paths users take (a DocBot
// run, a ChatBot turn, a student's tutor turn) over a plain Node pass-through to the same fake
// Gemini and over the provider SDK's stream alone (the floor of any app built on it): time to
// first token, per-chunk latency, memory and CPU per stream, at 20, 100 and 300 streams arriving
// over a ramp or in one burst; the CPU of a send before its model call by stage; the idle memory of
// the server as production starts it; and issue 15's targets, met or missed. Measures and
// reports; exits 0.
import { fork, spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { createApp } from '../server/app';
import { createAppAuth, createStreamTimers, moduleHooks } from '../server/compose';
import { loadConfig } from '../server/config';
import { openPglite, openPostgres, schema, type Database } from '../server/db/client';
import type { AppDeps, SendStage } from '../server/core/context';
import { createMailer } from '../server/lib/mailer';
import { createPasswordUser } from '../server/modules/users/users.service';
import { grantSubscription } from '../server/modules/operator/subscriptions.service';
import { createProvider } from '../server/ai/providers';
import type { AppStream, Plan, StreamResult, ToLoad, ToParent } from './stream-load';
import {
  arrivals as allArrivals,
  defaultTargets,
  isAppPath,
  runKey,
  targets as allTargets,
  type AppPath,
  type Arrival,
  type Target,
} from './stream-paths';

const env = process.env;
// BENCH_LEVELS=20 for a quick trial; BENCH_ARRIVAL=ramp|burst|both; BENCH_PATHS=sdk,tutor (any of the paths).
const levels = (env.BENCH_LEVELS ?? '20,100,300').split(',').map(Number);
const arrivals: Arrival[] = env.BENCH_ARRIVAL === 'ramp' || env.BENCH_ARRIVAL === 'burst' ? [env.BENCH_ARRIVAL] : [...allArrivals];
const paths: Target[] = env.BENCH_PATHS
  ? allTargets.filter((t) =>
      env
        .BENCH_PATHS!.split(',')
        .map((p) => p.trim())
        .includes(t),
    )
  : defaultTargets;
const appPaths = paths.filter(isAppPath);
const teacherCount = Math.max(1, Number(env.BENCH_USERS ?? 30));
const studentCount = Math.max(1, Number(env.BENCH_STUDENTS ?? 30));
const classSize = Math.max(1, Number(env.BENCH_CLASS_SIZE ?? 30));
const traceSends = Math.max(1, Number(env.BENCH_TRACE_SENDS ?? 20));
// The fake Gemini of issue 15: 400 ms to the first chunk, then 60 chunks at 25 a second (20 tokens each).
const fakeShape = {
  ttftMs: Number(env.BENCH_TTFT_MS ?? 400),
  chunks: Number(env.BENCH_CHUNKS ?? 60),
  chunksPerSecond: Number(env.BENCH_CHUNKS_PER_SECOND ?? 25),
  tokensPerChunk: Number(env.BENCH_TOKENS_PER_CHUNK ?? 20),
  // Issue 27: the classifier of a student's turn takes 400 ms per check.
  classifyMs: Number(env.BENCH_CLASSIFY_MS ?? 400),
};
const started = Date.now();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cb-bench-stream-'));
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const gc = (globalThis as { gc?: () => void }).gc;

const load = fork(path.join(repoRoot, 'bench', 'stream-load.ts'), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
const toLoad = (m: ToLoad) => load.send(m);
const fakeUrl = await new Promise<string>((resolve) =>
  load.once('message', (m: ToParent) => {
    if (m.type === 'ready') resolve(m.fakeUrl);
  }),
);

const origin = 'http://localhost:3000';
const authSecret = 'bench-secret-bench-secret-bench-secret-0';
const limits = { AI_RATE_LIMIT_PER_MINUTE: '1000000', AI_QUOTA_FREE_TEXT: '1000000', AI_QUOTA_PREMIUM_TEXT: '1000000' };
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  AUTH_SECRET: authSecret,
  BASE_URL: origin,
  GEMINI_API_KEY: 'bench-key',
  GEMINI_BASE_URL: fakeUrl,
  ...limits,
});
// BENCH_DB=postgres: a fresh database on the server of TEST_DATABASE_URL (default the local one), dropped after.
const onPostgres = env.BENCH_DB === 'postgres';
const adminUrl = env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const benchDbName = `cb_bench_${process.pid}`;
const benchDbUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${benchDbName}`;
  return url.toString();
})();
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
  database = await openPostgres(benchDbUrl, { max: Number(env.BENCH_PG_POOL ?? 20) });
} else {
  // As the server runs it (a worker thread), unless BENCH_PGLITE_THREAD=main.
  const thread = env.BENCH_PGLITE_THREAD === 'main' ? 'main' : 'worker';
  database = await openPglite({ dataDir: path.join(dataDir, 'db'), thread });
}
const db = database.db;
const mailer = createMailer(config);
const auth = createAppAuth({ config, db, mailer, secret: config.authSecret! });
// Kept by reference: sendTrace is set on it only while the traced sends run.
const deps: AppDeps = { config, database, auth, mailer, hooks: moduleHooks, timers: createStreamTimers() };
const app = createApp(deps);

// ---- The accounts and what they run -------------------------------------------------------------

async function api(cookie: string, method: string, route: string, body?: unknown) {
  const res = await app.request(`${origin}${route}`, {
    method,
    headers: { origin, cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, res };
}

async function account(email: string, role: 'teacher' | 'student', name: string) {
  const user = await createPasswordUser(db, { email, password: 'password123', role, verified: true, name });
  const signIn = await api('', 'POST', '/api/auth/sign-in/email', { email, password: 'password123' });
  const cookie = signIn.res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { id: user.id, email, name, cookie };
}

// What a teacher's bots know: a page of extracted text, as from an uploaded worksheet.
const knowledgeText = Array.from(
  { length: 40 },
  (_, i) => `Fractions, part ${i + 1}: a fraction names equal parts of a whole; to add fractions, first find a common denominator.`,
).join('\n');

async function createBot(cookie: string, body: Record<string, unknown>): Promise<string> {
  const res = await api(cookie, 'POST', '/api/bots', body);
  if (res.status !== 201) throw new Error(`bench: creating a bot failed (${res.status} ${JSON.stringify(res.body)})`);
  return res.body.id as string;
}

// Fresh conversations for every app stream: the warm-up's (one per account), the traced sends, each level.
const perRound = (ls: number[]) => ls.reduce((n, level) => n + (level === 1 ? 3 : level), 0);
// Memory is measured in bursts of its own at the targets' levels (100 and up), or at every level of a quick trial.
const memoryLevels = levels.some((l) => l >= 100) ? levels.filter((l) => l >= 100) : levels;
const streamsPerPath =
  teacherCount + traceSends + arrivals.length * perRound(levels) + (arrivals.includes('burst') ? perRound(memoryLevels) : 0);
const streams: Partial<Record<AppPath, AppStream[]>> = {};
const needs = (p: AppPath) => appPaths.includes(p);

// Teachers on Premium, each with a DocBot, a ChatBot and a TutorBot that know one file.
const teachers: (Awaited<ReturnType<typeof account>> & { docbot: string; chatbot: string; tutorbot: string })[] = [];
for (let t = 0; t < teacherCount; t++) {
  const a = await account(`bench-teacher${t}@example.org`, 'teacher', `Teacher ${t}`);
  await grantSubscription(db, { email: a.email, status: 'active' }, { kind: 'cli' });
  const fileId = randomUUID();
  await db.insert(schema.file).values({
    id: fileId,
    ownerId: a.id,
    name: `fractions-${t}.txt`,
    size: knowledgeText.length,
    declaredType: 'text/plain',
    sniffedType: 'text/plain',
    purpose: 'knowledge',
    status: 'ready',
    storageKey: `bench/${fileId}`,
    sha256: '0'.repeat(64),
    extractedText: knowledgeText,
  });
  const knowledgeFileIds = [fileId];
  teachers.push({
    ...a,
    docbot: await createBot(a.cookie, {
      kind: 'DocBot',
      name: 'Fractions worksheet',
      description: 'Practice sheets',
      icon: { type: 'emoji', emoji: '🧮' },
      instructions: 'Write a worksheet with ten exercises and the answers at the end.',
      knowledgeFileIds,
      settings: {
        formInputs: [
          { key: 'topic', label: 'Topic', kind: 'text', required: true },
          { key: 'level', label: 'Level', kind: 'select', options: ['Easy', 'Hard'], default: 'Easy' },
        ],
        outputFormat: '# Title',
        canGenerateImages: false,
      },
    }),
    chatbot: await createBot(a.cookie, {
      kind: 'ChatBot',
      name: 'Lesson planner',
      instructions: 'Help plan lessons on fractions.',
      knowledgeFileIds,
      settings: { welcomeMessage: 'Hi', starterPrompts: ['Plan a lesson'] },
    }),
    tutorbot: await createBot(a.cookie, {
      kind: 'TutorBot',
      name: 'Fractions tutor',
      instructions: 'Lead with fractions of a pizza.',
      knowledgeFileIds,
      settings: { subject: 'Math', gradeLevel: 'Grade 5', tutoringStyle: 'socratic', welcomeMessage: 'Hi! Ready for fractions?' },
    }),
  });
}
const teacherOf = (i: number) => teachers[i % teacherCount]!;

if (needs('docbot')) {
  streams.docbot = Array.from({ length: streamsPerPath }, (_, i) => ({
    cookie: teacherOf(i).cookie,
    startRun: { botId: teacherOf(i).docbot, values: { topic: 'Adding fractions', level: 'Easy' } },
    text: 'Write the document from the form. ({marker})',
  }));
}
// ChatBot conversations, and one more: the idle server's warm-up request.
let idleWarmup: AppStream;
{
  const chatCount = (needs('chatbot') ? streamsPerPath : 0) + 1;
  const rows = await db
    .insert(schema.conversation)
    .values(
      Array.from({ length: chatCount }, (_, i) => ({
        ownerId: teacherOf(i).id,
        title: 'Lesson planner',
        botId: teacherOf(i).chatbot,
        botKind: 'chatbot' as const,
      })),
    )
    .returning({ id: schema.conversation.id });
  await db.insert(schema.botRun).values(rows.map((r, i) => ({ conversationId: r.id, botId: teacherOf(i).chatbot, inputs: [] })));
  const all = rows.map((r, i) => ({ cookie: teacherOf(i).cookie, send: `/api/conversations/${r.id}/messages`, text: 'Question {marker}' }));
  idleWarmup = all.pop()!;
  if (needs('chatbot')) streams.chatbot = all;
}
// The teacher's own turn on the same TutorBot (its preview): the first word a student's should match.
if (needs('preview')) {
  const rows = await db
    .insert(schema.conversation)
    .values(
      Array.from({ length: streamsPerPath }, (_, i) => ({
        ownerId: teacherOf(i).id,
        title: 'Fractions tutor',
        botId: teacherOf(i).tutorbot,
        botKind: 'tutorbot' as const,
      })),
    )
    .returning({ id: schema.conversation.id });
  await db.insert(schema.botRun).values(rows.map((r, i) => ({ conversationId: r.id, botId: teacherOf(i).tutorbot, inputs: [] })));
  streams.preview = rows.map((r, i) => ({
    cookie: teacherOf(i).cookie,
    send: `/api/conversations/${r.id}/messages`,
    text: 'Question {marker}',
  }));
}
if (needs('assistant')) {
  const rows = await db
    .insert(schema.conversation)
    .values(Array.from({ length: streamsPerPath }, (_, i) => ({ ownerId: teacherOf(i).id })))
    .returning({ id: schema.conversation.id });
  streams.assistant = rows.map((r, i) => ({
    cookie: teacherOf(i).cookie,
    send: `/api/conversations/${r.id}/messages`,
    text: 'Question {marker}',
  }));
}
if (needs('tutor')) {
  // Students in classes of classSize (class k is teacher k's), linked to their accounts; every
  // class has as many assignments of its teacher's TutorBot as needed for one fresh, started
  // record (and so conversation) per stream. Stream j is student j's (mod the students).
  const students: (Awaited<ReturnType<typeof account>> & { classId: string; entryId: string; teacher: (typeof teachers)[number] })[] = [];
  const classes: { id: string; teacher: (typeof teachers)[number] }[] = [];
  for (let s = 0; s < studentCount; s++) {
    const k = Math.floor(s / classSize);
    if (!classes[k]) {
      const teacher = teacherOf(k);
      const [klass] = await db
        .insert(schema.teacherClass)
        .values({ ownerId: teacher.id, name: `Period ${k + 1} Math` })
        .returning();
      classes[k] = { id: klass!.id, teacher };
    }
    const a = await account(`bench-student${s}@pupils.example.org`, 'student', `Pupil Number${s}`);
    const [entry] = await db
      .insert(schema.rosterEntry)
      .values({ classId: classes[k].id, email: a.email, name: a.name, userId: a.id })
      .returning();
    students.push({ ...a, classId: classes[k].id, entryId: entry!.id, teacher: classes[k].teacher });
  }
  const rounds = Math.ceil(streamsPerPath / studentCount);
  const assignmentOf = new Map<string, string[]>();
  for (const klass of classes) {
    const rows = await db
      .insert(schema.assignment)
      .values(
        Array.from({ length: rounds }, (_, r) => ({
          ownerId: klass.teacher.id,
          botId: klass.teacher.tutorbot,
          title: `Adding fractions ${r + 1}`,
          instructions: 'Work through three problems with the tutor.',
        })),
      )
      .returning({ id: schema.assignment.id });
    await db.insert(schema.assignmentClass).values(rows.map((r) => ({ assignmentId: r.id, classId: klass.id })));
    assignmentOf.set(
      klass.id,
      rows.map((r) => r.id),
    );
  }
  const list: AppStream[] = [];
  for (let r = 0; r < rounds; r++) {
    const conversations = await db
      .insert(schema.conversation)
      .values(
        students.map((s) => ({
          ownerId: s.id,
          title: `Adding fractions ${r + 1}`,
          botId: s.teacher.tutorbot,
          botKind: 'tutorbot' as const,
        })),
      )
      .returning({ id: schema.conversation.id });
    const now = new Date();
    const records = await db
      .insert(schema.studentAssignment)
      .values(
        students.map((s, i) => ({
          assignmentId: assignmentOf.get(s.classId)![r]!,
          email: s.email,
          name: s.name,
          rosterEntryId: s.entryId,
          studentId: s.id,
          status: 'in_progress' as const,
          conversationId: conversations[i]!.id,
          startedAt: now,
          lastActiveAt: now,
        })),
      )
      .returning({ id: schema.studentAssignment.id });
    records.forEach((rec, i) =>
      list.push({ cookie: students[i]!.cookie, send: `/api/my-assignments/${rec.id}/messages`, text: 'Question {marker}' }),
    );
  }
  streams.tutor = list.slice(0, streamsPerPath);
}

const appServer = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as http.Server;
await new Promise((r) => appServer.once('listening', r));
// Kept-alive connections outlive the pauses between runs: a socket closed by the server just as the
// client reuses it fails the send, where a browser would retry it.
const keepAlive = (server: http.Server) => (server.keepAliveTimeout = 120_000);
keepAlive(appServer);

/** A server answering each POSTed `{ text }` of the load side with `answer`. */
async function textServer(answer: (text: string, res: http.ServerResponse) => void) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => answer((JSON.parse(body) as { text: string }).text, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  keepAlive(server);
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

// ---- Measuring ----------------------------------------------------------------------------------

const memory = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};
const cpuMicros = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
const perStream: Record<string, number> = {};
const notAllOpen: Record<string, number> = {};
// How busy this process's event loop was while a path ran a level: past about 0.8, new requests queue.
const busy: Record<string, number> = {};
const cpuPerStream: Record<string, number> = {};
let current: { key: string; elu: ReturnType<typeof performance.eventLoopUtilization>; cpu: number } | undefined;
let memoryRuns: Record<string, StreamResult[]> = {};
let idleMemory = 0;
const stages: SendStage[] = ['session', 'validation', 'database', 'prompt', 'sdk'];
const traced: Partial<Record<AppPath, { stage: Record<SendStage, number>; sends: number; cpu: number }>> = {};
let tracing: { target: AppPath; cpu: number } | undefined;

const plan: Plan = {
  urls: {
    app: `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`,
    pass: `http://127.0.0.1:${(passServer.address() as AddressInfo).port}`,
    sdk: `http://127.0.0.1:${(sdkServer.address() as AddressInfo).port}`,
  },
  origin,
  paths,
  streams,
  levels,
  arrivals,
  warmupStreams: teacherCount,
  traceSends,
  fake: fakeShape,
  // 5 chunks a second: 12 s streams, long enough for every stream of a burst to be open at once.
  memory: { levels: memoryLevels, chunksPerSecond: Number(env.BENCH_MEMORY_CHUNKS_PER_SECOND ?? 5) },
  // A class's streams starting over 4 s (the ramp), or all in the same instant (the burst).
  rampMs: 4000,
};

const results = await new Promise<Record<string, StreamResult[]>>((resolve) => {
  load.on('message', (m: ToParent) => {
    if (m.type === 'start') {
      gc?.();
      idleMemory = memory();
      current = m.phase === 'latency' ? { key: m.key, elu: performance.eventLoopUtilization(), cpu: cpuMicros() } : undefined;
      toLoad({ type: 'go' });
    } else if (m.type === 'end') {
      if (current?.key === m.key) {
        const level = Number(m.key.split('/')[2]);
        busy[m.key] = performance.eventLoopUtilization(current.elu).utilization;
        cpuPerStream[m.key] = (cpuMicros() - current.cpu) / 1000 / (level === 1 ? 3 : level);
      }
      current = undefined;
      toLoad({ type: 'go' });
    } else if (m.type === 'measure') {
      // A negative count: not every stream was open at once; the figure is then marked.
      if (m.open < 0) {
        notAllOpen[m.key] = -m.open;
        return;
      }
      gc?.();
      perStream[m.key] = Math.max(0, memory() - idleMemory) / m.open;
    } else if (m.type === 'trace') {
      const target = m.target as AppPath;
      if (m.on) {
        const t = { stage: Object.fromEntries(stages.map((s) => [s, 0])) as Record<SendStage, number>, sends: 0, cpu: 0 };
        traced[target] = t;
        deps.sendTrace = (stage, micros) => {
          t.stage[stage] += micros;
          if (stage === 'sdk') t.sends++;
        };
        tracing = { target, cpu: cpuMicros() };
      } else if (tracing) {
        deps.sendTrace = undefined;
        traced[target]!.cpu = cpuMicros() - tracing.cpu;
        tracing = undefined;
      }
      toLoad({ type: 'go' });
    } else if (m.type === 'done') {
      load.off('exit', early);
      memoryRuns = m.memoryRuns;
      resolve(m.results);
    }
  });
  const early = (code: number | null) => {
    console.log(`The load process ended early (exit ${code}).`);
    process.exit(0);
  };
  load.once('exit', early);
  toLoad({ type: 'plan', plan });
});

// The checks of students' replies (issue 27): how many each reply got, and their metered tokens.
const checkRows = await db
  .select({ kind: schema.aiUsage.kind, role: schema.user.role, tokens: schema.aiUsage.inputTokens, out: schema.aiUsage.outputTokens })
  .from(schema.aiUsage)
  .innerJoin(schema.user, eq(schema.user.id, schema.aiUsage.userId));
const studentReplies = checkRows.filter((r) => r.kind === 'text' && r.role === 'student').length;
const checkUsage = checkRows.filter((r) => r.kind === 'moderation');
const checkTokens = checkUsage.reduce((a, r) => a + r.tokens + r.out, 0);

await new Promise((r) => appServer.close(r));
passServer.close();
sdkServer.close();
upstream.destroy();
await database.close();

// ---- The idle server: started as `npm start` starts it, one warm-up send, then its RSS ----------

async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function idleServerRss(): Promise<{ rssMb: number } | { error: string }> {
  // As npm start runs it: the compiled server (built first when missing or stale), plain Node.
  const { ensureServerBuild } = (await import(path.join(repoRoot, 'scripts', 'lib.mjs'))) as { ensureServerBuild: () => Promise<number> };
  if ((await ensureServerBuild()) !== 0) return { error: 'the server build failed' };
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    cwd: repoRoot,
    env: {
      PATH: env.PATH,
      HOME: env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: origin,
      DATA_DIR: dataDir,
      AUTH_SECRET: authSecret,
      GEMINI_API_KEY: 'bench-key',
      GEMINI_BASE_URL: fakeUrl,
      ...limits,
      ...(onPostgres ? { DATABASE_URL: benchDbUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    const up = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 120_000);
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (d: string) => {
        if (d.includes('ClassBots is running')) {
          clearTimeout(timer);
          resolve(true);
        }
      });
      child.once('exit', () => resolve(false));
    });
    child.stderr.resume();
    if (!up) return { error: 'the server did not start' };
    const w = idleWarmup;
    const res = await fetch(`http://127.0.0.1:${port}${w.send}`, {
      method: 'POST',
      headers: { origin, cookie: w.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ idempotencyKey: 'bench-idle-warmup', text: w.text.replace('{marker}', 'bench-idle-warmup') }),
    });
    await res.text();
    if (res.status !== 200) return { error: `the warm-up request answered ${res.status}` };
    await new Promise((r) => setTimeout(r, 2000));
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    return { rssMb: kb / 1024 };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
const idle = await idleServerRss().catch((err: unknown) => ({ error: String(err) }));
toLoad({ type: 'exit' });
if (onPostgres) await admin(`drop database if exists "${benchDbName}"`);
rmSync(dataDir, { recursive: true, force: true });

// ---- Report -------------------------------------------------------------------------------------

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const signed = (n: number, digits = 1) => (Number.isFinite(n) && n >= 0 ? `+${f(n, digits)}` : f(n, digits));

interface Row {
  ttft50: number;
  ttft95: number;
  lat50: number;
  lat99: number;
  share: number;
  cpuMs: number;
  busy: number;
  complete: number;
  total: number;
  /** The incomplete streams by HTTP status and chunks received. */
  failures: string;
}
const rows: Record<string, Row> = {};
for (const [key, rs] of Object.entries(results)) {
  const ok = rs.filter((r) => r.ok);
  const expected = ok.reduce((a, r) => a + r.expectedMs, 0);
  const actual = ok.reduce((a, r) => a + r.actualMs, 0);
  const bad = new Map<string, number>();
  for (const r of rs) {
    const why = `${r.status}${r.error ? ` ${r.error}` : ''}/${r.chunks}`;
    if (!r.ok) bad.set(why, (bad.get(why) ?? 0) + 1);
  }
  const ttfts = ok.map((r) => r.ttft);
  const latencies = ok.flatMap((r) => r.latencies);
  rows[key] = {
    ttft50: pct(ttfts, 50),
    ttft95: pct(ttfts, 95),
    lat50: pct(latencies, 50),
    lat99: pct(latencies, 99),
    share: actual > 0 ? Math.min(1, expected / actual) : NaN,
    cpuMs: cpuPerStream[key] ?? NaN,
    busy: busy[key] ?? NaN,
    complete: ok.length,
    total: rs.length,
    failures: [...bad].map(([k, n]) => `${n} x status/chunks ${k}`).join(', '),
  };
}
const row = (t: Target, a: Arrival, n: number) => rows[runKey(t, a, n)];
/** Memory per open stream, from the burst of its own (undefined when not every stream was open at once). */
const memKb = (t: Target, n: number) => {
  const key = runKey(t, 'burst', n);
  return notAllOpen[key] ? undefined : (perStream[key] ?? NaN) / 1024;
};
const memText = (t: Target, n: number) => {
  const key = runKey(t, 'burst', n);
  if (notAllOpen[key]) return `n/a (${notAllOpen[key]} open)`;
  return perStream[key] === undefined ? '-' : `${f(perStream[key] / 1024, 0)} KiB`;
};

const dbName = onPostgres ? 'PostgreSQL' : 'PGlite';
console.log(
  `\nStreaming on the paths users take (fake Gemini: first chunk after ${fakeShape.ttftMs} ms, then ${fakeShape.chunks} chunks at ${fakeShape.chunksPerSecond}/s of ${fakeShape.tokensPerChunk} tokens; database ${dbName}; ${teacherCount} teachers, ${studentCount} students in classes of ${classSize}${gc ? '' : '; run with --expose-gc for steadier memory figures'})\n`,
);
for (const line of [
  "Paths: pass = a plain Node pipe to the fake; sdk = the provider SDK's Gemini stream alone (no sign-in, database or bookkeeping:",
  'the floor of any app built on the SDK); docbot = POST /api/bots/:id/runs with the form, then the first generation (TTFT from the',
  "run's start); chatbot = a ChatBot turn (POST /api/conversations/:id/messages); tutor = a student's turn on an assignment",
  "(POST /api/my-assignments/:asid/messages); assistant = the teacher's plain assistant. Every app stream has a fresh conversation.",
  "CPU/stream = this process's CPU over the level divided by its streams (streaming and the final write included); busy = its",
  `event-loop utilisation; memory/stream = heap and external memory per open stream, from a burst of its own at ${plan.memory.chunksPerSecond} chunks/s`,
  '(so that every stream is open at once; the forced GC of the measurement would show in the chunk latencies of a timed run);',
  `complete = streams with every chunk.\n`,
])
  console.log(line);
for (const arrival of arrivals) {
  console.log(
    `Arrival: ${arrival === 'burst' ? 'burst (all sends in the same instant)' : `ramp (the sends start over ${plan.rampMs / 1000} s)`}`,
  );
  console.log('streams | path      | TTFT p50 |      p95 | chunk p50 |      p99 |    rate | memory/stream | CPU/stream | busy | complete');
  for (const level of levels) {
    for (const target of paths) {
      const r = row(target, arrival, level);
      if (!r) continue;
      const mem = arrival === 'burst' ? memText(target, level) : '-';
      console.log(
        `${String(level).padStart(7)} | ${target.padEnd(9)} | ${f(r.ttft50).padStart(5)} ms | ${f(r.ttft95).padStart(5)} ms | ${f(r.lat50, 2).padStart(6)} ms | ${f(r.lat99).padStart(5)} ms | ${f(r.share * 100, 1).padStart(6)}% | ${mem.padStart(13)} | ${f(r.cpuMs, 2).padStart(7)} ms | ${f(r.busy, 2)} | ${r.complete}/${r.total}${r.failures ? ` (${r.failures})` : ''}`,
      );
    }
    const k = row('sdk', arrival, level);
    if (k) {
      const over = appPaths
        .filter((p) => row(p, arrival, level))
        .map((p) => {
          const r = row(p, arrival, level)!;
          return `${p} TTFT p50 ${signed(r.ttft50 - k.ttft50)} ms, chunk p99 ${signed(r.lat99 - k.lat99)} ms`;
        });
      if (over.length) console.log(`${' '.repeat(7)} | over sdk: ${over.join('; ')}`);
    }
  }
  console.log('');
}

if (appPaths.length) {
  console.log(`CPU of a send before its model call, by stage: mean of ${traceSends} sends made one at a time on a quiet process, in ms.`);
  console.log(
    "whole send = the process's CPU over those sends divided by their number: also the HTTP request, the run's start (DocBot), the one-chunk reply and its write.",
  );
  console.log('path      | session | validation | database | prompt | SDK set-up | before the model call | whole send');
  for (const p of appPaths) {
    const t = traced[p];
    if (!t || !t.sends) {
      console.log(`${p.padEnd(9)} | no traced send reached the model`);
      continue;
    }
    const ms = (micros: number) => f(micros / 1000 / t.sends, 2);
    const before = stages.reduce((a, s) => a + t.stage[s], 0);
    console.log(
      `${p.padEnd(9)} | ${ms(t.stage.session).padStart(7)} | ${ms(t.stage.validation).padStart(10)} | ${ms(t.stage.database).padStart(8)} | ${ms(t.stage.prompt).padStart(6)} | ${ms(t.stage.sdk).padStart(10)} | ${ms(before).padStart(21)} | ${f(t.cpu / 1000 / traceSends, 2).padStart(10)}`,
    );
  }
  for (const line of [
    "session: the signed-in user (a teacher's plan and school too); validation: the body, size, safety and record checks; database: the reads",
    'and the one write before the call (the run spec included); prompt: history, instructions, redaction; SDK set-up: the provider request',
    'built and sent, until its answer starts.\n',
  ])
    console.log(line);
}

// Issue 15's targets, in the burst.
const limitsFor = onPostgres ? { ttft100: 60, ttft300: 200, idleMb: 150 } : { ttft100: 100, ttft300: 300, idleMb: 250 };
const lines: [boolean | undefined, string][] = [];
const notRun = (what: string) => lines.push([undefined, `${what}: not measured (that level or path was not run in the burst)`]);
for (const p of appPaths) {
  for (const [n, limit] of [
    [100, limitsFor.ttft100],
    [300, limitsFor.ttft300],
  ] as const) {
    const a = row(p, 'burst', n);
    const k = row('sdk', 'burst', n);
    const what = `${p}: TTFT p50 at ${n} streams within ${limit} ms of sdk`;
    if (!a || !k) notRun(what);
    else lines.push([a.ttft50 - k.ttft50 <= limit, `${what}: ${signed(a.ttft50 - k.ttft50)} ms (${f(a.ttft50)} vs ${f(k.ttft50)} ms)`]);
  }
  const a = row(p, 'burst', 100);
  const k = row('sdk', 'burst', 100);
  const chunk = `${p}: chunk latency p99 at 100 streams within 15 ms of sdk`;
  if (!a || !k) notRun(chunk);
  else lines.push([a.lat99 - k.lat99 <= 15, `${chunk}: ${f(a.lat99)} vs ${f(k.lat99)} ms`]);
  const cpu = `${p}: CPU per stream at 100 streams at most 12 ms`;
  if (!a) notRun(cpu);
  else
    lines.push([
      a.cpuMs <= 12,
      `${cpu}: ${f(a.cpuMs, 2)} ms (pass ${f(row('pass', 'burst', 100)?.cpuMs ?? NaN, 2)}, sdk ${f(k?.cpuMs ?? NaN, 2)} ms)`,
    ]);
  for (const n of [100, 300]) {
    const what = `${p}: memory per open stream at ${n} streams at most sdk's + 40 KiB`;
    if (!levels.includes(n) || !arrivals.includes('burst') || !paths.includes('sdk')) notRun(what);
    else {
      const [am, km] = [memKb(p, n), memKb('sdk', n)];
      if (am === undefined || km === undefined) lines.push([undefined, `${what}: not measurable (not every stream was open at once)`]);
      else lines.push([am <= km + 40, `${what}: ${f(am, 0)} vs ${f(km, 0)} KiB`]);
    }
  }
}
if ('rssMb' in idle) {
  lines.push([
    idle.rssMb <= limitsFor.idleMb,
    `idle memory after start and one warm-up request (a ChatBot send) at most ${limitsFor.idleMb} MB on ${dbName}: ${f(idle.rssMb, 0)} MiB RSS of the compiled server`,
  ]);
} else {
  lines.push([undefined, `idle memory: not measured (${idle.error})`]);
}
for (const t of paths) {
  const all = [...Object.entries(results), ...Object.entries(memoryRuns)].filter(([key]) => key.startsWith(`${t}/`));
  const total = all.reduce((a, [, rs]) => a + rs.length, 0);
  const complete = all.reduce((a, [, rs]) => a + rs.filter((r) => r.ok).length, 0);
  const why = new Map<string, number>();
  for (const [key, rs] of all)
    for (const r of rs.filter((x) => !x.ok)) {
      const k = `${key.split('/').slice(1).join(' ')}${key in memoryRuns && rs === memoryRuns[key] ? ' (memory)' : ''}: status ${r.status}${r.error ? ` ${r.error}` : ''}, ${r.chunks} chunks`;
      why.set(k, (why.get(k) ?? 0) + 1);
    }
  lines.push([
    complete === total,
    `${t}: every stream complete (${fakeShape.chunks} of ${fakeShape.chunks} chunks) at every level: ${complete} of ${total}${why.size ? ` (${[...why].map(([k, n]) => `${n} x ${k}`).join('; ')})` : ''}`,
  ]);
}
console.log(`Targets (issue 15; burst arrival, ${dbName})`);
for (const [met, text] of lines) console.log(`  ${met === undefined ? '-     ' : met ? 'MET   ' : 'MISSED'}  ${text}`);

// Issue 27: a student sees the tutor write, in checked pieces.
const student: [boolean | undefined, string][] = [];
const classify = fakeShape.classifyMs;
for (const arrival of arrivals)
  for (const n of levels) {
    const a = row('tutor', arrival, n);
    const t = row('preview', arrival, n);
    const what = `a student's first word (p50) at ${n} streams (${arrival}) no later than the teacher's on the same TutorBot + one check (${classify} ms) + 100 ms`;
    if (!a || !t) student.push([undefined, `${what}: not measured`]);
    else
      student.push([
        a.ttft50 <= t.ttft50 + classify + 100,
        `${what}: ${f(a.ttft50)} vs ${f(t.ttft50)} ms (${signed(a.ttft50 - t.ttft50 - classify)} ms over the check)`,
      ]);
  }
const updates = Object.entries(results)
  .filter(([key]) => key.startsWith('tutor/'))
  .flatMap(([, rs]) => rs.filter((r) => r.ok).map((r) => r.chunks));
student.push([
  updates.length ? Math.min(...updates) >= 5 : undefined,
  `at least 5 separate text updates reach the student for a ${fakeShape.chunks}-chunk reply: fewest ${updates.length ? Math.min(...updates) : 'n/a'}, median ${f(pct(updates, 50), 0)} over ${updates.length} replies`,
]);
student.push([
  undefined,
  `checks per student reply (the message's check included): ${f(checkUsage.length / Math.max(1, studentReplies), 1)}; metered moderation tokens per reply: ${f(checkTokens / Math.max(1, studentReplies), 0)} (${checkUsage.length} checks over ${studentReplies} replies, warm-up and traced sends included)`,
]);
{
  const a = row('tutor', 'burst', 100);
  const c = row('chatbot', 'burst', 100);
  const what = `the tutor burst at 100 streams, less its one check, within 100 ms of the ChatBot burst`;
  if (!a || !c) student.push([undefined, `${what}: not measured`]);
  else
    student.push([
      a.ttft50 - classify - c.ttft50 <= 100,
      `${what}: ${signed(a.ttft50 - classify - c.ttft50)} ms (${f(a.ttft50)} vs ${f(c.ttft50)} ms)`,
    ]);
}
console.log(`\nTargets (issue 27; ${dbName}; a classifier that takes ${classify} ms per check)`);
for (const [met, text] of student) console.log(`  ${met === undefined ? '-     ' : met ? 'MET   ' : 'MISSED'}  ${text}`);
console.log(`\nFinished in ${Math.round((Date.now() - started) / 1000)} s.`);
process.exit(0);
