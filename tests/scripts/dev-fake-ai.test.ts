import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../server/config';
import { runCaptured } from '../../server/cli/captured.test-helpers';

// npm run dev:fake-ai from the state a newcomer reaches by signing up first: an account exists and
// the demo does not. Ports are picked free at random, since other people use this machine too.

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'classbots-dev-fake-ai-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

interface Started {
  child: ChildProcess;
  output: () => string;
}

/** Starts the script and resolves once it prints the address to open. */
async function start(ports: { api: number; web: number; fake: number }): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev-fake-ai.mjs'], {
    cwd: root,
    // A bare environment: no DATABASE_URL or AI keys from the machine running the tests.
    env: {
      PATH: readEnv('PATH') ?? '',
      HOME: readEnv('HOME') ?? dataDir,
      DATA_DIR: dataDir,
      PORT: String(ports.api),
      WEB_PORT: String(ports.web),
      FAKE_AI_PORT: String(ports.fake),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  // Ready when it prints the address; not when it exits first or stays silent for 150 s.
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 150_000);
    const settle = (ok: boolean) => {
      clearTimeout(timer);
      resolve(ok);
    };
    child.stdout.on('data', () => {
      if (out.includes('Ready: open')) settle(true);
    });
    child.once('exit', () => settle(out.includes('Ready: open')));
  });
  if (!ready) {
    child.kill('SIGKILL');
    throw new Error(`dev:fake-ai did not get ready within 150 s:\n${out}`);
  }
  return { child, output: () => out };
}

/** SIGTERM, as Ctrl-C or a process manager would; resolves with the exit code. */
async function stop({ child }: Started): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
  child.kill('SIGTERM');
  const code = await exited;
  clearTimeout(kill);
  return code;
}

const signIns = (out: string) => out.split('\n').filter((l) => /^ {2}\S+@\S+\.demo\s/.test(l));

describe('npm run dev:fake-ai', () => {
  it('loads the demo beside an existing account, prints the sign-ins and the address, honours the ports, and stops cleanly', async () => {
    const created = await runCaptured(['user:create', '--email', 'first.try@example.org', '--password', 'password123', '--verified'], {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
    });
    expect(created.code, created.err).toBe(0);
    const ports = { api: await freePort(), web: await freePort(), fake: await freePort() };

    const run = await start(ports);
    let out = run.output();
    try {
      expect(out).toContain('Demo data of Riverside Middle School (riverside.demo): added the school, 11 account(s)');
      const lines = signIns(out);
      expect(lines).toHaveLength(11);
      expect(out).toContain(`Fake Gemini listening on http://127.0.0.1:${ports.fake}`);
      expect(out).toContain(
        `Ready: open http://localhost:${ports.web} (Vite on WEB_PORT ${ports.web}, passing /api to the API server on PORT ${ports.api}).`,
      );

      // The suggested sign-in works through the address people open, and the demo is there.
      const [, email, password] = /Sign in as (\S+) with (\S+) /.exec(out)!;
      const web = `http://localhost:${ports.web}`;
      const signIn = await fetch(`${web}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: web },
        body: JSON.stringify({ email, password }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const bots = (await (await fetch(`${web}/api/bots?kind=ChatBot&tab=mine`, { headers: { cookie } })).json()) as { items: unknown[] };
      expect(bots.items).toHaveLength(1);
      const ai = (await (await fetch(`http://127.0.0.1:${ports.api}/api/ai`, { headers: { cookie } })).json()) as {
        testProvider?: boolean;
      };
      expect(ai.testProvider).toBe(true);

      // Billing without internet: the free teacher's Upgrade opens the fake Stripe's Checkout page.
      expect(out).toMatch(/Fake Stripe listening on http:\/\/127\.0\.0\.1:\d+/);
      const [, freeEmail, freePassword] = /^ {2}(\S+)\s+(\S+)\s+free individual teacher$/m.exec(out)!;
      const freeSignIn = await fetch(`${web}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: web },
        body: JSON.stringify({ email: freeEmail, password: freePassword }),
      });
      const freeCookie = freeSignIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const checkout = await fetch(`${web}/api/billing/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: web, cookie: freeCookie },
        body: JSON.stringify({ interval: 'month' }),
      });
      expect(checkout.status).toBe(200);
      const { url } = (await checkout.json()) as { url: string };
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_/);
      expect((await fetch(url)).status).toBe(200);
    } finally {
      expect(await stop(run)).toBe(0);
    }
    for (const port of Object.values(ports)) expect(await listening(port), `port ${port}`).toBe(false);

    // Started again: nothing is added, and the same sign-ins are printed.
    const again = await start(ports);
    out = again.output();
    expect(await stop(again)).toBe(0);
    expect(out).toContain('Demo data of Riverside Middle School (riverside.demo) is all in place; nothing was added.');
    expect(signIns(out)).toEqual(signIns(run.output()));
  }, 360_000);
});
