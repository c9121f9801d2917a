import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../contract/audit';

// Issue 25: superDash's Action filter offers AUDIT_ACTIONS. Every action a writer names must be on
// the list (recordAudit's type holds the writers to it; this reads the source, so an entry written
// around the type, by a plain insert, is caught too), and every action on the list is written somewhere.
const serverRoot = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'migrations' ? [] : sourceFiles(full);
    return /\.ts$/.test(d.name) && !/\.test(-helpers)?\.ts$/.test(d.name) ? [full] : [];
  });
}

/** The server files that write audit entries, with the dotted names (`'ticket.reply'`) they quote. */
function writtenActions() {
  const writers = sourceFiles(serverRoot)
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
    .filter(
      ({ file, text }) => !file.endsWith(path.join('audit', 'audit.store.ts')) && /recordAudit\(|insert\(schema\.auditLog\)/.test(text),
    );
  const actions = new Map<string, string>();
  for (const { file, text } of writers) {
    // A dotted name on a line about the action: `action: '...'`, its type, or an audit helper's call.
    for (const line of text.split('\n').filter((l) => /\baction\b|\b(audit\w*|recorded)\(/i.test(l))) {
      for (const m of line.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) actions.set(m[1]!, path.relative(serverRoot, file));
    }
  }
  return { writers: writers.map((w) => path.relative(serverRoot, w.file)), actions };
}

describe('the audit actions list', () => {
  it('holds every action the server writes, and nothing that is never written', () => {
    const { writers, actions } = writtenActions();
    // The writers as they stand; a new one joins this scan by itself.
    expect(writers.length).toBeGreaterThanOrEqual(8);
    const listed = new Set<string>(AUDIT_ACTIONS);
    const missing = [...actions].filter(([action]) => !listed.has(action)).map(([action, file]) => `${action} (${file})`);
    expect(missing).toEqual([]);
    expect(AUDIT_ACTIONS.filter((a) => !actions.has(a))).toEqual([]);
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });
});
