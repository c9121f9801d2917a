import type { RecordAssignment, StudentRecordExport } from '../../../contract/records';

/**
 * record.html: the export as a page that reads on its own, offline and printed. Inline CSS only,
 * no scripts, every value escaped; one section per assignment with its transcript.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

/** A time as UTC, readable without a locale: 2026-05-01 10:00 UTC. */
const when = (isoTime: string | null) => (isoTime ? `${isoTime.slice(0, 10)} ${isoTime.slice(11, 16)} UTC` : '—');

const STATUS: Record<string, string> = {
  assigned: 'Not started',
  in_progress: 'In progress',
  submitted: 'Handed in',
  completed: 'Completed',
};

const TURN_NOTE: Record<string, string> = {
  held: 'held for the safety check: not shown to the student',
  blocked: 'blocked by the safety check',
  failed: 'failed',
  interrupted: 'interrupted',
  streaming: 'still being written',
  superseded: 'replaced by a retry',
};

const CSS = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1f;max-width:860px;margin:24px auto;padding:0 16px}
h1{font-size:1.6em;margin:0 0 4px}h2{font-size:1.3em;margin:32px 0 8px;border-bottom:2px solid #ccc;padding-bottom:4px}
h3{font-size:1.05em;margin:20px 0 6px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:8px 0}dt{font-weight:600}dd{margin:0}
table{border-collapse:collapse;width:100%;margin:6px 0}th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}
.turn{border-left:4px solid #888;padding:4px 10px;margin:8px 0;white-space:pre-wrap;word-wrap:break-word}
.turn.user{border-color:#1565c0;background:#f1f6fd}.turn.assistant{border-color:#6a1b9a;background:#f8f3fb}
.who{font-weight:600;white-space:normal}.meta{color:#555;font-size:.9em;white-space:normal}
.muted{color:#555}
@media print{body{margin:0;max-width:none}h2{break-after:avoid}section{break-inside:auto}.turn{break-inside:avoid}}
`;

function facts(pairs: [string, string][]): string {
  return `<dl>${pairs.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`;
}

function assignmentSection(x: RecordAssignment, i: number): string {
  const parts = [`<section><h2>${i + 1}. ${escapeHtml(x.title)}</h2>`];
  parts.push(
    facts([
      ['Teacher', x.teacher],
      ['Assignment', x.assignmentState],
      ['Assigned', when(x.assignedAt)],
      ['Due', when(x.dueAt)],
      ['Closed', when(x.closedAt)],
      ['Status', STATUS[x.status] ?? x.status],
      ['Started', when(x.startedAt)],
      ['Handed in', when(x.submittedAt ?? x.completedAt)],
      ['Last active', when(x.lastActiveAt)],
      ['Time spent', `${Math.round(x.timeSpentSeconds / 60)} min`],
      ['Messages sent', String(x.messageCount)],
    ]),
  );
  parts.push('<h3>Feedback</h3>');
  parts.push(x.feedback ? `<p class="turn">${escapeHtml(x.feedback)}</p>` : '<p class="muted">No feedback.</p>');
  parts.push('<h3>Transcript</h3>');
  if (!x.transcript.length) parts.push('<p class="muted">No transcript (not started, or deleted after the retention period).</p>');
  for (const turn of x.transcript) {
    const note = TURN_NOTE[turn.status];
    parts.push(
      `<div class="turn ${turn.role}"><div class="who">${turn.role === 'user' ? 'Student' : 'Tutor'} <span class="meta">${escapeHtml(
        when(turn.at),
      )}${note ? ` · ${escapeHtml(note)}` : ''}</span></div>${escapeHtml(turn.text)}</div>`,
    );
  }
  parts.push('<h3>Safety flags</h3>');
  parts.push(
    x.flags.length
      ? `<table><thead><tr><th>When</th><th>Category</th><th>Severity</th><th>Reason</th><th>Reviewed</th><th>Note</th></tr></thead><tbody>${x.flags
          .map(
            (f) =>
              `<tr><td>${escapeHtml(when(f.at))}</td><td>${escapeHtml(f.category)}</td><td>${escapeHtml(f.severity)}</td><td>${escapeHtml(
                f.reason,
              )}</td><td>${f.reviewed ? escapeHtml(when(f.reviewedAt)) : 'No'}</td><td>${escapeHtml(f.note)}</td></tr>`,
          )
          .join('')}</tbody></table>`
      : '<p class="muted">None.</p>',
  );
  parts.push('<h3>Trophies</h3>');
  parts.push(
    x.trophies.length
      ? `<ul>${x.trophies.map((t) => `<li>${escapeHtml(t.reason)} <span class="meta">${escapeHtml(when(t.at))}</span></li>`).join('')}</ul>`
      : '<p class="muted">None.</p>',
  );
  parts.push('</section>');
  return parts.join('\n');
}

/** The whole page. */
export function recordHtml(record: StudentRecordExport): string {
  const title = `Student record: ${record.student.names[0] ?? record.student.email}`;
  const classes = record.classes.length
    ? `<table><thead><tr><th>Class</th><th>Teacher</th><th>Added</th><th>Removed</th></tr></thead><tbody>${record.classes
        .map(
          (c) =>
            `<tr><td>${escapeHtml(c.section ? `${c.name} (${c.section})` : c.name)}</td><td>${escapeHtml(c.teacher)}</td><td>${escapeHtml(
              when(c.addedAt),
            )}</td><td>${escapeHtml(c.removedAt ? when(c.removedAt) : '—')}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p class="muted">On no class roster.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
<header>
<h1>${escapeHtml(title)}</h1>
<p class="muted">Exported ${escapeHtml(when(record.exportedAt))} from ClassBots by ${
    record.scope.kind === 'school' ? 'the school' : 'the teacher'
  } ${escapeHtml(record.scope.name)}.</p>
</header>
<main>
<h2>Profile</h2>
${facts([
  ['E-mail', record.student.email],
  ['Name', record.student.names.join(', ') || '—'],
  ['Account', record.student.linked ? 'Signed in (linked to the roster)' : 'Never signed in'],
])}
<h2>Classes</h2>
${classes}
${record.assignments.length ? record.assignments.map(assignmentSection).join('\n') : '<h2>Assignments</h2><p class="muted">No assignments.</p>'}
</main>
</body>
</html>
`;
}
