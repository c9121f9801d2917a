/** The fields of a local date-time that an ISO string with an offset is made of. */
type LocalDateTime = Pick<Date, 'getFullYear' | 'getMonth' | 'getDate' | 'getHours' | 'getMinutes' | 'getSeconds' | 'getTimezoneOffset'>;

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** "2026-12-01T23:59:59-05:00": a local date-time with the zone's offset at that moment. */
export function isoWithOffset(d: LocalDateTime): string {
  // getTimezoneOffset is minutes *behind* UTC: 300 in New York in winter, -60 in Paris.
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const date = `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return `${date}T${time}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

const dateInput = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The due date the server receives for a date picked in a date input ("2026-12-01"): the end of
 * that day in the browser's zone, as ISO with its offset. Empty gives null (no due date); a value
 * that is not a real calendar day gives undefined (the form says so rather than sending it).
 */
export function endOfDayIso(value: string): string | null | undefined {
  if (value.trim() === '') return null;
  const m = dateInput.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const end = new Date(year, month - 1, day, 23, 59, 59);
  // new Date rolls 2026-02-30 over into March: that is not the day the teacher typed.
  if (end.getFullYear() !== year || end.getMonth() !== month - 1 || end.getDate() !== day) return undefined;
  return isoWithOffset(end);
}

/** The date input's value ("2026-12-01") for a stored due instant, in the browser's zone; '' for none. */
export function dateInputValue(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
