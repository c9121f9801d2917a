import { currentFormattingLocale } from './i18n/language';
import { translate } from './i18n/translate';

/** Bytes in the largest unit that keeps the number at least 1 (1024-based, as the server counts storage): "3.2 MB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 || Number.isInteger(value) ? 0 : 1;
  const number = new Intl.NumberFormat(currentFormattingLocale(), { maximumFractionDigits: digits }).format(value);
  // KB, MB, GB and TB are symbols in every language; the word for bytes comes from the catalogue.
  return unit === 0 ? translate('format.bytes', { number }) : `${number} ${units[unit]}`;
}
