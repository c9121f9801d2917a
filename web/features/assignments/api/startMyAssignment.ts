import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myAssignment, type MyAssignment, type MyAssignmentDetail } from '../../../../contract/assignments';
import { apiRequest } from '../../../lib/http';
import { myAssignmentKeys, myAssignmentPath } from './myAssignmentKeys';

/** POST /api/my-assignments/:asid/start: makes the record's one conversation (idempotent), in progress from then on. */
export function startMyAssignment(asid: string): Promise<MyAssignment> {
  return apiRequest(`${myAssignmentPath(asid)}/start`, myAssignment, { method: 'POST' });
}

/** The started record replaces the cached one (its conversation id, its status), so the tutor page agrees with the address. */
export function rememberStarted(client: ReturnType<typeof useQueryClient>, started: MyAssignment) {
  client.setQueryData<MyAssignmentDetail>(myAssignmentKeys.detail(started.id), (old) => (old ? { ...old, ...started } : old));
  void client.invalidateQueries({ queryKey: myAssignmentKeys.list() });
}

/** startMyAssignment, then the caches know the conversation. */
export function useStartMyAssignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (asid: string) => startMyAssignment(asid),
    onSuccess: (started) => rememberStarted(client, started),
  });
}
