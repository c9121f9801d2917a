import { infiniteQueryOptions } from '@tanstack/react-query';
import { serverErrorList, type ServerErrorList } from '../../../../../contract/superdash';
import { apiRequest } from '../../../../lib/http';
import { superKeys } from './keys';

/** GET /api/superdash/errors: recent server errors, newest first; one request's by its id. */
export function listErrors(requestId: string, before: string | null, signal?: AbortSignal): Promise<ServerErrorList> {
  const q = new URLSearchParams();
  if (requestId) q.set('requestId', requestId);
  if (before) q.set('before', before);
  return apiRequest(`/api/superdash/errors?${q.toString()}`, serverErrorList, { signal });
}

export const errorsQuery = (requestId: string) =>
  infiniteQueryOptions({
    queryKey: superKeys.errors(requestId),
    queryFn: ({ pageParam, signal }) => listErrors(requestId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
