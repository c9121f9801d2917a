import { useMutation } from '@tanstack/react-query';
import { studentDataDeleted, type StudentDataDeleted } from '../../../../contract/records';
import { attachmentName, saveBlob } from '../../../lib/download';
import { apiFetch, apiRequest } from '../../../lib/http';
import { useServerCall, type CallOptions } from '../../../lib/useServerCall';

const studentPath = (entryId: string) => `/api/students/${encodeURIComponent(entryId)}`;

/**
 * GET /api/students/:entryId/export as a download (the zip). Fetched rather than linked, so a
 * refusal throws its ApiError for the page to show instead of saving an error as a file.
 */
export async function downloadStudentRecord(entryId: string): Promise<void> {
  const res = await apiFetch(`${studentPath(entryId)}/export`, { headers: { Accept: 'application/zip' } });
  saveBlob(await res.blob(), attachmentName(res, 'student-record.zip'));
}

/** downloadStudentRecord as a hook, for components. */
export const useDownloadStudentRecord = () => useServerCall(downloadStudentRecord);

/** DELETE /api/students/:entryId/data: what the teacher holds of the student, deleted. */
export function deleteStudentData(entryId: string): Promise<StudentDataDeleted> {
  return apiRequest(`${studentPath(entryId)}/data`, studentDataDeleted, { method: 'DELETE' });
}

/** deleteStudentData of one student as a mutation; the caller says what follows. */
export const useDeleteStudentData = (entryId: string, options?: CallOptions<void, StudentDataDeleted>) =>
  useMutation({ ...options, mutationFn: () => deleteStudentData(entryId) });
