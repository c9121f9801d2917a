import { studentDataDeleted, type StudentDataDeleted } from '../../../../contract/records';
import { apiFetch, apiRequest } from '../../../lib/http';
import { useServerCall } from '../../../lib/useServerCall';

const studentPath = (entryId: string) => `/api/students/${encodeURIComponent(entryId)}`;

const safeDecode = (name: string) => {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
};

/**
 * GET /api/students/:entryId/export as a download (the zip). Fetched rather than linked, so a
 * refusal throws its ApiError for the page to show instead of saving an error as a file.
 */
export async function downloadStudentRecord(entryId: string): Promise<void> {
  const res = await apiFetch(`${studentPath(entryId)}/export`, { headers: { Accept: 'application/zip' } });
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'student-record.zip';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = safeDecode(name);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** DELETE /api/students/:entryId/data: what the teacher holds of the student, deleted. */
export function deleteStudentData(entryId: string): Promise<StudentDataDeleted> {
  return apiRequest(`${studentPath(entryId)}/data`, studentDataDeleted, { method: 'DELETE' });
}

/** deleteStudentData as a hook, for components. */
export const useDeleteStudentData = () => useServerCall(deleteStudentData);
