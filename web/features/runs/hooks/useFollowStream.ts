import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How close to the end of the page still counts as reading the newest text. */
const NEAR_END_PX = 48;

const pageEnd = () => document.documentElement.scrollHeight;
const atEnd = () => window.innerHeight + window.scrollY >= pageEnd() - NEAR_END_PX;
const toEnd = () => window.scrollTo({ top: pageEnd() });

/**
 * Keeps the newest text of a chat in view while it grows (`growth` changes with it), unless the
 * reader scrolled up to read: then the page stays put and `showJump` says new text came in below;
 * `jump` goes down and follows again. Reaching the end by hand follows again too. The page scrolls
 * to its very end, below the sticky message box, so the box never covers the text being written.
 */
export function useFollowStream(growth: string) {
  const following = useRef(true);
  const [away, setAway] = useState(false);
  const [unseen, setUnseen] = useState(false);

  useEffect(() => {
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (atEnd()) {
        following.current = true;
        setAway(false);
        setUnseen(false);
      } else if (y < lastY - 1) {
        // Only the reader moves the page up: following only ever scrolls down.
        following.current = false;
        setAway(true);
      }
      lastY = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // Before paint, so the text never shows below the box for a frame.
  useLayoutEffect(() => {
    if (following.current) toEnd();
    else setUnseen(true);
  }, [growth]);

  const jump = useCallback(() => {
    following.current = true;
    setAway(false);
    setUnseen(false);
    toEnd();
  }, []);

  return { showJump: away && unseen, jump };
}
