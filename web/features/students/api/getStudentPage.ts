import { queryOptions } from '@tanstack/react-query';
import { studentPage, type StudentPage } from '../../../../contract/assignments';
import { apiRequest, retryServerErrors } from '../../../lib/http';
import { assignmentKeys } from '../../../lib/assignments/keys';

/** GET /api/students/:entryId: one student of the teacher's rosters, across classes and assignments. */
export function getStudentPage(entryId: string, signal?: AbortSignal): Promise<StudentPage> {
  return apiRequest(`/api/students/${encodeURIComponent(entryId)}`, studentPage, { signal });
}

export const studentPageQuery = (entryId: string) =>
  queryOptions({
    queryKey: assignmentKeys.studentPage(entryId),
    queryFn: ({ signal }) => getStudentPage(entryId, signal),
    staleTime: 5_000,
    retry: retryServerErrors,
  });
