import type { Translate } from '../../lib/i18n';
import { formatNumber } from '../../lib/format';
import { currentFormattingLocale } from '../../lib/i18n';

/** Who opened a ticket, as support reads it: "Name (email)", the address alone, or a deleted account. */
export function ticketOpener(t: Translate, opener: { name: string; email: string } | null | undefined): string {
  const name = opener?.name ?? '';
  const email = opener?.email ?? '';
  if (name) return t('support.tickets.fromNamed', { name, email });
  return email || t('support.tickets.fromDeleted');
}

/** A file's size: "512 B", "24 KB", "1.5 MB" (numbers by the locale's marks). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round(bytes / 1024))} KB`;
  const mb = new Intl.NumberFormat(currentFormattingLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${mb.format(bytes / (1024 * 1024))} MB`;
}
