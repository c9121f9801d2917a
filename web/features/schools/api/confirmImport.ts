import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importResult, type ConfirmImportInput, type ImportResult } from '../../../../contract/teacher-lists';
import { apiRequest } from '../../../lib/http';
import { teacherListKey } from './getTeacherList';

/** POST /api/school-admin/teachers/import: writes the previewed rows (409 if the list changed since). */
export function confirmImport(input: ConfirmImportInput): Promise<ImportResult> {
  return apiRequest('/api/school-admin/teachers/import', importResult, { method: 'POST', body: input });
}

export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmImport, onSettled: () => queryClient.invalidateQueries({ queryKey: teacherListKey }) });
}
