const numbers = new Intl.NumberFormat();
export const formatNumber = (n: number) => numbers.format(n);

const long = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const short = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** A YYYY-MM-DD day in the reader's words (the day itself, in UTC, as the server counts it). */
export const formatDay = (day: string) => long.format(new Date(`${day}T00:00:00Z`));
export const shortDay = (day: string) => short.format(new Date(`${day}T00:00:00Z`));
