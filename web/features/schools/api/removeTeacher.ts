import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/http';
import { teacherListKey } from './getTeacherList';

/** DELETE /api/school-admin/teachers/:id: removes a teacher (204). */
export async function removeTeacher(id: string): Promise<void> {
  await apiRequest(`/api/school-admin/teachers/${encodeURIComponent(id)}`, z.null(), { method: 'DELETE' });
}

export function useRemoveTeacher() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeTeacher, onSettled: () => queryClient.invalidateQueries({ queryKey: teacherListKey }) });
}
