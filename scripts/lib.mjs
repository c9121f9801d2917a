// Small helpers shared by the project's scripts (start, dev, test).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(`could not run ${cmd}: ${err.message}`);
      resolve(1);
    });
  });
}

/** The newest modification time of any file under these paths (folders walked). */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules') walk(path.join(p, entry));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  paths.forEach(walk);
  return newest;
}

/** Builds the web app when dist/web is missing or older than its sources. */
export async function ensureWebBuild() {
  const index = 'dist/web/index.html';
  const sources = newestMtime(['web', 'contract', 'vite.config.ts', 'package-lock.json']);
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return 0;
  console.log('Building the web app (dist/web is missing or older than its sources)...');
  return run('npx', ['vite', 'build', '--logLevel', 'warn']);
}
