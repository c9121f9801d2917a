import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { myFilesPage, type MyFilesPage, type MyFilesSort } from '../../../../contract/my-files';
import { apiRequest } from '../../../lib/http';

export interface MyFilesParams {
  sort: MyFilesSort;
  dir: 'asc' | 'desc';
  page: number;
  limit: number;
}

export const myFilesKey = ['files', 'mine'] as const;

/** GET /api/files/mine: one page of the teacher's files, with where each is used and the storage totals. */
export function listMyFiles(params: MyFilesParams, signal?: AbortSignal): Promise<MyFilesPage> {
  const query = new URLSearchParams({ sort: params.sort, dir: params.dir, page: String(params.page), limit: String(params.limit) });
  return apiRequest(`/api/files/mine?${query.toString()}`, myFilesPage, { signal });
}

export const myFilesQueryOptions = (params: MyFilesParams) =>
  queryOptions({
    queryKey: [...myFilesKey, params],
    queryFn: ({ signal }) => listMyFiles(params, signal),
    placeholderData: keepPreviousData,
  });

export function useMyFiles(params: MyFilesParams) {
  return useQuery(myFilesQueryOptions(params));
}
