// The school dashboard on a year of data for a 5,000-student school (issue 18, item 3): seeds one
// school (150 teachers in 5 buildings, 200 classes of 25 students, a TutorBot per teacher, one
// assignment record and conversation per student) and a year of ai_usage in SQL (generate_series),
// plus another school's rows the index must skip, on PGlite and on PostgreSQL (its own database,
// created and dropped). Then times GET /api/school-admin/dashboard for 30 days, 90 days and the
// year (p50 and max of a few runs) and each CSV export of the year, in-process through the app.
// npm run bench -- school-dashboard   (BENCH_ROWS=... to change the school's row count)
//
// With BENCH_SEEDED, it seeds nothing and reads an installation of `npm run bench:seed` instead
// (decision 279): BENCH_SEEDED=postgres://.../classbots_bench_seed or BENCH_SEEDED=<PGlite DATA_DIR>,
// migrated first, signed in as its admin; the 30-day read BENCH_RUNS times (default 100) one after
// another, p50, p99 and max, then BENCH_YEAR_RUNS runs of the year (default 20); then the 30-day
// read at each steady rate of BENCH_RATES (a list, default 100 a second; an open loop for
// BENCH_SECONDS, default 10: a request's time counts from when it was due, so a read slower than
// the rate shows its queue), and its capacity: BENCH_CONCURRENCY reads (default 4) back to back
// for BENCH_SECONDS, reads a second. In-process through the app (no HTTP): what the read costs the
// machine, the load generator beside it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { createAppAuth, createStreamTimers, moduleHooks } from '../server/compose';
import { loadConfig } from '../server/config';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { withScratchPostgres } from './scratch-postgres';
import { createMailer } from '../server/lib/mailer';
import { createPasswordUser } from '../server/modules/users/users.service';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_500_000);
const OTHER_ROWS = Math.round(ROWS / 5);
const ORIGIN = 'http://localhost:3000';

