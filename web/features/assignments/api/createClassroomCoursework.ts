import { postCourseworkResult, type PostCourseworkResult } from '../../../../contract/classroom';
import { apiRequest } from '../../../lib/http';
import { useServerCall } from '../../../lib/useServerCall';

/**
 * POST /api/classroom/courses/:courseId/coursework: one of the teacher's assignments posted to a
 * Google Classroom course, once (a repeat answers the first post's coursework).
 */
export function createClassroomCoursework(courseId: string, assignmentId: string): Promise<PostCourseworkResult> {
  return apiRequest(`/api/classroom/courses/${encodeURIComponent(courseId)}/coursework`, postCourseworkResult, {
    method: 'POST',
    body: { assignmentId },
  });
}

/** createClassroomCoursework as a hook, for components. */
export const useCreateClassroomCoursework = () => useServerCall(createClassroomCoursework);
