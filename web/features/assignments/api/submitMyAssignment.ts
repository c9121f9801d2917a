import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myAssignment, type MyAssignment } from '../../../../contract/assignments';
import { apiRequest } from '../../../lib/http';
import { myAssignmentKeys, myAssignmentPath } from './myAssignmentKeys';

/** POST /api/my-assignments/:asid/submit ("I'm done"): handed in, no more messages until the teacher hands it back. */
export function submitMyAssignment(asid: string): Promise<MyAssignment> {
  return apiRequest(`${myAssignmentPath(asid)}/submit`, myAssignment, { method: 'POST' });
}

/** submitMyAssignment, then the list and the record are read again. */
export function useSubmitMyAssignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (asid: string) => submitMyAssignment(asid),
    onSuccess: () => void client.invalidateQueries({ queryKey: myAssignmentKeys.all }),
  });
}