async function seed(database: Database) {
  const db = database.db;
  const t0 = performance.now();
  await db.execute(sql`insert into school_licence (id, schoolname, domain, domains, admins)
    values ('00000000-0000-4000-8000-000000000001', 'Bench Academy', 'bench-dash.edu', array['bench-dash.edu'], array['admin@bench-dash.edu']),
           ('00000000-0000-4000-8000-000000000002', 'Other School', 'other-dash.edu', array['other-dash.edu'], array[]::text[])`);
  await createPasswordUser(db, { email: 'admin@bench-dash.edu', password: 'password123', role: 'teacher', verified: true });
  // 150 teachers on the list in 5 buildings, each with a TutorBot.
  await db.execute(sql`insert into "user" (id, name, email, email_verified, role)
    select 'bt-' || i, 'Teacher ' || i, 'teacher' || i || '@bench-dash.edu', true, 'teacher' from generate_series(1, 150) i`);
  await db.execute(sql`insert into school_teacher (school_id, email, building)
    select '00000000-0000-4000-8000-000000000001', 'teacher' || i || '@bench-dash.edu', 'Building ' || (i % 5 + 1) from generate_series(1, 150) i`);
  await db.execute(sql`insert into bot (id, owner_id, kind, name, settings)
    select md5('bot' || i)::uuid, 'bt-' || i, 'TutorBot', 'Tutor ' || i, '{}'::jsonb from generate_series(1, 150) i`);
  // 200 classes of 25 students: class c belongs to teacher (c % 150) + 1; one assignment per class.
  await db.execute(sql`insert into teacher_class (id, owner_id, name)
    select md5('class' || c)::uuid, 'bt-' || (c % 150 + 1), 'Class ' || c from generate_series(1, 200) c`);
  await db.execute(sql`insert into assignment (id, owner_id, bot_id, title)
    select md5('asg' || c)::uuid, 'bt-' || (c % 150 + 1), md5('bot' || (c % 150 + 1))::uuid, 'Work ' || c from generate_series(1, 200) c`);
  await db.execute(sql`insert into "user" (id, name, email, email_verified, role)
    select 'bs-' || s, 'Student ' || s, 'student' || s || '@pupils.bench', true, 'student' from generate_series(1, 5000) s`);
  await db.execute(sql`insert into roster_entry (id, class_id, email, name, user_id)
    select md5('re' || s)::uuid, md5('class' || ((s - 1) / 25 + 1))::uuid, 'student' || s || '@pupils.bench', 'Student ' || s, 'bs-' || s
    from generate_series(1, 5000) s`);
  await db.execute(sql`insert into conversation (id, owner_id, title)
    select md5('conv' || s)::uuid, 'bs-' || s, 'Assignment' from generate_series(1, 5000) s`);
  await db.execute(sql`insert into student_assignment (assignment_id, email, name, roster_entry_id, student_id, conversation_id, status)
    select md5('asg' || ((s - 1) / 25 + 1))::uuid, 'student' || s || '@pupils.bench', 'Student ' || s, md5('re' || s)::uuid, 'bs-' || s,
      md5('conv' || s)::uuid, 'in_progress'
    from generate_series(1, 5000) s`);
  const seeded = performance.now();
  // A year of calls: 3 in 4 a student's tutor turn (with its moderation pass every other one), the
  // rest a teacher's own assistant call; 1 in 20 an image; a few errors and interrupted runs.
  await db.execute(sql`insert into ai_usage (user_id, pool_owner_id, school_id, bot_id, conversation_id, kind, provider, model,
      input_tokens, output_tokens, images, outcome, created_at)
    select
      case when g % 4 = 0 then 'bt-' || (g % 150 + 1) else 'bs-' || (g % 5000 + 1) end,
      case when g % 4 = 0 then 'bt-' || (g % 150 + 1) else 'bt-' || (((g % 5000) / 25 + 1) % 150 + 1) end,
      '00000000-0000-4000-8000-000000000001'::uuid,
      case when g % 4 = 0 then null else md5('bot' || (((g % 5000) / 25 + 1) % 150 + 1))::text end,
      case when g % 4 = 0 then null else md5('conv' || (g % 5000 + 1))::uuid end,
      case when g % 20 = 8 then 'image' when g % 8 = 3 then 'moderation' else 'text' end,
      'gemini', 'gemini-2.5-flash',
      200 + g % 800, 50 + g % 400, case when g % 20 = 8 then 1 else 0 end,
      case when g % 50 = 7 then 'error' when g % 97 = 5 then 'interrupted' else 'ok' end,
      now() - ((g % 365) || ' days')::interval - ((g % 86400) || ' seconds')::interval
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`insert into ai_usage (user_id, pool_owner_id, school_id, kind, provider, model, input_tokens, output_tokens, outcome, created_at)
    select 'ot-' || (g % 40), 'ot-' || (g % 40), '00000000-0000-4000-8000-000000000002'::uuid, 'text', 'gemini', 'gemini-2.5-flash', 100, 100, 'ok',
      now() - ((g % 365) || ' days')::interval
    from generate_series(1, ${OTHER_ROWS}) g`);
  await db.execute(sql`analyze`);
  return { setupMs: Math.round(seeded - t0), usageMs: Math.round(performance.now() - seeded) };
}

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

async function run(kind: 'PGlite' | 'PostgreSQL', database: Database) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cb-bench-dash-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    BASE_URL: ORIGIN,
  });
  const mailer = createMailer(config);
  const auth = createAppAuth({ config, db: database.db, mailer, secret: config.authSecret! });
  const app = createApp({ config, database, auth, mailer, hooks: moduleHooks, timers: createStreamTimers() });
  const seeded = await seed(database);
  console.log(`${kind}: seeded the school in ${seeded.setupMs} ms, ${ROWS + OTHER_ROWS} ai_usage rows in ${seeded.usageMs} ms`);
  const signIn = await app.request(`${ORIGIN}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email: 'admin@bench-dash.edu', password: 'password123' }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const get = async (url: string) => {
    const started = performance.now();
    const res = await app.request(`${ORIGIN}${url}`, { headers: { cookie, origin: ORIGIN } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
    return { ms: performance.now() - started, body };
  };
  const rows: { case: string; runs: number; p50: number; max: number; note: string }[] = [];
  const time = async (title: string, url: string, runs: number, note: (body: string) => string) => {
    const times: number[] = [];
    let last = '';
    for (let i = 0; i < runs; i++) {
      const r = await get(url);
      times.push(r.ms);
      last = r.body;
    }
    times.sort((a, b) => a - b);
    rows.push({ case: title, runs, p50: Math.round(times[Math.floor((runs - 1) / 2)]!), max: Math.round(times.at(-1)!), note: note(last) });
  };
  const gens = (body: string) => {
    const d = JSON.parse(body) as { totals: { generations: number; activeStudents: number } };
    return `${d.totals.generations} generations, ${d.totals.activeStudents} students`;
  };
  await get('/api/school-admin/dashboard'); // warm-up
  await time('GET 30 days', `/api/school-admin/dashboard?from=${day(29)}&to=${day(0)}`, 5, gens);
  await time('GET 90 days', `/api/school-admin/dashboard?from=${day(89)}&to=${day(0)}`, 5, gens);
  await time('GET 365 days', `/api/school-admin/dashboard?from=${day(364)}&to=${day(0)}`, 3, gens);
  for (const table of ['daily', 'teachers', 'buildings', 'bots', 'classes'])
    await time(
      `export ${table}, 365 days`,
      `/api/school-admin/dashboard/export/${table}?from=${day(364)}&to=${day(0)}`,
      2,
      (b) => `${b.trimEnd().split('\n').length - 1} rows`,
    );
  console.log(`\nGET /api/school-admin/dashboard, ${kind}, ${ROWS} rows of the school (+${OTHER_ROWS} of another)`);
  console.log('case                          runs   p50 ms   max ms   result');
  for (const r of rows)
    console.log(`${r.case.padEnd(28)} ${String(r.runs).padStart(5)} ${String(r.p50).padStart(8)} ${String(r.max).padStart(8)}   ${r.note}`);
  rmSync(dataDir, { recursive: true, force: true });
  return rows;
}

/** Times the dashboard on an installation of bench:seed (BENCH_SEEDED), signed in as its admin. */
async function runSeeded(target: string) {
  const pgTarget = target.startsWith('postgres');
  const database = pgTarget ? await openPostgres(target, { max: 4 }) : await openPglite({ dataDir: path.join(target, 'db') });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cb-bench-dash-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    BASE_URL: ORIGIN,
  });
  const mailer = createMailer(config);
  const auth = createAppAuth({ config, db: database.db, mailer, secret: config.authSecret! });
  const app = createApp({ config, database, auth, mailer, hooks: moduleHooks, timers: createStreamTimers() });
  try {
    const signIn = await app.request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ email: 'principal@lakeside.bench.edu', password: 'bench-admin-pass' }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const timed = async (url: string, runs: number) => {
      const times: number[] = [];
      let body = '';
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        const res = await app.request(`${ORIGIN}${url}`, { headers: { cookie, origin: ORIGIN } });
        body = await res.text();
        if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => Math.round(times[Math.min(runs - 1, Math.ceil(q * runs) - 1)]! * 10) / 10;
      const d = JSON.parse(body) as { totals: { generations: number; activeStudents: number }; bots: unknown[] };
      return { runs, p50: at(0.5), p99: at(0.99), max: at(1), kb: Math.round(body.length / 1024), generations: d.totals.generations };
    };
    await timed('/api/school-admin/dashboard', 3); // warm-up
    /** One read; false when it failed (under overload: no pooled connection within 5 s). */
    const once = async (url: string) => {
      const res = await app.request(`${ORIGIN}${url}`, { headers: { cookie, origin: ORIGIN } });
      await res.text();
      return res.status === 200;
    };
    let errors = 0;
    const summary = (times: number[], elapsedMs: number) => {
      times.sort((a, b) => a - b);
      const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]! * 10) / 10;
      const failed = errors;
      errors = 0;
      const perSecond = Math.round(((times.length - failed) / elapsedMs) * 1000);
      return { reads: times.length, errors: failed, perSecond, p50: at(0.5), p99: at(0.99), max: at(1) };
    };
    const seconds = Number(process.env.BENCH_SECONDS ?? 10);
    /** `rate` reads a second for `seconds`, each timed from when it was due. */
    const atRate = async (url: string, rate: number) => {
      const total = Math.round(rate * seconds);
      const times: number[] = [];
      const pending: Promise<void>[] = [];
      const start = performance.now();
      let sent = 0;
      await new Promise<void>((resolve) => {
        const tick = () => {
          // Read k is due at k / rate seconds: sent on the first tick at or after it.
          const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
          for (; sent < due; sent++) {
            const at = start + (sent / rate) * 1000;
            pending.push(
              once(url).then((ok) => {
                if (!ok) errors++;
                times.push(performance.now() - at);
              }),
            );
          }
          if (sent >= total) resolve();
          else setTimeout(tick, 2);
        };
        tick();
      });
      await Promise.all(pending);
      return { rate, ...summary(times, performance.now() - start) };
    };
    /** `concurrency` reads back to back for `seconds`: the reads a second the machine carries. */
    const capacity = async (url: string, concurrency: number) => {
      const times: number[] = [];
      const start = performance.now();
      const until = start + seconds * 1000;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < until) {
            const t = performance.now();
            if (!(await once(url))) errors++;
            times.push(performance.now() - t);
          }
        }),
      );
      return { concurrency, ...summary(times, performance.now() - start) };
    };
    const url30 = '/api/school-admin/dashboard';
    const out = {
      target: pgTarget ? new URL(target).pathname.slice(1) : target,
      days30: await timed(url30, Number(process.env.BENCH_RUNS ?? 100)),
      days365: await timed(`/api/school-admin/dashboard?from=${day(364)}&to=${day(0)}`, Number(process.env.BENCH_YEAR_RUNS ?? 20)),
      steady: [] as Awaited<ReturnType<typeof atRate>>[],
      capacity: undefined as Awaited<ReturnType<typeof capacity>> | undefined,
    };
    for (const rate of (process.env.BENCH_RATES ?? '100').split(',').filter(Boolean).map(Number))
      if (rate > 0) out.steady.push(await atRate(url30, rate));
    const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
    if (concurrency > 0) out.capacity = await capacity(url30, concurrency);
    console.log(JSON.stringify(out));
    return out;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Record<string, unknown> = { rows: ROWS, otherRows: OTHER_ROWS };
const only = process.env.BENCH_DB;
if (process.env.BENCH_SEEDED) {
  results.seeded = await runSeeded(process.env.BENCH_SEEDED);
} else if (!only || only === 'pglite') {
  const database = await openPglite({});
  try {
    results.pglite = await run('PGlite', database);
  } finally {
    await database.close();
  }
}
if (!process.env.BENCH_SEEDED && (!only || only === 'postgres')) {
  results.postgres = await withScratchPostgres('bench_dash', (database) => run('PostgreSQL', database));
}
mkdirSync('bench/results', { recursive: true });
writeFileSync(`bench/results/school-dashboard-${Date.now()}.json`, JSON.stringify(results, null, 2));
