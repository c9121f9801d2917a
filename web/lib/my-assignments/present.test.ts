import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { MyAssignment } from '../../../contract/assignments';
import { addressMatches, budgetWords, cardAction, dayWords, dueWords, groupAssignments, messagesLeft, runnerPath } from './present';
import type { Translate } from '../i18n';
import en from '../i18n/messages/en.json';
import es from '../i18n/messages/es.json';
import { myAssignment } from '../../../tests/web/my-assignment';

const translator = (locale: string, messages: Record<string, string>): Translate => {
  const intl = createIntl({ locale, defaultLocale: 'en', messages });
  return (id, values) => intl.formatMessage({ id }, values);
};
const tEn = translator('en', en);
const tEs = translator('es', es);

// Local times, so the day arithmetic holds in whatever time zone the tests run.
const now = new Date(2025, 10, 26, 10, 0); // Wednesday, 26 Nov 2025, 10:00
const at = (y: number, m: number, d: number, h = 23, min = 59) => new Date(y, m - 1, d, h, min).toISOString();

let n = 0;
function record(over: Partial<MyAssignment> = {}): MyAssignment {
  n += 1;
  return myAssignment({
    id: `rec-${n}`,
    assignmentId: `a-${n}`,
    title: `Assignment ${n}`,
    teacherName: 'Pat Premium',
    bot: {
      id: 'bot-1',
      uid: 'u-1',
      sid: 'none',
      name: 'Fraction Coach',
      icon: { type: 'emoji', emoji: '🧮' },
      welcomeMessage: 'Hi',
      starterPrompts: [],
    },
    ...over,
  });
}

describe('grouping the student’s assignments', () => {
  it('puts open work in To do, overdue first, then by due date, undated last', () => {
    const undated = record({ title: 'Undated' });
    const later = record({ title: 'Later', dueAt: at(2025, 12, 5) });
    const soon = record({ title: 'Soon', dueAt: at(2025, 11, 27), status: 'in_progress' });
    const overdue = record({ title: 'Overdue', dueAt: at(2025, 11, 20) });
    // Late by the server's word even though the clock here says otherwise.
    const flagged = record({ title: 'Flagged late', dueAt: at(2025, 12, 1), late: true });
    const groups = groupAssignments([undated, later, soon, overdue, flagged], now);
    expect(groups.map((g) => g.key)).toEqual(['todo']);
    expect(groups[0]!.items.map((a) => a.title)).toEqual(['Overdue', 'Flagged late', 'Soon', 'Later', 'Undated']);
  });

  it('separates handed in, done and closed work, most recent first, and leaves out empty groups', () => {
    const submittedOld = record({ title: 'Old', status: 'submitted', lastActiveAt: at(2025, 11, 1, 9) });
    const submittedNew = record({ title: 'New', status: 'submitted', lastActiveAt: at(2025, 11, 20, 9), closed: true });
    const done = record({ title: 'Done', status: 'completed' });
    const closedOpen = record({ title: 'Closed early', status: 'in_progress', closed: true });
    const groups = groupAssignments([submittedOld, done, submittedNew, closedOpen], now);
    expect(groups.map((g) => [g.key, g.items.map((a) => a.title)])).toEqual([
      ['handedIn', ['New', 'Old']],
      ['done', ['Done']],
      ['closed', ['Closed early']],
    ]);
  });
});

describe('due dates in plain words', () => {
  it('says today, tomorrow and yesterday, and names other days', () => {
    expect(dueWords(at(2025, 11, 26), now, tEn)).toBe('Due today');
    expect(dueWords(at(2025, 11, 26, 8, 0), now, tEn)).toBe('Was due today');
    expect(dueWords(at(2025, 11, 27), now, tEn)).toBe('Due tomorrow');
    expect(dueWords(at(2025, 11, 25), now, tEn)).toBe('Was due yesterday');
    expect(dueWords(at(2025, 11, 28), now, tEn)).toBe('Due Friday, 28 Nov');
    expect(dueWords(at(2025, 11, 3), now, tEn)).toBe('Was due Monday, 3 Nov');
  });

  it('adds the year only when it is not this year, and says when there is no date', () => {
    expect(dueWords(at(2026, 1, 9), now, tEn)).toBe('Due Friday, 9 Jan 2026');
    expect(dueWords(null, now, tEn)).toBe('No due date');
  });

  it('speaks the reader’s language with a t', () => {
    expect(dueWords(at(2025, 11, 28), now, tEn)).toBe('Due Friday, 28 Nov');
    expect(dueWords(at(2025, 11, 27), now, tEs)).toBe('Se entrega mañana');
    expect(dayWords(new Date(2025, 10, 28, 12), now, 'es')).toBe('viernes, 28 nov');
  });
});

describe('the message budget', () => {
  it('counts down from the budget by what the server counted or what was sent here, whichever is more', () => {
    expect(messagesLeft({ messageBudget: 5, messagesUsed: 0 })).toBe(5);
    expect(messagesLeft({ messageBudget: 5, messagesUsed: 2 }, 3)).toBe(2);
    expect(messagesLeft({ messageBudget: 5, messagesUsed: 4 }, 1)).toBe(1);
    expect(messagesLeft({ messageBudget: 2, messagesUsed: 7 })).toBe(0);
    expect(messagesLeft({ messageBudget: null, messagesUsed: 7 })).toBeNull();
  });

  it('says it in words', () => {
    expect(budgetWords(5, tEn)).toBe('5 messages left');
    expect(budgetWords(1, tEn)).toBe('1 message left');
    expect(budgetWords(0, tEn)).toBe('No messages left');
    expect(budgetWords(null, tEn)).toBeNull();
  });

  it('says it in the reader’s language with a t', () => {
    expect(budgetWords(5, tEs)).toBe('Te quedan 5 mensajes');
    expect(budgetWords(1, tEn)).toBe('1 message left');
    expect(budgetWords(0, tEs)).toBe('No te quedan mensajes');
  });
});

describe('the card’s button and the tutor page’s address', () => {
  it('offers Start before the conversation, Continue after, and Open when nothing more can be sent', () => {
    expect(cardAction(record())).toBe('start');
    expect(cardAction(record({ conversationId: 'c-1', status: 'in_progress' }))).toBe('continue');
    expect(cardAction(record({ conversationId: 'c-1', status: 'submitted' }))).toBe('open');
    expect(cardAction(record({ status: 'completed' }))).toBe('open');
    expect(cardAction(record({ closed: true }))).toBe('open');
  });

  it('builds the address from the record and accepts only that address', () => {
    const a = record({ id: 'r-9', conversationId: 'c-9' });
    expect(runnerPath(a)).toBe('/run-student-tutor-bot/bot-1/false/c-9/u-1/none/r-9');
    expect(runnerPath(record({ id: 'r-8' }))).toBe('/run-student-tutor-bot/bot-1/false/new/u-1/none/r-8');
    const p = { id: 'bot-1', shared: false, res: 'c-9', uid: 'u-1', sid: 'none' };
    expect(addressMatches(a, p)).toBe(true);
    expect(addressMatches(a, { ...p, res: 'new' })).toBe(true);
    expect(addressMatches(a, { ...p, res: 'c-other' })).toBe(false);
    expect(addressMatches(a, { ...p, id: 'bot-2' })).toBe(false);
    expect(addressMatches(a, { ...p, uid: 'u-2' })).toBe(false);
    expect(addressMatches(a, { ...p, sid: 'school-1' })).toBe(false);
    expect(addressMatches(a, { ...p, shared: true })).toBe(false);
  });
});
