import type { MyAssignment } from '../../../contract/assignments';
import { paths } from '../paths';
import type { Translate } from '../i18n';
import { currentFormattingLocale } from '../i18n/language';

/** The groups of /studentAssignments, in page order. */
export type AssignmentGroupKey = 'todo' | 'handedIn' | 'done' | 'closed';
export interface AssignmentGroup {
  key: AssignmentGroupKey;
  items: MyAssignment[];
}

/** Handed in or done: the student's part is over (until a hand-back). */
const handedIn = (a: MyAssignment) => a.status === 'submitted' || a.status === 'completed';

/** No more messages: closed by the teacher, or handed in. */
export const isReadOnly = (a: MyAssignment) => a.closed || handedIn(a);

/** Past its due date and not handed in (the server's `late`, or the clock passing the date since). */
export function isOverdue(a: MyAssignment, now: Date): boolean {
  if (handedIn(a)) return a.late;
  return a.late || (a.dueAt !== null && Date.parse(a.dueAt) < now.getTime());
}

const time = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** To do: overdue first, then the soonest due; no due date last; then by title. */
function byDue(now: Date) {
  return (x: MyAssignment, y: MyAssignment) => {
    const lx = isOverdue(x, now);
    const ly = isOverdue(y, now);
    if (lx !== ly) return lx ? -1 : 1;
    const dx = time(x.dueAt);
    const dy = time(y.dueAt);
    if (dx !== dy) {
      if (dx === null) return 1;
      if (dy === null) return -1;
      return dx - dy;
    }
    return x.title.localeCompare(y.title);
  };
}

/** Handed in, done and closed: the most recently worked on first. */
const byRecent = (x: MyAssignment, y: MyAssignment) =>
  (time(y.lastActiveAt) ?? 0) - (time(x.lastActiveAt) ?? 0) || x.title.localeCompare(y.title);

/**
 * The page's groups, empty ones left out: To do (assigned or in progress, still open), Handed in
 * (submitted), Done (completed), and Closed (closed by the teacher before it was handed in).
 */
export function groupAssignments(list: readonly MyAssignment[], now: Date): AssignmentGroup[] {
  const groups: Record<AssignmentGroupKey, MyAssignment[]> = { todo: [], handedIn: [], done: [], closed: [] };
  for (const a of list) {
    if (a.status === 'submitted') groups.handedIn.push(a);
    else if (a.status === 'completed') groups.done.push(a);
    else if (a.closed) groups.closed.push(a);
    else groups.todo.push(a);
  }
  groups.todo.sort(byDue(now));
  groups.handedIn.sort(byRecent);
  groups.done.sort(byRecent);
  groups.closed.sort(byRecent);
  return (['todo', 'handedIn', 'done', 'closed'] as const).filter((k) => groups[k].length > 0).map((key) => ({ key, items: groups[key] }));
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
const DAY = 86_400_000;

/**
 * "Friday, 28 Nov" ("viernes, 28 nov"), with the year when it is not this year's; in the reader's
 * own time zone and language.
 */
export function dayWords(date: Date, now: Date, locale: string = currentFormattingLocale()): string {
  const otherYear = date.getFullYear() !== now.getFullYear();
  if (locale !== 'en') {
    return new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'short',
      ...(otherYear ? { year: 'numeric' } : {}),
    }).format(date);
  }
  const weekday = date.toLocaleDateString('en-US', { weekday: 'long' });
  const month = date.toLocaleDateString('en-US', { month: 'short' });
  const year = otherYear ? ` ${date.getFullYear()}` : '';
  return `${weekday}, ${date.getDate()} ${month}${year}`;
}

/** The due date in plain words: "Due today", "Due tomorrow", "Due Friday, 28 Nov", "Was due yesterday". */
export function dueWords(dueAt: string | null, now: Date, t: Translate): string {
  if (dueAt === null) return t('myAssignments.due.none');
  const due = new Date(dueAt);
  if (Number.isNaN(due.getTime())) return t('myAssignments.due.none');
  const days = Math.round((startOfDay(due) - startOfDay(now)) / DAY);
  if (days === 0) return due.getTime() < now.getTime() ? t('myAssignments.due.wasToday') : t('myAssignments.due.today');
  if (days === 1) return t('myAssignments.due.tomorrow');
  if (days === -1) return t('myAssignments.due.yesterday');
  const day = dayWords(due, now);
  return days < 0 ? t('myAssignments.due.was', { day }) : t('myAssignments.due.on', { day });
}

/** Messages the student may still send, or null when the assignment has no budget. */
export function messagesLeft(a: Pick<MyAssignment, 'messageBudget' | 'messagesUsed'>, sentHere = 0): number | null {
  if (a.messageBudget === null) return null;
  return Math.max(0, a.messageBudget - Math.max(a.messagesUsed, sentHere));
}

/** "5 messages left", or null without a budget. */
export function budgetWords(left: number | null, t: Translate): string | null {
  if (left === null) return null;
  return t('myAssignments.messagesLeft', { n: Math.max(0, left) });
}

/** What the card's button does: Start (no conversation yet), Continue, or Open (read-only). */
export type CardAction = 'start' | 'continue' | 'open';
export function cardAction(a: MyAssignment): CardAction {
  if (isReadOnly(a)) return 'open';
  return a.conversationId ? 'continue' : 'start';
}

/** The tutor page of a record; `res` is its conversation, or `new` before Start. */
export function runnerPath(a: Pick<MyAssignment, 'id' | 'bot' | 'conversationId'>, res?: string): string {
  return paths.runStudentTutorBot.to({
    id: a.bot.id,
    shared: false,
    res: res ?? a.conversationId ?? 'new',
    uid: a.bot.uid,
    sid: a.bot.sid,
    asid: a.id,
  });
}

/**
 * Whether the address names this record truly: its bot (id, owner, school), not shared, and its
 * conversation or `new`. Anything else is the same not-found as an unknown record.
 */
export function addressMatches(
  a: Pick<MyAssignment, 'bot' | 'conversationId'>,
  p: { id: string; shared: boolean; res: string; uid: string; sid: string },
): boolean {
  return p.id === a.bot.id && p.uid === a.bot.uid && p.sid === a.bot.sid && !p.shared && (p.res === 'new' || p.res === a.conversationId);
}
