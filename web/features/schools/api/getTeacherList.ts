import { queryOptions, useQuery } from '@tanstack/react-query';
import { teacherList, type TeacherList } from '../../../../contract/teacher-lists';
import { apiRequest } from '../../../lib/http';

export const teacherListKey = ['school-admin', 'teachers'] as const;

/** GET /api/school-admin/teachers: the licence and its teachers, by e-mail. */
export function getTeacherList(signal?: AbortSignal): Promise<TeacherList> {
  return apiRequest('/api/school-admin/teachers', teacherList, { signal });
}

export const teacherListQuery = () => queryOptions({ queryKey: teacherListKey, queryFn: ({ signal }) => getTeacherList(signal) });

export function useTeacherList() {
  return useQuery(teacherListQuery());
}
