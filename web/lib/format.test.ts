import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  compactDate,
  countByStatus,
  dateTime,
  duration,
  formatList,
  formatNumber,
  messagesUsed,
  monthDay,
  nextActions,
  relativeTime,
  shortDate,
  timeOfDay,
} from './format';
import type { Translate } from './i18n';
import en from './i18n/messages/en.json';
import es from './i18n/messages/es.json';

const translator = (locale: string, messages: Record<string, string>): Translate => {
  const intl = createIntl({ locale, defaultLocale: 'en', messages });
  return (id, values) => intl.formatMessage({ id }, values);
};
const t = translator('en', en);

describe('duration', () => {
  it('rounds time spent to minutes, then hours and minutes', () => {
    expect(duration(0, t)).toBe('—');
    expect(duration(-5, t)).toBe('—');
    expect(duration(Number.NaN, t)).toBe('—');
    expect(duration(45, t)).toBe('under 1 min');
    expect(duration(60, t)).toBe('1 min');
    expect(duration(12 * 60 + 20, t)).toBe('12 min');
    expect(duration(59 * 60 + 40, t)).toBe('1 h');
    expect(duration(65 * 60, t)).toBe('1 h 5 min');
    expect(duration(3 * 3600, t)).toBe('3 h');
  });

  it("speaks the reader's language", () => {
    const tEs = translator('es', es);
    expect(duration(45, tEs)).toBe('menos de 1 min');
    expect(duration(65 * 60, tEs)).toBe('1 h 5 min');
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('says how long ago, in the largest unit that fits', () => {
    expect(relativeTime(null, now)).toBe('');
    expect(relativeTime('garbage', now)).toBe('');
    expect(relativeTime(ago(20), now)).toBe('just now');
    expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(relativeTime(ago(26 * 3600), now)).toBe('yesterday');
    expect(relativeTime(ago(-2 * 86_400), now)).toBe('in 2 days');
  });

  it('gives the date itself after a week', () => {
    expect(relativeTime(ago(30 * 86_400), now)).toMatch(/^Oct 2[45], 2026$/);
  });
});

describe('messagesUsed', () => {
  it('shows the budget only when there is one', () => {
    expect(messagesUsed(7, null)).toBe('7');
    expect(messagesUsed(7, 20)).toBe('7 / 20');
  });
});

describe('countByStatus', () => {
  it('counts the rows of the table by status', () => {
    const rows = (['assigned', 'assigned', 'in_progress', 'completed'] as const).map((status) => ({ status }));
    expect(countByStatus(rows)).toEqual({ assigned: 2, in_progress: 1, submitted: 0, completed: 1, total: 4 });
    expect(countByStatus([])).toEqual({ assigned: 0, in_progress: 0, submitted: 0, completed: 0, total: 0 });
  });
});

describe('nextActions', () => {
  it('offers completing work under way or handed in, and handing back what was handed in or completed', () => {
    expect(nextActions('assigned')).toEqual({ complete: false, handBack: false });
    expect(nextActions('in_progress')).toEqual({ complete: true, handBack: false });
    expect(nextActions('submitted')).toEqual({ complete: true, handBack: true });
    expect(nextActions('completed')).toEqual({ complete: false, handBack: true });
  });
});

describe('compactDate', () => {
  it('leaves out the year of this year', () => {
    const now = new Date(2026, 10, 24, 12).getTime();
    expect(compactDate(new Date(2026, 10, 22, 9).toISOString(), now)).toBe('Nov 22');
    expect(compactDate(new Date(2025, 11, 30, 9).toISOString(), now)).toBe('Dec 30, 2025');
  });
});

describe('relativeTime at the edges of its units', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
  it('rounds up to the next unit near its end', () => {
    expect(relativeTime(ago(50 * 60), now)).toBe('1 hour ago');
    expect(relativeTime(ago(23.9 * 3600), now)).toBe('yesterday');
  });
});

describe('formatting by locale', () => {
  const iso = '2026-12-01T15:05:00Z';
  const local = new Date(iso); // the helpers format in the browser's zone, as the test machine's
  const day = local.getDate();

  it('writes dates and times as English and Spanish readers expect', () => {
    expect(shortDate(iso, 'en')).toBe(`Dec ${day}, 2026`);
    expect(shortDate(iso, 'es')).toBe(`${day} dic 2026`);
    expect(monthDay(iso, 'en')).toBe(`December ${day}`);
    expect(monthDay(iso, 'es')).toBe(`${day} de diciembre`);
    expect(dateTime(iso, 'en')).toBe(local.toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' }));
    expect(dateTime(iso, 'es')).toMatch(/^\d{1,2} dic 2026, \d{1,2}:\d{2}$/);
    expect(timeOfDay(iso, 'es')).toMatch(/^\d{1,2}:\d{2}$/);
    expect(timeOfDay(iso, 'en')).toMatch(/^\d{1,2}:\d{2}\s(AM|PM)$/);
  });

  it('says how long ago in the locale', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(relativeTime(new Date(now - 20_000).toISOString(), now, 'es')).toBe('ahora');
    expect(relativeTime(new Date(now - 5 * 60_000).toISOString(), now, 'es')).toBe('hace 5 minutos');
    expect(relativeTime(new Date(now - 26 * 3600_000).toISOString(), now, 'es')).toBe('ayer');
  });

  it('groups numbers and joins lists by the locale', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'es')).toBe('1234,5');
    expect(formatNumber(12345, 'es')).toBe('12.345');
    expect(formatList(['Ana', 'Ben', 'Cy'], 'en')).toBe('Ana, Ben, and Cy');
    expect(formatList(['Ana', 'Ben', 'Cy'], 'es')).toBe('Ana, Ben y Cy');
    expect(formatList(['Ana', 'Ben'], 'es', 'disjunction')).toBe('Ana o Ben');
  });
});

describe('calendarDay', () => {
  it('writes a stored day as the reader does, the same day whatever the zone', () => {
    expect(calendarDay('2026-12-27', 'en-US')).toBe('Dec 27, 2026');
    expect(calendarDay('2026-12-27', 'es')).toBe('27 dic 2026');
    expect(calendarDay('2026-01-01', 'en-US')).toBe('Jan 1, 2026');
    expect(calendarDay('not a day', 'en-US')).toBe('not a day');
  });
});
