import { useMemo, type ReactNode } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { prefixer } from 'stylis';

/**
 * Emotion's style cache for the writing direction: under a right-to-left locale every style is
 * flipped (margins, paddings, positions, borders) by the RTL stylis plugin, as MUI documents.
 */
export function DirectionCache({ dir, children }: { dir: 'ltr' | 'rtl'; children: ReactNode }) {
  const cache = useMemo(
    () => (dir === 'rtl' ? createCache({ key: 'mui-rtl', stylisPlugins: [prefixer, rtlPlugin] }) : createCache({ key: 'mui' })),
    [dir],
  );
  return <CacheProvider value={cache}>{children}</CacheProvider>;
}
