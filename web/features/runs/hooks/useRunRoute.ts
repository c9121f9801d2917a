import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { paths, type RunParams } from '../../../lib/paths';

export type RunRouteName = 'runDocBot' | 'runChatBot' | 'runTutorBot' | 'runStudentTutorBot';

/**
 * The runner's route parameters and its session: `res` is `new` or the id of a conversation to
 * reopen (Saved Docs ids take its place when that issue lands). A conversation this page created
 * keeps its session (the streaming reply goes on) when its id replaces `new` in the address.
 */
export function useRunRoute(route: RunRouteName) {
  const raw = useParams();
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
  const [adopted, setAdopted] = useState<{ id: string; key: string } | null>(null);
  const sessionKey = adopted && params.res === adopted.id ? adopted.key : params.res === 'new' ? `new:${location.key}` : `res:${params.res}`;
  const isNew = params.res === 'new' || (adopted !== null && params.res === adopted.id);

  const to = useCallback(
    (res: string) => (route === 'runStudentTutorBot' ? paths.runStudentTutorBot.to({ ...params, res }) : paths[route].to({ ...params, res })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the parameters are primitives listed here
    [route, params.id, params.shared, params.uid, params.sid, params.asid],
  );

  /** The conversation this session created: put it in the address without starting over. */
  const adopt = useCallback(
    (conversationId: string) => {
      setAdopted({ id: conversationId, key: sessionKey });
      void navigate(to(conversationId), { replace: true });
    },
    [navigate, to, sessionKey],
  );

  const openNew = useCallback(() => void navigate(to('new')), [navigate, to]);
  const open = useCallback((conversationId: string) => void navigate(to(conversationId)), [navigate, to]);

  return { params, sessionKey, isNew, adopt, openNew, open };
}
