import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteFilesResult, type DeleteFilesResult } from '../../../../contract/my-files';
import { apiRequest } from '../../../lib/http';
import { myFilesKey } from './listMyFiles';

/** POST /api/files/delete: deletes these files of the teacher's; answers what it affected and the new totals. */
export function deleteFiles(ids: string[]): Promise<DeleteFilesResult> {
  return apiRequest('/api/files/delete', deleteFilesResult, { method: 'POST', body: { ids } });
}

/** Deletes, then refreshes My Files and every storage figure shown elsewhere (the plan's usage meter). */
export function useDeleteFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFiles,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: myFilesKey });
      await queryClient.invalidateQueries({ queryKey: ['subscription', 'plan'] });
    },
  });
}
