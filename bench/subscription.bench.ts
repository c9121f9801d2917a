// The subscription check runs on every navigation and every API permission check: measure
// GET /api/subscription for a signed-in school teacher over real HTTP on the embedded database.
// Target: a school's worth of navigation (50 checks a second) answered with p99 under 150 ms.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { serve } from '@hono/node-server';
import { createApp } from '../server/app';
import { createAppAuth, createStreamTimers, moduleHooks } from '../server/compose';
import { loadConfig } from '../server/config';
import { openPglite, schema } from '../server/db/client';
import { createMailer } from '../server/lib/mailer';
import { createPasswordUser } from '../server/modules/users/users.service';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cb-bench-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0',
  BASE_URL: 'http://localhost:3000',
});
const database = await openPglite({});
const mailer = createMailer(config);
const auth = createAppAuth({ config, db: database.db, mailer, secret: config.authSecret! });
const app = createApp({ config, database, auth, mailer, hooks: moduleHooks, timers: createStreamTimers() });

const [licence] = await database.db
  .insert(schema.schoolLicence)
  .values({ schoolname: 'Bench High', domain: 'bench.edu', domains: ['bench.edu'], admins: [] })
  .returning();
await database.db.insert(schema.schoolTeacher).values({ schoolId: licence!.id, email: 'teacher@bench.edu', building: 'A' });
await createPasswordUser(database.db, { email: 'teacher@bench.edu', password: 'password123', role: 'teacher', verified: true });

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((r) => server.once('listening', r));
const { port } = server.address() as AddressInfo;
const base = `http://127.0.0.1:${port}`;
const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
  body: JSON.stringify({ email: 'teacher@bench.edu', password: 'password123' }),
});
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');

async function measure(title: string, opts: Partial<autocannon.Options>) {
  const r = await autocannon({ url: `${base}/api/subscription`, headers: { cookie }, duration: 8, connections: 10, ...opts });
  return { title, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const rows = [await measure('max throughput, 10 connections', {}), await measure('fixed 50 req/s', { overallRate: 50 })];
// The load generator shares this process with the server, so figures are conservative.
const target = { p99AtFixedRateMs: 150 };
console.log('\nGET /api/subscription (signed-in school teacher, PGlite)');
console.log('case                              req/s   p50 ms   p99 ms   errors');
for (const r of rows)
  console.log(
    `${r.title.padEnd(32)} ${String(r.rps).padStart(6)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(8)}`,
  );
const fixed = rows[1]!;
console.log(
  `target: p99 at 50 req/s under ${target.p99AtFixedRateMs} ms: ${fixed.p99 <= target.p99AtFixedRateMs ? 'met' : 'MISSED'} (${fixed.p99} ms)`,
);

mkdirSync('bench/results', { recursive: true });
writeFileSync(`bench/results/subscription-${Date.now()}.json`, JSON.stringify({ rows, target }, null, 2));
server.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
