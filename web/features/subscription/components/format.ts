import type { Price } from '../../../../contract/billing';
import { currentFormattingLocale } from '../../../lib/i18n/language';

/** A date in words ("March 3, 2027"); `utc` for instants that mark a UTC day (the monthly reset). */
export function formatDate(iso: string, utc = false): string {
  return new Date(iso).toLocaleDateString(currentFormattingLocale(), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(utc ? { timeZone: 'UTC' } : {}),
  });
}

/** A whole number with thousands separators ("2,000"). */
export const formatCount = (n: number) => new Intl.NumberFormat(currentFormattingLocale()).format(n);

export { formatBytes } from '../../../lib/bytes';

/** A Stripe price in its currency ("$8", "€79.99"); null when Stripe gave no amount or the currency is unknown. */
export function formatPrice(price: Price): string | null {
  if (price.unitAmount === null) return null;
  try {
    const format = new Intl.NumberFormat(currentFormattingLocale(), { style: 'currency', currency: price.currency.toUpperCase() });
    const fractionDigits = format.resolvedOptions().maximumFractionDigits ?? 2;
    const amount = price.unitAmount / 10 ** fractionDigits;
    // Whole amounts read better without ".00".
    return Number.isInteger(amount)
      ? new Intl.NumberFormat(currentFormattingLocale(), {
          style: 'currency',
          currency: price.currency.toUpperCase(),
          maximumFractionDigits: 0,
        }).format(amount)
      : format.format(amount);
  } catch {
    return null;
  }
}
