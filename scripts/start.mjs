// npm start: build the web app and the server if needed, then run the compiled server with plain
// Node (migrating the database on start). Development and tests run the sources through tsx.
import { spawn } from 'node:child_process';
import { ensureServerBuild, ensureWebBuild } from './lib.mjs';

for (const ensure of [ensureWebBuild, ensureServerBuild]) {
  const built = await ensure();
  if (built !== 0) process.exit(built);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
