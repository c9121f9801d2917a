// npm start: build the web app and the server if needed, then run the compiled server with plain
// Node (migrating the database on start). Development and tests run the sources through tsx.
// This is what runs as a service, so it defaults to NODE_ENV=production: mail links (sign-in,
// password reset) go only to the mail, never to the log (npm run dev prints them).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureServerBuild, ensureWebBuild, serviceEnv } from './lib.mjs';

const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.warn(
    `Node ${process.versions.node} is past its end of life (Node 20 ended on 30 April 2026). ClassBots still runs and is tested on it, but use Node 22 or 24 (see README, "Node versions").`,
  );
}

// --no-build: a service whose app folder is read-only runs what `npm run build` made at install time.
if (process.argv.includes('--no-build')) {
  if (!existsSync('dist/server/main.js')) {
    console.error('dist/server is missing: run npm run build first (npm start -- --no-build builds nothing).');
    process.exit(1);
  }
  if (!existsSync('dist/web/index.html')) console.warn('dist/web is missing: the API runs, but the web app is not served (npm run build).');
} else {
  for (const ensure of [ensureWebBuild, ensureServerBuild]) {
    const built = await ensure();
    if (built !== 0) process.exit(built);
  }
}

const env = serviceEnv(process.env);
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit', env });
// A service manager stops npm with SIGTERM; npm passes it here, and the server finishes its open
// requests and closes the database before it exits 0. A second signal (systemd signals the whole
// group) is harmless: the server stops once.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
