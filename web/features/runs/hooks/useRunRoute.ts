import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths, type RunParams } from '../../../lib/paths';

export type RunRouteName = 'runDocBot' | 'runChatBot' | 'runTutorBot' | 'runStudentTutorBot';

/** The query parameter naming a past conversation reopened without a Saved Docs item (res `new`). */
const CONVERSATION_PARAM = 'c';

/**
 * The runner's route and session. `res` is `new` or a Saved Docs item (docs/product/routes-and-guards.md#route-parameters); a
 * past conversation that was never saved reopens as `new?c=<conversation id>`. When this page
 * itself changes the address (the first send made a conversation, a save made an item), the
 * session goes on: the streaming reply and the form are kept.
 */
export function useRunRoute(route: RunRouteName) {
  const raw = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const params: RunParams & { asid: string } = {
    id: raw.id ?? '',
    shared: raw.shared === 'true',
    res: raw.res ?? 'new',
    uid: raw.uid ?? '',
    sid: raw.sid ?? '',
    asid: raw.asid ?? '',
  };
  const conversationId = params.res === 'new' ? search.get(CONVERSATION_PARAM) : null;
  const here = `${location.pathname}${location.search}`;
  // The addresses this session wrote (and the one it wrote them from: React may render once
  // between the state update and the navigation), all showing the same session.
  const [owned, setOwned] = useState<{ urls: readonly string[]; key: string } | null>(null);
  const ownedHere = owned !== null && owned.urls.includes(here);
  const sessionKey = ownedHere ? owned.key : params.res === 'new' && !conversationId ? `new:${location.key}` : `open:${here}`;
  /** Nothing to load: a fresh run, or the address this session wrote itself. */
  const isNew = ownedHere || (params.res === 'new' && !conversationId);

  const to = useCallback(
    (res: string, conversation?: string) => {
      const p = { ...params, res };
      const path = route === 'runStudentTutorBot' ? paths.runStudentTutorBot.to(p) : paths[route].to(p);
      return conversation ? `${path}?${CONVERSATION_PARAM}=${encodeURIComponent(conversation)}` : path;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the parameters are primitives listed here
    [route, params.id, params.shared, params.uid, params.sid, params.asid],
  );

  const keepSessionAt = useCallback(
    (url: string) => {
      setOwned({ urls: [...(ownedHere ? owned.urls : []), here, url], key: sessionKey });
      void navigate(url, { replace: true });
    },
    [navigate, sessionKey, here, owned, ownedHere],
  );
  /** The first send made a conversation: name it in the address (a reload reopens it). */
  const adoptConversation = useCallback((id: string) => keepSessionAt(to('new', id)), [keepSessionAt, to]);
  /** A save made (or updated) a Saved Docs item: it becomes `res`. */
  const adoptSaved = useCallback((savedId: string) => keepSessionAt(to(savedId)), [keepSessionAt, to]);
  const openNew = useCallback(() => void navigate(to('new')), [navigate, to]);
  const openConversation = useCallback((id: string) => void navigate(to('new', id)), [navigate, to]);

  return { params, conversationId, sessionKey, isNew, adoptConversation, adoptSaved, openNew, openConversation };
}
