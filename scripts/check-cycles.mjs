// Walks the runtime imports of server/ (type-only imports are erased at build and left out) and
// fails on any import circle between server folders (a module counts as one folder) and on any
// circle between files.
// Run: npm run check:cycles (part of npm run lint); --graph prints the folder graph.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'server');
const verbose = process.argv.includes('--graph');

// Test code never loads in a server process; eslint.config.js names the same files `testCode`.
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
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (existsSync(candidate)) return candidate;
  return undefined;
}

/** The files a file loads when it runs: every import or re-export that is not type-only. */
function runtimeImports(file) {
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
    if (!spec || typeOnly) continue;
    const target = resolve(file, spec);
    if (target && target.startsWith(serverDir)) targets.push(target);
  }
  return targets;
}

/** server/modules/<m> is one unit; every other server folder (and each top-level file) is one. */
function folderOf(file) {
  const parts = path.relative(serverDir, file).split(path.sep);
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0] : parts[0].replace(/\.ts$/, '');
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

const files = walk(serverDir);
const fileGraph = new Map();
const folderGraph = new Map();
for (const file of files) {
  const targets = runtimeImports(file);
  fileGraph.set(file, new Set(targets));
  const from = folderOf(file);
  if (!folderGraph.has(from)) folderGraph.set(from, new Set());
  for (const t of targets) if (folderOf(t) !== from) folderGraph.get(from).add(folderOf(t));
}

const rel = (f) => path.relative(root, f);

// No circle is accepted, between files or between folders: the modules form layers
// (docs/decisions/204-module-layers.md), and the schema files import in one direction.
const fileCycles = cycles(fileGraph);
const folderCycles = cycles(folderGraph);
if (verbose) for (const [from, to] of folderGraph) console.log(`${from} -> ${[...to].sort().join(', ')}`);
for (const c of fileCycles) console.log(`import circle between files: ${c.map(rel).sort().join(' , ')}`);
for (const c of folderCycles) console.log(`import circle between server folders: ${c.sort().join(' , ')}`);
console.log(
  `check:cycles: ${files.length} server files, ${folderGraph.size} folders; ${fileCycles.length} file circles, ${folderCycles.length} folder circles (runtime imports only)`,
);
process.exitCode = fileCycles.length || folderCycles.length ? 1 : 0;
