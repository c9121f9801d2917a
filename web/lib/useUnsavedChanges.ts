import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Warns before leaving with unsaved changes: react-router's blocker for links inside the app (the
 * page shows LeaveDialog, or its own dialog, while `blocker.state` is 'blocked'), beforeunload for
 * reloads, closing the tab and other sites. `allowNext` lets the page's own navigation through (the
 * editor after a save, a runner naming its new run in the address). `sameRouteToo`: a change of
 * the query alone leaves too (a runner opening another run of the same bot). Once the work is
 * stored, nothing asks: a question already open lets the navigation through.
 */
export function useUnsavedChanges(dirty: boolean, { sameRouteToo = false }: { sameRouteToo?: boolean } = {}) {
  const allow = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !allow.current &&
      (currentLocation.pathname !== nextLocation.pathname || (sameRouteToo && currentLocation.search !== nextLocation.search)),
  );
  // Saved while the question was open (the autosave in flight has landed): nothing is lost any
  // more, so the navigation asked for goes through instead of a "not saved yet" that is no longer true.
  useEffect(() => {
    if (!dirty && blocker.state === 'blocked') blocker.proceed();
  }, [dirty, blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const allowNext = (navigate: () => void) => {
    allow.current = true;
    try {
      navigate();
    } finally {
      allow.current = false;
    }
  };
  return { blocker, allowNext };
}
