// Which test files need a database (and so run once on PGlite and again on PostgreSQL) and which
// run once, in the unit stage. Decided from each file's imports, so there is no list to keep up
// to date: see docs/decisions/220-test-stages.md.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The folders whose test files vitest runs, and the file names it picks up there. */
export const testRoots = ['server', 'contract', 'tests', 'web', 'deploy'];
const testFile = /\.test\.tsx?$/;

/**
 * The modules through which a test reaches the run's database: the harness (createTestContext,
 * the fresh database of the run's kind) and tests/env (TEST_DB, TEST_DATABASE_URL). A test file
 * whose imports reach neither cannot tell which database the run targets, so running it twice
 * would repeat the same thing.
 */
const databaseMarkers = ['tests/harness.ts', 'tests/env.ts'];

export interface Classified {
  /** Files that import (directly or not) the harness or tests/env: run on each database. */
  database: string[];
  /** Everything else: run once, with no database provided. */
  unit: string[];
}

function walk(dir: string, out: string[], sources: string[]) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out, sources);
    else if (/\.(m?[jt]sx?)$/.test(entry.name)) {
      sources.push(p);
      if (testFile.test(entry.name)) out.push(path.relative(root, p));
    }
  }
}

/** Splits the test files into database tests and unit tests (cached until a source file changes). */
export async function classifyTestFiles(): Promise<Classified> {
  const files: string[] = [];
  const sources: string[] = [];
  for (const r of testRoots) walk(path.join(root, r), files, sources);
  files.sort();
  // A file's imports change only when a source file does: the cache key is every source's size and mtime.
  const key = createHash('sha256');
  for (const s of sources.sort()) {
    const st = statSync(s);
    key.update(`${s}\0${st.size}\0${st.mtimeMs}\n`);
  }
  const digest = key.digest('hex').slice(0, 16);
  const cacheDir = path.join(root, 'node_modules/.cache/classbots-tests');
  const cacheFile = path.join(cacheDir, 'classified.json');
  try {
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as Classified & { key: string };
    if (cached.key === digest) return { database: cached.database, unit: cached.unit };
  } catch {
    // no cache yet
  }
  const result = await importGraphSplit(files);
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cacheFile, JSON.stringify({ key: digest, ...result }));
  return result;
}

/**
 * esbuild bundles every test file (packages left outside, nothing written) and reports the
 * modules each one loads, following the same rules vitest does: type-only imports are dropped
 * (verbatimModuleSyntax), dynamic imports are followed.
 */
async function importGraphSplit(files: string[]): Promise<Classified> {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: files,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    write: false,
    metafile: true,
    outdir: path.join(root, 'node_modules/.cache/classbots-tests/graph'),
    logLevel: 'silent',
    loader: { '.css': 'empty', '.woff': 'empty', '.woff2': 'empty', '.png': 'empty', '.svg': 'empty' },
    plugins: [{ name: 'query-imports', setup: (b) => b.onResolve({ filter: /\?/ }, (a) => ({ path: a.path, external: true })) }],
  });
  const outputs = result.metafile.outputs;
  const reachable = (output: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(output)) return seen;
    seen.add(output);
    for (const i of outputs[output]?.imports ?? []) if (outputs[i.path]) reachable(i.path, seen);
    return seen;
  };
  const database = new Set<string>();
  for (const [output, meta] of Object.entries(outputs)) {
    if (!meta.entryPoint || !files.includes(meta.entryPoint)) continue;
    const inputs = [...reachable(output)].flatMap((o) => Object.keys(outputs[o]?.inputs ?? {}));
    if (inputs.some((i) => databaseMarkers.includes(i))) database.add(meta.entryPoint);
  }
  return { database: files.filter((f) => database.has(f)), unit: files.filter((f) => !database.has(f)) };
}
