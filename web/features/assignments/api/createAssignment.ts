import { assignmentDetail, type AssignmentDetail, type CreateAssignmentInput } from '../../../../contract/assignments';
import { apiRequest } from '../../../lib/http';
import { useServerCall } from '../../../lib/useServerCall';

/** POST /api/assignments: a template named as the bot is copied to the teacher first (201). */
export function createAssignment(input: CreateAssignmentInput): Promise<AssignmentDetail> {
  return apiRequest('/api/assignments', assignmentDetail, { method: 'POST', body: input });
}

/** createAssignment as a hook, for components. */
export const useCreateAssignment = () => useServerCall(createAssignment);
