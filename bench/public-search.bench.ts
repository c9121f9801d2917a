// The searched Public tab of a large installation (issue 39, item 10; decision 281): seeds 10,000
// public DocBots of other teachers (BENCH_BOTS), each named and described with a few of ten
// classroom words, on PGlite and on PostgreSQL (its own database, created and dropped). Then times
// GET /api/bots?kind=DocBot&tab=public&q=...&limit=24 for a few queries, BENCH_RUNS times each
// (default 30) one after another, p50 and p99, in-process through the app; and the unsearched tab.
// npm run bench -- public-search   (BENCH_DB=pglite or postgres for one of them)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { createAppAuth, createStreamTimers, moduleHooks } from '../server/compose';
import { loadConfig } from '../server/config';
import { openPglite, type Database } from '../server/db/client';
import { withScratchPostgres } from './scratch-postgres';
import { createMailer } from '../server/lib/mailer';
import { createPasswordUser } from '../server/modules/users/users.service';

const BOTS = Number(process.env.BENCH_BOTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ORIGIN = 'http://localhost:3000';
/** What is searched: common words, a phrase, a word of a tenth of the names, no match at all, a typo. */
const QUERIES = ['essay rubric', 'fractions', 'lesson plan photosynthesis', 'photosynthesis', 'zzzz', 'fractoins'];

async function seed(database: Database) {
  const db = database.db;
  await createPasswordUser(db, { email: 'reader@bench-search.edu', password: 'password123', role: 'teacher', verified: true });
  await db.execute(sql`insert into "user" (id, name, email, email_verified, role)
    select 'bp-' || i, 'Teacher ' || i, 'teacher' || i || '@bench-search.edu', true, 'teacher' from generate_series(1, 100) i`);
  await db.execute(sql`insert into bot (owner_id, kind, visibility, name, description, settings, active_at)
    select 'bp-' || (i % 100 + 1), 'DocBot', 'public',
      w[i % 10 + 1] || ' helper ' || i,
      'A bot about ' || w[(i * 7) % 10 + 1] || ' and ' || w[(i * 3) % 10 + 1] || ' for grade ' || (i % 12),
      '{}'::jsonb, now() - i * interval '1 minute'
    from generate_series(0, ${BOTS - 1}) i,
      (select array['fractions', 'reading', 'essay', 'rubric', 'quiz', 'photosynthesis', 'behavior', 'vocabulary', 'history', 'cells'] as w) words`);
  await db.execute(sql`analyze`);
}

async function run(kind: 'PGlite' | 'PostgreSQL', database: Database) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cb-bench-search-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    BASE_URL: ORIGIN,
  });
  const mailer = createMailer(config);
  const auth = createAppAuth({ config, db: database.db, mailer, secret: config.authSecret! });
  const app = createApp({ config, database, auth, mailer, hooks: moduleHooks, timers: createStreamTimers() });
  const t0 = performance.now();
  await seed(database);
  console.log(`${kind}: seeded ${BOTS} public DocBots in ${Math.round(performance.now() - t0)} ms`);
  const signIn = await app.request(`${ORIGIN}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email: 'reader@bench-search.edu', password: 'password123' }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const rows: { query: string; runs: number; p50: number; p99: number; max: number; items: number }[] = [];
  const time = async (query: string | null) => {
    const url = `/api/bots?kind=DocBot&tab=public${query ? `&q=${encodeURIComponent(query)}` : ''}&limit=24`;
    const times: number[] = [];
    let items = 0;
    for (let i = 0; i < RUNS + 2; i++) {
      const started = performance.now();
      const res = await app.request(`${ORIGIN}${url}`, { headers: { cookie, origin: ORIGIN } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
      // The first two are the warm-up.
      if (i >= 2) times.push(performance.now() - started);
      items = (JSON.parse(body) as { items: unknown[] }).items.length;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round(times[Math.min(RUNS - 1, Math.ceil(q * RUNS) - 1)]! * 10) / 10;
    rows.push({ query: query ?? '(no query)', runs: RUNS, p50: at(0.5), p99: at(0.99), max: at(1), items });
  };
  await time(null);
  for (const q of QUERIES) await time(q);
  console.log(`\nGET /api/bots?kind=DocBot&tab=public&q=...&limit=24, ${kind}, ${BOTS} public bots`);
  console.log('query                          runs   p50 ms   p99 ms   max ms   items');
  for (const r of rows)
    console.log(
      `${r.query.padEnd(30)} ${String(r.runs).padStart(5)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.max).padStart(8)} ${String(r.items).padStart(7)}`,
    );
  rmSync(dataDir, { recursive: true, force: true });
  return rows;
}

const results: Record<string, unknown> = { bots: BOTS, runs: RUNS, load: os.loadavg() };
const only = process.env.BENCH_DB;
if (!only || only === 'pglite') {
  const database = await openPglite({});
  try {
    results.pglite = await run('PGlite', database);
  } finally {
    await database.close();
  }
}
if (!only || only === 'postgres') {
  results.postgres = await withScratchPostgres('bench_search', (database) => run('PostgreSQL', database));
}
mkdirSync('bench/results', { recursive: true });
writeFileSync(`bench/results/public-search-${Date.now()}.json`, JSON.stringify(results, null, 2));
