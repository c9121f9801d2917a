import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { classroomCourseList, classroomStatus, importCourseResult } from '../../../../contract/classroom';
import { apiRequest } from '../../../lib/http';
import { useServerCall } from '../../../lib/useServerCall';

/** Query keys of Google Classroom: whether the teacher is connected, and their courses. */
export const classroomKeys = {
  all: ['classroom'] as const,
  status: () => ['classroom', 'status'] as const,
  courses: () => ['classroom', 'courses'] as const,
};

/** Where the browser goes to connect: the server sends it on to Google's consent page and back to /mystudents. */
export const CLASSROOM_CONNECT_PATH = '/api/classroom/connect';

const course = (id: string) => `/api/classroom/courses/${encodeURIComponent(id)}`;

export const classroomStatusQuery = () =>
  queryOptions({
    queryKey: classroomKeys.status(),
    queryFn: ({ signal }) => apiRequest('/api/classroom/status', classroomStatus, { signal }),
    staleTime: 30_000,
  });

/** The teacher's active Classroom courses (read from Google on each open). */
export const classroomCoursesQuery = () =>
  queryOptions({
    queryKey: classroomKeys.courses(),
    queryFn: ({ signal }) => apiRequest('/api/classroom/courses', classroomCourseList, { signal }),
    staleTime: 0,
    retry: false,
  });

/** POST /api/classroom/courses/:id/import: the course's students as a class, kept in step on a repeat. */
export const importClassroomCourse = (courseId: string) => apiRequest(`${course(courseId)}/import`, importCourseResult, { method: 'POST' });

/** DELETE /api/classroom/connection: forgets the teacher's Google tokens. */
export const removeClassroomConnection = async () => {
  await apiRequest('/api/classroom/connection', z.unknown(), { method: 'DELETE' });
};

/** importClassroomCourse as a hook, for components. */
export const useImportClassroomCourse = () => useServerCall(importClassroomCourse);

/** removeClassroomConnection as a hook, for components. */
export const useRemoveClassroomConnection = () => useServerCall(removeClassroomConnection);
