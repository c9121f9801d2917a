import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import {
  flagCount,
  flagDetail,
  flagList,
  flagSummary,
  type FlagCount,
  type FlagDetail,
  type FlagList,
  type FlagStatus,
  type FlagSummary,
  type ReviewFlagInput,
} from '../../../../contract/flags';
import { retryServerErrors, apiRequest } from '../../../lib/http';
import { flagKeys, flagPath } from './keys';
import type { CallOptions } from '../../../lib/useServerCall';

/** GET /api/flags: one page of the caller's inbox by status, newest first; or one record's flags. */
export function listFlags(params: { status: FlagStatus; cursor?: string; record?: string }, signal?: AbortSignal): Promise<FlagList> {
  const q = new URLSearchParams({ status: params.status });
  if (params.cursor) q.set('cursor', params.cursor);
  if (params.record) q.set('record', params.record);
  return apiRequest(`/api/flags?${q.toString()}`, flagList, { signal });
}

export const flagInboxQuery = (status: FlagStatus) =>
  infiniteQueryOptions({
    queryKey: flagKeys.list(status),
    queryFn: ({ pageParam, signal }) => listFlags({ status, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 5_000,
    retry: retryServerErrors,
  });

/** Every flag of one student's assignment record, page by page (the table's and the student page's dialogs). */
export const recordFlagsQuery = (recordId: string) =>
  infiniteQueryOptions({
    queryKey: flagKeys.record(recordId),
    queryFn: ({ pageParam, signal }) => listFlags({ status: 'all', record: recordId, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 5_000,
    retry: retryServerErrors,
  });

/** GET /api/flags/count: the drawer's badge. */
export function getFlagCount(signal?: AbortSignal): Promise<FlagCount> {
  return apiRequest('/api/flags/count', flagCount, { signal });
}

export const flagCountQuery = () =>
  queryOptions({
    queryKey: flagKeys.count(),
    queryFn: ({ signal }) => getFlagCount(signal),
    // The live stream refetches it; focus is the fallback when the stream is down.
    staleTime: 5_000,
    refetchOnWindowFocus: true,
    retry: retryServerErrors,
  });

/** GET /api/flags/:id: the flag with the message in context. */
export function getFlag(id: string, signal?: AbortSignal): Promise<FlagDetail> {
  return apiRequest(flagPath(id), flagDetail, { signal });
}

export const flagDetailQuery = (id: string) =>
  queryOptions({
    queryKey: flagKeys.detail(id),
    queryFn: ({ signal }) => getFlag(id, signal),
    staleTime: 5_000,
    retry: retryServerErrors,
  });

/** POST /api/flags/:id/review: reviewed with a note, or back to unreviewed. */
export function reviewFlag(id: string, input: ReviewFlagInput): Promise<FlagSummary> {
  return apiRequest(`${flagPath(id)}/review`, flagSummary, { method: 'POST', body: input });
}

/** reviewFlag of one flag as a mutation; the caller says what follows. */
export const useReviewFlag = (id: string, options?: CallOptions<ReviewFlagInput, FlagSummary>) =>
  useMutation({ ...options, mutationFn: (input: ReviewFlagInput) => reviewFlag(id, input) });
