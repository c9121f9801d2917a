import { useMutation, useQueryClient } from '@tanstack/react-query';
import { schoolTeacherRow, type AddTeacherInput, type SchoolTeacherRow } from '../../../../contract/teacher-lists';
import { apiRequest } from '../../../lib/http';
import { teacherListKey } from './getTeacherList';

/** POST /api/school-admin/teachers: adds one teacher (409 when already listed, 422 off the domains). */
export function addTeacher(input: AddTeacherInput): Promise<SchoolTeacherRow> {
  return apiRequest('/api/school-admin/teachers', schoolTeacherRow, { method: 'POST', body: input });
}

export function useAddTeacher() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addTeacher, onSettled: () => queryClient.invalidateQueries({ queryKey: teacherListKey }) });
}
