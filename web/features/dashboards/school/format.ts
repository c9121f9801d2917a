import { currentFormattingLocale } from '../../../lib/i18n/language';

// Made per call, in the chosen locale (docs/decisions/271), not once at load.
export const formatNumber = (n: number) => new Intl.NumberFormat(currentFormattingLocale()).format(n);

const dayFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(currentFormattingLocale(), { ...options, timeZone: 'UTC' });
/** A YYYY-MM-DD day in the reader's words (the day itself, in UTC, as the server counts it). */
export const formatDay = (day: string) =>
  dayFormat({ day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${day}T00:00:00Z`));
export const shortDay = (day: string) => dayFormat({ day: 'numeric', month: 'short' }).format(new Date(`${day}T00:00:00Z`));
