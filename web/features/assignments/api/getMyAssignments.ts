import { queryOptions, useQuery } from '@tanstack/react-query';
import { myAssignmentList, type MyAssignmentList } from '../../../../contract/assignments';
import { apiRequest } from '../../../lib/http';
import { myAssignmentKeys } from './myAssignmentKeys';

/** GET /api/my-assignments: the signed-in person's assignment records (any roster they are on). */
export function getMyAssignments(signal?: AbortSignal): Promise<MyAssignmentList> {
  return apiRequest('/api/my-assignments', myAssignmentList, { signal });
}

export const myAssignmentsQuery = () =>
  queryOptions({
    queryKey: myAssignmentKeys.list(),
    queryFn: ({ signal }) => getMyAssignments(signal),
    // Feedback and hand-backs arrive while the page is open elsewhere: read afresh on focus.
    staleTime: 5_000,
    refetchOnWindowFocus: true,
  });

/** The list of /studentAssignments. */
export function useMyAssignments() {
  return useQuery(myAssignmentsQuery());
}
