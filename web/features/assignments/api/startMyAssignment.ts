import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myAssignment, type MyAssignment, type MyAssignmentDetail } from '../../../../contract/assignments';
import { apiRequest } from '../../../lib/http';
import { useServerCall } from '../../../lib/useServerCall';
import { myAssignmentKeys, myAssignmentPath } from './myAssignmentKeys';

/** POST /api/my-assignments/:asid/start: makes the record's one conversation (idempotent), in progress from then on. */
export function startMyAssignment(asid: string): Promise<MyAssignment> {
  return apiRequest(`${myAssignmentPath(asid)}/start`, myAssignment, { method: 'POST' });
}

/** The started record replaces the cached one (its conversation id, its status), so the tutor page agrees with the address. */
function rememberStarted(client: ReturnType<typeof useQueryClient>, started: MyAssignment) {
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

/**
 * The tutor page's start on the first message: startMyAssignment, and a record that has its
 * conversation is remembered before the answer, so the caches know it before the message streams.
 */
export function useStartBeforeSending() {
  const client = useQueryClient();
  const start = useServerCall(startMyAssignment);
  return useCallback(
    async (asid: string) => {
      const started = await start(asid);
      if (started.conversationId) rememberStarted(client, started);
      return started;
    },
    [client, start],
  );
}
