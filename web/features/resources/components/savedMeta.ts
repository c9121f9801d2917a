import type { SavedSummary } from '../../../../contract/saved';
import type { Translate } from '../../../lib/i18n';
import { dateTime } from '../../../lib/format';

/**
 * A saved item's line under its title: its kind and bot, and with `dates` when it was last edited
 * and (when that differs) first saved, joined by middle dots.
 */
export function savedMeta(t: Translate, item: SavedSummary, dates = false): string {
  const parts = [t(`saved.kind.${item.kind}`), item.botName ? t('saved.fromBot', { name: item.botName }) : t('saved.noBot')];
  if (dates) {
    parts.push(t('saved.edited', { date: dateTime(item.updatedAt) }));
    if (item.updatedAt !== item.createdAt) parts.push(t('saved.savedOn', { date: dateTime(item.createdAt) }));
  }
  return parts.join(' · ');
}
