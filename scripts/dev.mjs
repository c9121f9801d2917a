// npm run dev: the API server in watch mode on API_PORT (3000) and Vite with hot reload on 5173.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3000';
const env = {
  ...process.env,
  PORT: apiPort,
  API_PORT: apiPort,
  BASE_URL: process.env.BASE_URL ?? 'http://localhost:5173',
  TRUSTED_ORIGINS: process.env.TRUSTED_ORIGINS ?? 'http://localhost:5173',
};
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
console.log('Open http://localhost:5173 (Vite, proxying /api to the server on port ' + apiPort + ').');
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
