#!/usr/bin/env node
// The browser tests: build the web app if its sources changed, seed a temporary DATA_DIR, start
// the server on a free port, run e2e/**/*.spec.ts in Chromium with vitest, then stop the server
// and delete the data. Extra arguments go to vitest (a file filter, -t "name").
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  openSync,
  closeSync,
  copyFileSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const node = process.execPath;
const log = (msg) => console.log(`[e2e] ${msg}`);
const started = performance.now();
/** Seconds spent in each stage, printed at the end so a slow run says where its time went. */
const stageTimes = [];
async function timed(stage, fn) {
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    stageTimes.push(`${stage} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
}

function ensureChromium() {
  if (existsSync(chromium)) return;
  if (process.getuid?.() === 0) {
    log('Chromium is missing: installing it with apt-get (a minute or so)');
    const r = spawnSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq chromium'], { stdio: 'inherit' });
    if (r.status === 0 && existsSync(chromium)) return;
  }
  console.error(
    `[e2e] Chromium was not found at ${chromium}.\n  Install it with:  sudo apt-get install -y chromium\n  or point CHROMIUM_PATH at a Chromium or Chrome binary.`,
  );
  process.exit(2);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function ensureBuild() {
  const index = path.join(root, 'dist/web/index.html');
  const sources = Math.max(
    newestMtime(path.join(root, 'web')),
    newestMtime(path.join(root, 'contract')),
    statSync(path.join(root, 'vite.config.ts')).mtimeMs,
  );
  // The browser specs' build offers the pseudo-locales (e2e/i18n): a production build without them is rebuilt.
  const assets = path.join(root, 'dist/web/assets');
  const withPseudo = existsSync(assets) && readdirSync(assets).some((f) => f.startsWith('pseudo-'));
  if (existsSync(index) && statSync(index).mtimeMs >= sources && withPseudo) return log('dist/web is up to date');
  log('building the web app (vite build, with the pseudo-locales)');
  const r = spawnSync(node, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_PSEUDO_LOCALES: '1' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/**
 * One browser run at a time per checkout: runs share dist/web, which a run rebuilds when the
 * sources changed, so a second run would swap the app under the first one's pages.
 */
async function takeRunLock() {
  const lock = path.join(root, 'dist', '.e2e.lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  for (let waited = 0; ; waited++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      process.once('exit', () => rmSync(lock, { force: true }));
      return;
    } catch (err) {
      if (err?.code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(lock, 'utf8'));
      let alive = false;
      try {
        process.kill(holder, 0);
        alive = Number.isInteger(holder) && holder > 0;
      } catch {
        alive = false;
      }
      if (!alive) {
        rmSync(lock, { force: true });
        continue;
      }
      if (waited % 15 === 0) log(`waiting for another browser run of this checkout (pid ${holder}) to finish`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) return false;
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

function stopServer(server) {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

ensureChromium();
await timed('waiting for another run', takeRunLock);
await timed('build', ensureBuild);

const dataDir = mkdtempSync(path.join(tmpdir(), 'classbots-e2e-'));
const stateDir = path.join(dataDir, 'sessions');
const serverLog = path.join(dataDir, 'server.log');
// Every request body the fake Gemini received (e2e/fixtures/fake-ai-record.ts).
const fakeAiRecord = path.join(dataDir, 'fake-ai-requests.jsonl');
const port = await freePort();
const baseUrl = `http://localhost:${port}`;
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: path.join(dataDir, 'data'),
  BASE_URL: baseUrl,
  SUPPORT_EMAIL: 'support@classbots.test',
  NODE_ENV: 'test',
};
let server;
let browserServer;
let fakeAi;
let fakeStripe;
let fakeGoogle;
let fakeGoogleUrl;
let code = 1;
try {
  // The fake Gemini (e2e/fixtures/fake-ai.ts) answers every AI call, as the test provider.
  fakeAi = spawn(node, ['--import', 'tsx', 'e2e/fixtures/fake-ai.ts'], {
    cwd: root,
    env: { ...process.env, FAKE_AI_RECORD: fakeAiRecord },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const fakeUrl = await new Promise((resolve, reject) => {
    let out = '';
    fakeAi.stdout.on('data', (d) => {
      out += d;
      const m = /FAKE_AI_URL=(\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    fakeAi.once('exit', () => reject(new Error('the fake AI server stopped before listening')));
  });
  Object.assign(env, {
    GEMINI_API_KEY: 'fake-e2e-key',
    GEMINI_BASE_URL: fakeUrl,
    AI_PROVIDER: 'gemini',
    AI_TEST_PROVIDER: 'true',
    OPENAI_COMPATIBLE_BASE_URL: '',
    AI_RATE_LIMIT_PER_MINUTE: '300',
  });
  log(`fake Gemini at ${fakeUrl}`);

  // The fake Stripe (tests/fakes/stripe-server.ts): Checkout's Pay page posts its signed webhooks here.
  const webhookSecret = 'whsec_fake_e2e';
  fakeStripe = spawn(node, ['--import', 'tsx', 'tests/fakes/stripe-server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      FAKE_STRIPE_PORT: '0',
      FAKE_STRIPE_WEBHOOK_URL: `${baseUrl}/api/billing/webhook`,
      FAKE_STRIPE_WEBHOOK_SECRET: webhookSecret,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stripeUrl = await new Promise((resolve, reject) => {
    let out = '';
    fakeStripe.stdout.on('data', (d) => {
      out += d;
      const m = /FAKE_STRIPE_URL=(\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    fakeStripe.once('exit', () => reject(new Error('the fake Stripe server stopped before listening')));
  });
  Object.assign(env, {
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_MONTHLY: 'price_month_fake',
    STRIPE_PRICE_YEARLY: 'price_year_fake',
    STRIPE_API_URL: stripeUrl,
  });
  log(`fake Stripe at ${stripeUrl}`);

  // The fake Google (tests/fakes/google-classroom-server.ts): Classroom's OAuth and API, on the
  // Google sign-in's client; the Classroom spec sets its users and courses up through /_fake/*.
  const google = { id: 'e2e-client.apps.googleusercontent.com', secret: 'GOCSPX-e2e' };
  fakeGoogle = spawn(node, ['--import', 'tsx', 'tests/fakes/google-classroom-server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      FAKE_GOOGLE_CLIENT_ID: google.id,
      FAKE_GOOGLE_CLIENT_SECRET: google.secret,
      FAKE_GOOGLE_REDIRECT_URI: `${baseUrl}/api/classroom/callback`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  fakeGoogleUrl = await new Promise((resolve, reject) => {
    let out = '';
    fakeGoogle.stdout.on('data', (d) => {
      out += d;
      const m = /FAKE_GOOGLE_URL=(\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    fakeGoogle.once('exit', () => reject(new Error('the fake Google server stopped before listening')));
  });
  Object.assign(env, {
    GOOGLE_CLIENT_ID: google.id,
    GOOGLE_CLIENT_SECRET: google.secret,
    GOOGLE_OAUTH_AUTHORIZE_URL: `${fakeGoogleUrl}/o/oauth2/v2/auth`,
    GOOGLE_OAUTH_TOKEN_URL: `${fakeGoogleUrl}/token`,
    GOOGLE_CLASSROOM_API_URL: fakeGoogleUrl,
  });
  log(`fake Google at ${fakeGoogleUrl}`);

  log(`seeding ${env.DATA_DIR}`);
  await timed('seed', () => {
    const seed = spawnSync(node, ['--import', 'tsx', 'e2e/fixtures/seed.ts'], { cwd: root, env, stdio: 'inherit' });
    if (seed.status !== 0) throw new Error('the seed failed');
  });

  const out = openSync(serverLog, 'a');
  server = spawn(node, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', out, out] });
  closeSync(out);
  log(`starting the server at ${baseUrl}`);
  if (!(await timed('server start', () => waitForHealth(baseUrl, server, 120_000)))) {
    console.error(readFileSync(serverLog, 'utf8'));
    throw new Error('the server did not answer /api/health within 120 s');
  }

  // One Chromium for the run: each spec file connects to it (e2e/fixtures/browser.ts useBrowser)
  // and makes its own contexts, so files stay apart without a browser launch each.
  const { chromium: chromiumType } = await import('playwright-core');
  browserServer = await chromiumType.launchServer({
    executablePath: chromium,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });

  const report = path.join(dataDir, 'report.json');
  // npm test passes --json-out FILE to collect the counts; everything else goes to vitest.
  const args = process.argv.slice(2);
  const at = args.indexOf('--json-out');
  const jsonOut = at >= 0 ? path.resolve(args.splice(at, 2)[1] ?? '') : null;
  log('running the browser specs (e2e/**/*.spec.ts) in Chromium');
  const vitest = spawn(
    node,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      'e2e/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...args,
    ],
    {
      cwd: root,
      // E2E_DATA_DIR: specs read the mails the server writes to DATA_DIR/mail (no SMTP_URL here).
      env: {
        ...process.env,
        E2E_BASE_URL: baseUrl,
        E2E_STATE_DIR: stateDir,
        E2E_DATA_DIR: env.DATA_DIR,
        E2E_FAKE_AI_RECORD: fakeAiRecord,
        E2E_FAKE_GOOGLE_URL: fakeGoogleUrl,
        E2E_BROWSER_WS: browserServer.wsEndpoint(),
      },
      stdio: 'inherit',
    },
  );
  code = await timed('specs', () => new Promise((resolve) => vitest.once('exit', (c) => resolve(c ?? 1))));
  const failures = [];
  if (existsSync(report)) {
    if (jsonOut) copyFileSync(report, jsonOut);
    const r = JSON.parse(readFileSync(report, 'utf8'));
    log(
      `files: ${r.testResults?.length ?? '?'}; tests: ${r.numTotalTests} (${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + (r.numTodoTests ?? 0)} skipped)`,
    );
    // The slowest files: where the next minute of a run is to be won.
    const byTime = (r.testResults ?? [])
      .map((f) => ({ name: path.relative(root, f.name), s: ((f.endTime ?? 0) - (f.startTime ?? 0)) / 1000 }))
      .sort((a, b) => b.s - a.s);
    log(
      `slowest files: ${byTime
        .slice(0, 8)
        .map((f) => `${f.name} ${f.s.toFixed(0)} s`)
        .join(', ')}`,
    );
    // The failed tests by name, so a CI log that keeps only its tail still says what failed.
    for (const file of r.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status === 'passed' && t.failureMessages?.length) {
          failures.push(`flaky (passed on its retry): ${path.relative(root, file.name)} > ${t.fullName}`);
        }
        if (t.status !== 'failed') continue;
        const first = String(t.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        // The line of the spec that failed: a spec has many waits and the message names none.
        const at = /\S+\.spec\.ts:(\d+):\d+/.exec(String(t.failureMessages?.[0] ?? ''))?.[1];
        failures.push(`failed: ${path.relative(root, file.name)}${at ? `:${at}` : ''} > ${t.fullName}: ${first}`);
      }
    }
  }
  if (code !== 0) {
    const tail = readFileSync(serverLog, 'utf8').split('\n').slice(-40).join('\n');
    console.error(`[e2e] server log (last lines):\n${tail}`);
  }
  for (const line of failures) log(line);
} catch (err) {
  console.error(`[e2e] ${err instanceof Error ? err.message : String(err)}`);
  code = 1;
} finally {
  if (browserServer) await browserServer.close().catch(() => {});
  if (server) await stopServer(server);
  if (fakeAi && fakeAi.exitCode === null) fakeAi.kill('SIGTERM');
  if (fakeStripe && fakeStripe.exitCode === null) fakeStripe.kill('SIGTERM');
  if (fakeGoogle && fakeGoogle.exitCode === null) fakeGoogle.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
log(`times: ${stageTimes.join(', ')}; total ${((performance.now() - started) / 1000).toFixed(1)} s`);
log(code === 0 ? 'passed' : 'FAILED');
process.exit(code);
