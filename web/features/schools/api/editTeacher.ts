import { useMutation, useQueryClient } from '@tanstack/react-query';
import { schoolTeacherRow, type SchoolTeacherRow } from '../../../../contract/teacher-lists';
import { apiRequest } from '../../../lib/http';
import { teacherListKey } from './getTeacherList';

/** PATCH /api/school-admin/teachers/:id: changes a teacher's building (empty: none). */
export function editTeacher({ id, building }: { id: string; building: string }): Promise<SchoolTeacherRow> {
  return apiRequest(`/api/school-admin/teachers/${encodeURIComponent(id)}`, schoolTeacherRow, { method: 'PATCH', body: { building } });
}

export function useEditTeacher() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editTeacher, onSettled: () => queryClient.invalidateQueries({ queryKey: teacherListKey }) });
}
