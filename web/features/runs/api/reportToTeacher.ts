import { studentReportResult, type StudentReportInput, type StudentReportResult } from '../../../../contract/flags';
import { apiRequest } from '../../../lib/http';
import { useServerCall } from '../../../lib/useServerCall';

/** POST /api/my-assignments/:asid/report: a flag for the student's teacher ("Report this answer" on the tutor page). */
export function reportToTeacher(asid: string, input: StudentReportInput): Promise<StudentReportResult> {
  return apiRequest(`/api/my-assignments/${encodeURIComponent(asid)}/report`, studentReportResult, { method: 'POST', body: input });
}

/** reportToTeacher as a hook, for components. */
export const useReportToTeacher = () => useServerCall(reportToTeacher);
