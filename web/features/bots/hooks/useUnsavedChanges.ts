import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Warns before leaving with unsaved changes: react-router's blocker for links inside the app (the
 * page shows its own dialog while `blocker.state` is 'blocked'), beforeunload for reloads, closing
 * the tab and other sites. `allowNext` lets the editor's own navigation after a save through.
 */
export function useUnsavedChanges(dirty: boolean) {
  const allow = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !allow.current && currentLocation.pathname !== nextLocation.pathname,
  );
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
