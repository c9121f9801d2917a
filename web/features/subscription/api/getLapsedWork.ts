import { queryOptions, useQuery } from '@tanstack/react-query';
import { lapsedWork, type LapsedWork } from '../../../../contract/subscription';
import { apiRequest } from '../../../lib/http';

/** GET /api/subscription/lapsed-work: the signed-in teacher's open assignments and classes. */
export function getLapsedWork(signal?: AbortSignal): Promise<LapsedWork> {
  return apiRequest('/api/subscription/lapsed-work', lapsedWork, { signal });
}

export const lapsedWorkQueryOptions = () =>
  queryOptions({ queryKey: ['subscription', 'lapsed-work'], queryFn: ({ signal }) => getLapsedWork(signal), staleTime: 30_000 });

/** Asked only for teachers: the endpoint refuses students. */
export function useLapsedWork(enabled: boolean) {
  return useQuery({ ...lapsedWorkQueryOptions(), enabled });
}
