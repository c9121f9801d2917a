// npm start: build the web app if needed, then run the server (migrating the database on start).
import { spawn } from 'node:child_process';
import { ensureWebBuild } from './lib.mjs';

const built = await ensureWebBuild();
if (built !== 0) process.exit(built);

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
