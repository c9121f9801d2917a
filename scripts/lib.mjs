// Small helpers shared by the project's scripts (start, dev, test).
import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/**
 * Runs a command with its output (stdout and stderr, in the order written) going to a file
 * instead of the terminal, so stages that run side by side can print theirs whole when they end.
 * Resolves with the exit code.
 */
export function runToFile(cmd, args, file, options = {}) {
  return new Promise((resolve) => {
    const out = createWriteStream(file);
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    let done = false;
    const finish = (code) => {
      if (done) return;
      done = true;
      out.end(() => resolve(code));
    };
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      out.write(`could not run ${cmd}: ${err.message}\n`);
      finish(1);
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

// The server as plain JavaScript for production (npm start): server/ and contract/ bundled by
// esbuild into dist/server, packages left in node_modules as installed. Every output file sits in
// dist/server itself (no subfolders), so paths the code takes from import.meta.url work the same
// from any chunk; migrations are copied beside them. tsx still runs the sources in development and tests.
const root = path.resolve(import.meta.dirname, '..');
const serverOut = path.join(root, 'dist/server');
const serverSources = ['server', 'contract', 'package-lock.json', 'tsconfig.json', 'scripts/lib.mjs'].map((p) => path.join(root, p));

/** Builds dist/server (entry points main.js and extract.worker.js); resolves with an exit code. */
export async function buildServer() {
  const { build, stop } = await import('esbuild');
  const manifest = path.join(serverOut, 'build.json');
  let previous = [];
  try {
    previous = JSON.parse(readFileSync(manifest, 'utf8')).outputs ?? [];
  } catch {
    // no earlier build
  }
  let result;
  try {
    result = await build({
      absWorkingDir: root,
      entryPoints: {
        main: 'server/main.ts',
        'extract.worker': 'server/storage/extract.worker.ts',
        'pglite.worker': 'server/db/pglite.worker.ts',
      },
      outdir: serverOut,
      bundle: true,
      // Chunks let the rarely used modules (DOCX export, S3) load their packages on first use.
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      sourcemap: true,
      metafile: true,
      logLevel: 'warning',
    });
  } catch {
    return 1; // esbuild has printed the errors
  } finally {
    stop(); // its service process would otherwise live on beside npm start's server
  }
  const outputs = Object.keys(result.metafile.outputs).map((file) => path.basename(file));
  // Files of the build before this one stay, so a server still running it can load its lazy
  // chunks; anything older goes.
  for (const entry of readdirSync(serverOut)) {
    if (/\.js(\.map)?$/.test(entry) && !outputs.includes(entry) && !previous.includes(entry)) rmSync(path.join(serverOut, entry));
  }
  // What the migrator reads: the journal and the SQL files (not drizzle-kit's snapshots).
  const from = path.join(root, 'server/db/migrations');
  const migrations = path.join(serverOut, 'migrations');
  rmSync(migrations, { recursive: true, force: true });
  mkdirSync(path.join(migrations, 'meta'), { recursive: true });
  cpSync(path.join(from, 'meta/_journal.json'), path.join(migrations, 'meta/_journal.json'));
  for (const entry of readdirSync(from)) if (entry.endsWith('.sql')) cpSync(path.join(from, entry), path.join(migrations, entry));
  writeFileSync(manifest, JSON.stringify({ outputs }, null, 2) + '\n');
  return 0;
}

/** Builds dist/server when it is missing or older than its sources (as ensureWebBuild does for the web app). */
export async function ensureServerBuild() {
  const manifest = path.join(serverOut, 'build.json');
  const fresh =
    existsSync(path.join(serverOut, 'main.js')) && existsSync(manifest) && statSync(manifest).mtimeMs >= newestMtime(serverSources);
  if (fresh) return 0;
  console.log('Building the server (dist/server is missing or older than its sources)...');
  // In a child process, so npm start's own process (which stays beside the server) never loads esbuild.
  return run(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root });
}

/**
 * The server's environment under npm start, which is what runs as a service: production unless
 * NODE_ENV says otherwise, so mail links and their tokens never reach the log.
 */
export function serviceEnv(env) {
  return { ...env, NODE_ENV: env.NODE_ENV?.trim() || 'production' };
}
