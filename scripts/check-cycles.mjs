// Walks the runtime imports of server/ and of web/ (type-only imports are erased at build and left
// out; a dynamic import() loads later and is left out too) and fails on any import circle between
// folders (a server module, or a web feature, counts as one folder) and on any circle between files.
// In web/ it also fails on an import from one feature into another that passes by the other's front
// door, web/features/<f>/index.ts (docs/decisions/284-web-feature-front-doors.md); type imports count
// there too, tests may reach inside.
// Run: npm run check:cycles (part of npm run lint); --graph prints the folder graphs.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'server');
const webDir = path.join(root, 'web');
const verbose = process.argv.includes('--graph');

// Test code never loads in a server process or a browser; eslint.config.js names the server's `testCode`.
const isTestCode = (file) => /\.test(-helpers)?\.tsx?$/.test(file) || file.endsWith(path.join('cli', 'test-kit.ts'));

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'migrations') walk(full, out);
    } else if (/\.tsx?$/.test(name) && !isTestCode(full)) out.push(full);
  }
  return out;
}

function resolve(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (existsSync(candidate)) return candidate;
  return undefined;
}

/** The files of `dir` a file imports or re-exports from, each marked whether it is type-only. */
function imports(file, dir) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const targets = [];
  for (const node of source.statements) {
    let spec;
    let typeOnly = false;
    if (ts.isImportDeclaration(node)) {
      spec = node.moduleSpecifier.text;
      const clause = node.importClause;
      if (clause) {
        const named = clause.namedBindings;
        typeOnly =
          clause.isTypeOnly ||
          (!clause.name &&
            named !== undefined &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((e) => e.isTypeOnly));
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      spec = node.moduleSpecifier.text;
      typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
    }
    if (!spec) continue;
    const target = resolve(file, spec);
    if (target && target.startsWith(dir + path.sep)) targets.push({ target, typeOnly });
  }
  return targets;
}

/**
 * server/modules/<m> and web/features/<f> are one unit each; every other folder of server/ or web/
 * (and each top-level file) is one.
 */
const unitFolder = { [serverDir]: 'modules', [webDir]: 'features' };
function folderOf(file, dir) {
  const parts = path.relative(dir, file).split(path.sep);
  if (parts[0] === unitFolder[dir]) return `${parts[0]}/${parts[1]}`;
  return parts.length > 1 ? parts[0] : parts[0].replace(/\.tsx?$/, '');
}

function cycles(graph) {
  // Tarjan's strongly connected components; any component of more than one node is a circle.
  let index = 0;
  const stack = [];
  const info = new Map();
  const found = [];
  const visit = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? new Set()).has(v)) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!info.has(v)) visit(v);
  return found;
}

const rel = (f) => path.relative(root, f);

/** The file and folder graphs of one tree, runtime imports only, and its cross-feature imports. */
function graphs(dir) {
  const files = walk(dir);
  const fileGraph = new Map();
  const folderGraph = new Map();
  const edges = [];
  for (const file of files) {
    const all = imports(file, dir);
    edges.push(...all.map((i) => ({ from: file, ...i })));
    const targets = all.filter((i) => !i.typeOnly).map((i) => i.target);
    fileGraph.set(file, new Set(targets));
    const from = folderOf(file, dir);
    if (!folderGraph.has(from)) folderGraph.set(from, new Set());
    for (const t of targets) if (folderOf(t, dir) !== from) folderGraph.get(from).add(folderOf(t, dir));
  }
  return { files, fileGraph, folderGraph, edges };
}

/** An import from web/features/<a>/… into web/features/<b>/… that is not b's index.ts. */
function pastFrontDoor({ from, target }) {
  const [fromTop, fromFeature] = path.relative(webDir, from).split(path.sep);
  const [top, feature, ...rest] = path.relative(webDir, target).split(path.sep);
  if (fromTop !== 'features' || top !== 'features' || feature === fromFeature) return false;
  return !(rest.length === 1 && rest[0] === 'index.ts');
}

// No circle is accepted, between files or between folders: the server's modules form layers
// (docs/decisions/204-module-layers.md), the schema files import in one direction, and the web's
// features form layers too (docs/decisions/284-web-feature-front-doors.md).
let failed = false;
for (const [dir, name, unit] of [
  [serverDir, 'server', 'folders'],
  [webDir, 'web', 'folders'],
]) {
  const { files, fileGraph, folderGraph, edges } = graphs(dir);
  const fileCycles = cycles(fileGraph);
  const folderCycles = cycles(folderGraph);
  const bypasses = dir === webDir ? edges.filter((e) => !isTestCode(e.from) && pastFrontDoor(e)) : [];
  if (verbose) for (const [from, to] of folderGraph) console.log(`${name}: ${from} -> ${[...to].sort().join(', ')}`);
  for (const c of fileCycles) console.log(`import circle between files: ${c.map(rel).sort().join(' , ')}`);
  for (const c of folderCycles) console.log(`import circle between ${name} folders: ${c.sort().join(' , ')}`);
  for (const e of bypasses)
    console.log(`import past a feature's front door: ${rel(e.from)} imports ${rel(e.target)} (import its index.ts)`);
  console.log(
    `check:cycles: ${files.length} ${name} files, ${folderGraph.size} ${unit}; ${fileCycles.length} file circles, ${folderCycles.length} folder circles` +
      (dir === webDir ? `, ${bypasses.length} imports past a front door` : '') +
      ' (runtime imports only)',
  );
  if (fileCycles.length || folderCycles.length || bypasses.length) failed = true;
}
process.exitCode = failed ? 1 : 0;
