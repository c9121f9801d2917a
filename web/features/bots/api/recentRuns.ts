import { queryOptions, useQuery } from '@tanstack/react-query';
import { recentRuns, type RecentRuns } from '../../../../contract/bots';
import { apiRequest } from '../../../lib/http';
import { conversationKeys } from '../../../lib/conversations/keys';

/** GET /api/bots/recent-runs: the teacher's latest runs, with the bot each one belongs to. */
export function listRecentRuns(signal?: AbortSignal): Promise<RecentRuns> {
  return apiRequest('/api/bots/recent-runs?limit=6', recentRuns, { signal });
}

export const recentRunsQuery = () =>
  queryOptions({
    // Under the conversations' key, so whatever refreshes a run refreshes this row too.
    queryKey: [...conversationKeys.all, 'recent'] as const,
    queryFn: ({ signal }) => listRecentRuns(signal),
    staleTime: 10_000,
  });

export function useRecentRuns() {
  return useQuery(recentRunsQuery());
}
