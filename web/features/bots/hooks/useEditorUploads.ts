import { useCallback, useEffect, useRef } from 'react';
import { discardUploads } from '../api/discardUploads';

/**
 * The files this bot editor uploaded (decision 283). Each waits on the server for a save that
 * uses it. When the editor goes (the teacher confirmed leaving, or left once it was saved) or the
 * page unloads (a reload or closed tab, after the leave warning), it gives them all up: the server
 * deletes only those still waiting and used by nothing, so a saved one stays. What this misses (a
 * crash, a page kept in the back-forward cache) the hourly sweep takes. Answers `track(fileId)`.
 */
export function useEditorUploads(): (fileId: string) => void {
  const ids = useRef(new Set<string>());
  useEffect(() => {
    const uploads = ids.current;
    const giveUp = () => {
      if (!uploads.size) return;
      discardUploads([...uploads]);
      uploads.clear();
    };
    // persisted: the page goes into the back-forward cache and may come back with its draft.
    const onPageHide = (event: PageTransitionEvent) => {
      if (!event.persisted) giveUp();
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      giveUp();
    };
  }, []);
  return useCallback((fileId: string) => {
    ids.current.add(fileId);
  }, []);
}
