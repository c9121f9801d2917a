import { useEffect } from 'react';

/**
 * A page restored from the back-forward cache (the teacher came back from Stripe with Back) keeps
 * its pending redirect mutation: reset it so its button works again.
 */
export function useResetOnReturn(reset: () => void) {
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) reset();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);
}
