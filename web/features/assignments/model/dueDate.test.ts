import { describe, expect, it } from 'vitest';
import { dateInputValue, endOfDayIso, isoWithOffset } from './dueDate';

/** A local date-time in a zone `offsetBehindUtc` minutes behind UTC (getTimezoneOffset's sign). */
const local = (y: number, mo: number, d: number, h: number, mi: number, s: number, offsetBehindUtc: number) => ({
  getFullYear: () => y,
  getMonth: () => mo - 1,
  getDate: () => d,
  getHours: () => h,
  getMinutes: () => mi,
  getSeconds: () => s,
  getTimezoneOffset: () => offsetBehindUtc,
});

describe('isoWithOffset', () => {
  it('writes the zone offset with its sign, hours and minutes', () => {
    expect(isoWithOffset(local(2026, 12, 1, 23, 59, 59, 300))).toBe('2026-12-01T23:59:59-05:00');
    expect(isoWithOffset(local(2026, 7, 4, 23, 59, 59, -60))).toBe('2026-07-04T23:59:59+01:00');
    expect(isoWithOffset(local(2026, 1, 9, 23, 59, 59, -330))).toBe('2026-01-09T23:59:59+05:30');
    expect(isoWithOffset(local(2026, 1, 9, 23, 59, 59, 570))).toBe('2026-01-09T23:59:59-09:30');
    expect(isoWithOffset(local(2026, 3, 15, 23, 59, 59, 0))).toBe('2026-03-15T23:59:59+00:00');
  });
});

describe('endOfDayIso', () => {
  it('gives the last second of the chosen day in the browser zone, as an instant the server can read', () => {
    const iso = endOfDayIso('2026-12-01');
    expect(iso).toMatch(/^2026-12-01T23:59:59[+-]\d{2}:\d{2}$/);
    expect(Date.parse(iso!)).toBe(new Date(2026, 11, 1, 23, 59, 59).getTime());
    // The instant falls on the chosen day where the teacher is, whatever the zone.
    expect(dateInputValue(iso!)).toBe('2026-12-01');
  });

  it('reads an empty field as no due date', () => {
    expect(endOfDayIso('')).toBeNull();
    expect(endOfDayIso('   ')).toBeNull();
  });

  it('refuses what is not a calendar day instead of rolling it over', () => {
    expect(endOfDayIso('2026-02-30')).toBeUndefined();
    expect(endOfDayIso('2026-13-01')).toBeUndefined();
    expect(endOfDayIso('tomorrow')).toBeUndefined();
    expect(endOfDayIso('2026-2-3')).toBeUndefined();
    expect(endOfDayIso('2028-02-29')).toMatch(/^2028-02-29T23:59:59/);
  });
});

describe('dateInputValue', () => {
  it('gives the date input value of a stored instant, or nothing', () => {
    expect(dateInputValue(null)).toBe('');
    expect(dateInputValue('not a date')).toBe('');
    const noon = new Date(2026, 5, 10, 12, 0, 0).toISOString();
    expect(dateInputValue(noon)).toBe('2026-06-10');
  });
});
