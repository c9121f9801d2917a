import { queryOptions, useQuery } from '@tanstack/react-query';
import { myAssignmentDetail, type MyAssignmentDetail } from '../../../../contract/assignments';
import { apiRequest, retryServerErrors } from '../../../lib/http';
import { myAssignmentKeys, myAssignmentPath } from './myAssignmentKeys';

/** GET /api/my-assignments/:asid: one record and its conversation so far (404 for anything not the caller's). */
export function getMyAssignment(asid: string, signal?: AbortSignal): Promise<MyAssignmentDetail> {
  return apiRequest(myAssignmentPath(asid), myAssignmentDetail, { signal });
}

export const myAssignmentQuery = (asid: string) =>
  queryOptions({
    queryKey: myAssignmentKeys.detail(asid),
    queryFn: ({ signal }) => getMyAssignment(asid, signal),
    staleTime: 0,
    // Not found is an answer (another student's record, a deleted assignment), not a failure to retry.
    retry: retryServerErrors,
  });

/** The record the tutor page opens; nothing is asked while `enabled` is false (a malformed id). */
export function useMyAssignment(asid: string, enabled = true) {
  return useQuery({ ...myAssignmentQuery(asid), enabled });
}
