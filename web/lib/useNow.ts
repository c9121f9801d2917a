import { useEffect, useState } from 'react';

/** The current time, refreshed every `ms`, so "5 minutes ago" stays true on a page left open. */
export function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
