import { z } from 'zod';
import { apiRequest } from '../../../lib/http';
import { assignmentPath } from './paths';
import { useServerCall } from '../../../lib/useServerCall';

/** DELETE /api/assignments/:id: a soft delete, undone by restoreAssignment. */
export async function deleteAssignment(id: string): Promise<void> {
  await apiRequest(assignmentPath(id), z.unknown(), { method: 'DELETE' });
}

/** POST /api/assignments/:id/restore: the Undo of a delete. */
export async function restoreAssignment(id: string): Promise<void> {
  await apiRequest(`${assignmentPath(id)}/restore`, z.unknown(), { method: 'POST' });
}

/** deleteAssignment as a hook, for components. */
export const useDeleteAssignment = () => useServerCall(deleteAssignment);

/** restoreAssignment as a hook, for components. */
export const useRestoreAssignment = () => useServerCall(restoreAssignment);
