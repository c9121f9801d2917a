import type { StatusCounts, StudentAssignmentStatus } from '../../contract/assignments';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "yesterday", "in 3 days", then the date: when something happened. */
export function relativeTime(iso: string | null, now: number = Date.now()): string {
  if (!iso) return '';
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  const abs = Math.abs(seconds);
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  if (abs < MINUTE) return 'just now';
  // Each unit until the next reads better ("1 hour ago" rather than "59 minutes ago").
  if (abs < 45 * MINUTE) return rtf.format(Math.round(seconds / MINUTE), 'minute');
  if (abs < 22 * HOUR) return rtf.format(Math.round(seconds / HOUR), 'hour');
  if (abs < 7 * DAY) return rtf.format(Math.round(seconds / DAY), 'day');
  return shortDate(iso);
}

/** "Dec 1, 2026": a day, in the browser's zone. */
export function shortDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "Dec 1" this year, "Dec 1, 2025" another: a day in a narrow column. */
export function compactDate(iso: string, now: number = Date.now()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const sameYear = d.getFullYear() === new Date(now).getFullYear();
  return d.toLocaleDateString('en', sameYear ? { month: 'short', day: 'numeric' } : { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "Dec 1, 2026, 3:05 PM": an exact moment, for tooltips and the transcript. */
export function dateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Time spent: "—" for none, "under 1 min", "12 min", "1 h 5 min", "3 h". */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '—';
  if (seconds < MINUTE) return 'under 1 min';
  const minutes = Math.round(seconds / MINUTE);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** Messages used, with the budget when there is one: "7", "7 / 20". */
export function messagesUsed(count: number, budget: number | null): string {
  return budget === null ? String(count) : `${count} / ${budget}`;
}

/** The statuses in the order a teacher reads them: who has not started, then who is at work, then who is done. */
export const statusOrder: readonly StudentAssignmentStatus[] = ['assigned', 'in_progress', 'submitted', 'completed'];

/** Counts of the table's rows by status (the list's summary is the server's; this is the table's, live). */
export function countByStatus(rows: readonly { status: StudentAssignmentStatus }[]): StatusCounts {
  const counts: StatusCounts = { assigned: 0, in_progress: 0, submitted: 0, completed: 0, total: rows.length };
  for (const r of rows) counts[r.status] += 1;
  return counts;
}

/** What the teacher may do next with a record: mark it completed, hand it back, or neither yet. */
export function nextActions(status: StudentAssignmentStatus): { complete: boolean; handBack: boolean } {
  return {
    complete: status === 'in_progress' || status === 'submitted',
    handBack: status === 'submitted' || status === 'completed',
  };
}
