import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** How close to the end of the page still counts as reading the newest text. */
const NEAR_END_PX = 48;

/** Where following reads to: the page's end, or (with `end`) just past that element's bottom. */
function endOf(end: RefObject<HTMLElement | null> | undefined): number {
  const el = end?.current;
  if (!el) return document.documentElement.scrollHeight;
  return el.getBoundingClientRect().bottom + window.scrollY + NEAR_END_PX / 2;
}

interface FollowOptions {
  /** Follow only while this is true (a document being written), not on every change of `growth`. */
  active?: boolean;
  /** The element whose end is followed; the page's end without it. */
  end?: RefObject<HTMLElement | null>;
}

/**
 * Keeps the newest text of a chat in view while it grows (`growth` changes with it), unless the
 * reader scrolled up to read: then the page stays put and `showJump` says new text came in below;
 * `jump` goes down and follows again. Reaching the end by hand follows again too. The page scrolls
 * to its very end, below the sticky message box, so the box never covers the text being written.
 * A DocBot follows its document instead (`end`), and only while one is written (`active`): a phone
 * shows the form's answers above it, so the document starts below the fold (issue 39, item 16).
 */
export function useFollowStream(growth: string, { active = true, end }: FollowOptions = {}) {
  const following = useRef(true);
  const [away, setAway] = useState(false);
  const [unseen, setUnseen] = useState(false);
  const atEnd = useCallback(() => window.innerHeight + window.scrollY >= endOf(end) - NEAR_END_PX, [end]);
  // Following only ever scrolls down: text already in view stays where the reader has it.
  const toEnd = useCallback(() => {
    const top = endOf(end) - window.innerHeight;
    if (top > window.scrollY) window.scrollTo({ top });
  }, [end]);

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
  }, [atEnd]);

  // Before paint, so the text never shows below the box for a frame.
  useLayoutEffect(() => {
    if (!active) return;
    if (following.current) toEnd();
    else setUnseen(true);
  }, [growth, active, toEnd]);

  const jump = useCallback(() => {
    following.current = true;
    setAway(false);
    setUnseen(false);
    toEnd();
  }, [toEnd]);

  /** Follow again from the next growth on, without moving the page now (a document about to be written). */
  const resume = useCallback(() => {
    following.current = true;
    setAway(false);
    setUnseen(false);
  }, []);

  return { showJump: away && unseen, jump, resume };
}
