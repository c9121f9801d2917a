import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Me } from '../../../contract/account';
import { localeSchema, type Locale } from '../../../contract/locale';
import { apiRequest } from '../http';
import { currentLocale, isPseudoLocale, setLanguage } from '../i18n';
import { meQueryKey, useMe } from './getMe';

/** PATCH /api/me/locale: the signed-in person's language, remembered on the account (decision 272). */
export function saveLanguage(locale: Locale): Promise<{ locale: Locale | null }> {
  return apiRequest('/api/me/locale', z.object({ locale: localeSchema.nullable() }), { method: 'PATCH', body: { locale } });
}

/**
 * Saves the language on the account and keeps the cached `me` in step, so the choice is not undone
 * on the next read; then every other answer is read again, since the server wrote it in the old
 * language (template names, search results, messages).
 */
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return async (locale: Locale) => {
    const saved = await saveLanguage(locale);
    queryClient.setQueryData<Me | null>(meQueryKey, (old) => (old ? { ...old, locale: saved.locale } : old));
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey.length !== meQueryKey.length || meQueryKey.some((part, i) => query.queryKey[i] !== part),
    });
  };
}

/**
 * The account's language wins over this browser's: when the signed-in person's own choice (or, for a
 * student with none, their class's default) arrives or changes, the page follows it. Choosing in the
 * menu changes the page first and the account after, so this does not undo the choice meanwhile.
 */
export function useAccountLanguage(): void {
  const { data: me } = useMe();
  const accountLocale = me ? (me.locale ?? me.classLocale ?? null) : null;
  useEffect(() => {
    if (!accountLocale) return;
    const shown = currentLocale();
    if (!isPseudoLocale(shown) && shown !== accountLocale) setLanguage(accountLocale);
  }, [accountLocale]);
}
