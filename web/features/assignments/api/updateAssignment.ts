import { assignmentDetail, type AssignmentDetail, type UpdateAssignmentInput } from '../../../../contract/assignments';
import { ApiError, apiRequest } from '../../../lib/http';
import { assignmentPath } from './paths';
import { useServerCall } from '../../../lib/useServerCall';

/** The answer to an edit: saved, or stale (someone changed it since the version shown; reload it). */
export type UpdateAssignmentOutcome = { status: 'saved'; assignment: AssignmentDetail } | { status: 'conflict'; message: string };

/** PATCH /api/assignments/:id against the version the teacher saw; a 409 is an outcome, not an error. */
export async function updateAssignment(id: string, input: UpdateAssignmentInput): Promise<UpdateAssignmentOutcome> {
  try {
    const saved = await apiRequest(assignmentPath(id), assignmentDetail, { method: 'PATCH', body: input });
    return { status: 'saved', assignment: saved };
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) return { status: 'conflict', message: err.message };
    throw err;
  }
}

/** updateAssignment as a hook, for components. */
export const useUpdateAssignment = () => useServerCall(updateAssignment);
