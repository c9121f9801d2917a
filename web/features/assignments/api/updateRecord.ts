import { studentRecord, type StudentRecord, type UpdateRecordInput } from '../../../../contract/assignments';
import { ApiError, apiRequest } from '../../../lib/http';
import { recordPath } from './paths';
import { useServerCall } from '../../../lib/useServerCall';

/** The answer to feedback or a status change: saved, or stale (the record changed since; reload it). */
export type UpdateRecordOutcome = { status: 'saved'; record: StudentRecord } | { status: 'conflict'; message: string };

/**
 * PATCH /api/assignments/:id/students/:recordId: feedback, mark completed, or hand back (to in
 * progress), against the record's version; a 409 is an outcome, not an error.
 */
export async function updateRecord(assignmentId: string, recordId: string, input: UpdateRecordInput): Promise<UpdateRecordOutcome> {
  try {
    const record = await apiRequest(recordPath(assignmentId, recordId), studentRecord, { method: 'PATCH', body: input });
    return { status: 'saved', record };
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) return { status: 'conflict', message: err.message };
    throw err;
  }
}

/** updateRecord as a hook, for components. */
export const useUpdateRecord = () => useServerCall(updateRecord);
