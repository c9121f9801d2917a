// What npm run dev and npm run dev:fake-ai share: the port settings, and the API server in watch
// mode beside Vite with hot reload, stopped together.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function port(env, name, fallback) {
  const raw = env[name]?.trim() || String(fallback);
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65535) {
    console.error(`${name} must be a port number from 1 to 65535 (it is "${raw}").`);
    process.exit(2);
  }
  return n;
}

/**
 * The development ports: PORT is the API server's (as for npm start), WEB_PORT is Vite's, the
 * address people open. API_PORT, the old name of PORT here, is still read when PORT is unset.
 */
export function devSettings(env = process.env) {
  const apiPort = port(env, env.PORT?.trim() ? 'PORT' : 'API_PORT', 3000);
  const webPort = port(env, 'WEB_PORT', 5173);
  if (apiPort === webPort) {
    console.error(`PORT and WEB_PORT must differ (both are ${apiPort}).`);
    process.exit(2);
  }
  const webUrl = `http://localhost:${webPort}`;
  return {
    apiPort,
    webPort,
    webUrl,
    env: {
      ...env,
      PORT: String(apiPort),
      // vite.config.ts proxies /api to this port.
      API_PORT: String(apiPort),
      BASE_URL: env.BASE_URL?.trim() || webUrl,
      TRUSTED_ORIGINS: env.TRUSTED_ORIGINS?.trim() || webUrl,
    },
  };
}

/** Polls a URL until it answers (any status), the deadline passes, or `alive` turns false. */
export async function waitForUrl(url, { timeoutMs = 120_000, alive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && alive()) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  return false;
}

/**
 * Starts the API server (tsx watch) and Vite, then prints the address to open once both answer
 * (and `ready` lines after it). Either one stopping stops the other; SIGINT and SIGTERM stop both.
 * Resolves with the exit code once both have ended.
 */
export function startDev(settings, { ready = [] } = {}) {
  const { apiPort, webPort, webUrl, env } = settings;
  const node = process.execPath;
  // Each child in its own process group, so a Ctrl-C reaches it once, from stop() below, and not
  // also from the terminal. No stdin: a background group reading the terminal would be stopped.
  const childStdio = ['ignore', 'inherit', 'inherit'];
  const children = [
    spawn(node, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'server/main.ts'], {
      cwd: root,
      stdio: childStdio,
      env,
      detached: true,
    }),
    spawn(node, [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', String(webPort), '--strictPort'], {
      cwd: root,
      stdio: childStdio,
      env,
      detached: true,
    }),
  ];
  let stopping = false;
  let code = 0;
  // One SIGTERM each: tsx watch takes a second signal as "force kill", which would cut the
  // server's shutdown (and the embedded database's close) short.
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const ended = Promise.all(
    children.map(
      (c) =>
        new Promise((resolve) =>
          c.on('exit', (exitCode, signal) => {
            if (!stopping && exitCode !== 0) code = exitCode ?? (signal ? 1 : 0);
            stop();
            resolve();
          }),
        ),
    ),
  ).then(() => code);

  const alive = () => !stopping;
  void Promise.all([waitForUrl(`http://127.0.0.1:${apiPort}/api/health`, { alive }), waitForUrl(`${webUrl}/`, { alive })]).then(
    ([api, web]) => {
      if (!api || !web) return;
      console.log(
        ['', `Ready: open ${webUrl} (Vite on WEB_PORT ${webPort}, passing /api to the API server on PORT ${apiPort}).`, ...ready, ''].join(
          '\n',
        ),
      );
    },
  );
  return { ended, stop };
}
