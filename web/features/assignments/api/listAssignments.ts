import { queryOptions } from '@tanstack/react-query';
import { assignmentList, type AssignmentList } from '../../../../contract/assignments';
import { apiRequest, retryServerErrors } from '../../../lib/http';
import { assignmentKeys } from '../../../lib/assignments/keys';

/** GET /api/assignments: the teacher's assignments, newest first. */
export function listAssignments(signal?: AbortSignal): Promise<AssignmentList> {
  return apiRequest('/api/assignments', assignmentList, { signal });
}

export const assignmentListQuery = () =>
  queryOptions({
    queryKey: assignmentKeys.list(),
    queryFn: ({ signal }) => listAssignments(signal),
    staleTime: 10_000,
    retry: retryServerErrors,
  });
