import { assignmentDetail, type AssignmentDetail } from '../../../../contract/assignments';
import { apiRequest } from '../../../lib/http';
import { assignmentPath } from './paths';
import { useServerCall } from '../../../lib/useServerCall';

/** POST /api/assignments/:id/close or /reopen: closed assignments stay readable; students cannot send. */
export function setAssignmentOpen(id: string, open: boolean): Promise<AssignmentDetail> {
  return apiRequest(`${assignmentPath(id)}/${open ? 'reopen' : 'close'}`, assignmentDetail, { method: 'POST' });
}

/** setAssignmentOpen as a hook, for components. */
export const useSetAssignmentOpen = () => useServerCall(setAssignmentOpen);
