import { queryOptions } from '@tanstack/react-query';
import { assignmentDetail, type AssignmentDetail } from '../../../../contract/assignments';
import { apiRequest, retryServerErrors } from '../../../lib/http';
import { assignmentKeys } from '../../../lib/assignments/keys';
import { assignmentPath } from './paths';

/** GET /api/assignments/:id: the assignment and its table (one row per student). */
export function getAssignment(id: string, signal?: AbortSignal): Promise<AssignmentDetail> {
  return apiRequest(assignmentPath(id), assignmentDetail, { signal });
}

export const assignmentQuery = (id: string) =>
  queryOptions({
    queryKey: assignmentKeys.detail(id),
    queryFn: ({ signal }) => getAssignment(id, signal),
    // Live events refetch it; a stale table is never shown for long anyway.
    staleTime: 5_000,
    retry: retryServerErrors,
  });
