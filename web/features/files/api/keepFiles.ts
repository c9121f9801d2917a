import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keepFilesResult, type KeepFilesResult } from '../../../../contract/my-files';
import { apiRequest } from '../../../lib/http';
import { myFilesKey } from './listMyFiles';

/** POST /api/files/keep: these uploads from a bot editor stay as the teacher's files, used or not (decision 283). */
export function keepFiles(ids: string[]): Promise<KeepFilesResult> {
  return apiRequest('/api/files/keep', keepFilesResult, { method: 'POST', body: { ids } });
}

/** Keeps, then refreshes My Files. */
export function useKeepFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: keepFiles,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myFilesKey }),
  });
}
