import { useCallback } from 'react';
import { signOut } from '../../lib/session/signOut';
import { postLoginRedirect } from '../../lib/storage';

/**
 * Signs out and loads the landing page afresh: a full load drops every cached answer of the
 * signed-in user from memory (shared school computers), and no guard sees a half-signed-out state.
 */
export function useLogout(): () => void {
  return useCallback(() => {
    postLoginRedirect.clear();
    void signOut()
      .catch(() => undefined)
      .finally(() => window.location.assign('/'));
  }, []);
}
