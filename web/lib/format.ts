import type { StatusCounts, StudentAssignmentStatus } from '../../contract/assignments';
import { currentFormattingLocale } from './i18n/language';
import type { Translate } from './i18n/useT';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Dates, times, numbers and lists follow the chosen locale's Intl rules (docs/decisions/271); the
// `locale` argument defaults to it and is given only by tests.

/** "just now", "5 minutes ago", "yesterday", "in 3 days", then the date: when something happened. */
export function relativeTime(iso: string | null, now: number = Date.now(), locale: string = currentFormattingLocale()): string {
  if (!iso) return '';
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  const abs = Math.abs(seconds);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  // English keeps its "just now"; other languages say Intl's own word for it ("ahora").
  if (abs < MINUTE) return locale === 'en' ? 'just now' : rtf.format(0, 'second');
  // Each unit until the next reads better ("1 hour ago" rather than "59 minutes ago").
  if (abs < 45 * MINUTE) return rtf.format(Math.round(seconds / MINUTE), 'minute');
  if (abs < 22 * HOUR) return rtf.format(Math.round(seconds / HOUR), 'hour');
  if (abs < 7 * DAY) return rtf.format(Math.round(seconds / DAY), 'day');
  return shortDate(iso, locale);
}

/** "Dec 1, 2026" ("1 dic 2026"): a day, in the browser's zone. */
export function shortDate(iso: string, locale: string = currentFormattingLocale()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A calendar day as stored ("2026-12-27"), as the reader writes it ("Dec 27, 2026", "27 dic 2026"), the same day in every zone. */
export function calendarDay(day: string, locale: string = currentFormattingLocale()): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return d.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** "Dec 1" this year, "Dec 1, 2025" another: a day in a narrow column. */
export function compactDate(iso: string, now: number = Date.now(), locale: string = currentFormattingLocale()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const sameYear = d.getFullYear() === new Date(now).getFullYear();
  return d.toLocaleDateString(locale, sameYear ? { month: 'short', day: 'numeric' } : { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "Dec 1, 2026, 3:05 PM": an exact moment, for tooltips and the transcript. */
export function dateTime(iso: string, locale: string = currentFormattingLocale()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "December 1" ("1 de diciembre"): a day of this year, such as when a monthly count starts again. */
export function monthDay(iso: string, locale: string = currentFormattingLocale()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString(locale, { month: 'long', day: 'numeric' });
}

/** "3:05 PM" ("15:05"): a time of day. */
export function timeOfDay(iso: string, locale: string = currentFormattingLocale()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleTimeString(locale, { timeStyle: 'short' });
}

/** "1,234.5" ("1234,5"; "12.345" from five digits): a number by the locale's grouping and decimal marks. */
export function formatNumber(n: number, locale: string = currentFormattingLocale()): string {
  return new Intl.NumberFormat(locale).format(n);
}

/** "Ana, Ben, and Cy" ("Ana, Ben y Cy"): items joined as the locale joins a list. */
export function formatList(
  items: readonly string[],
  locale: string = currentFormattingLocale(),
  type: 'conjunction' | 'disjunction' = 'conjunction',
): string {
  return new Intl.ListFormat(locale, { style: 'long', type }).format(items);
}

/** Time spent: "—" for none, "under 1 min", "12 min", "1 h 5 min", "3 h". */
export function duration(seconds: number, t: Translate): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '—';
  if (seconds < MINUTE) return t('assignments.duration.underMinute');
  const minutes = Math.round(seconds / MINUTE);
  if (minutes < 60) return t('assignments.duration.minutes', { m: minutes });
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? t('assignments.duration.hoursMinutes', { h, m }) : t('assignments.duration.hours', { h });
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
