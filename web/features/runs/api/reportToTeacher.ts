import { useMutation } from '@tanstack/react-query';
import { studentReportResult, type StudentReportInput, type StudentReportResult } from '../../../../contract/flags';
import { apiRequest } from '../../../lib/http';
import type { CallOptions } from '../../../lib/useServerCall';

/** POST /api/my-assignments/:asid/report: a flag for the student's teacher ("Report this answer" on the tutor page). */
export function reportToTeacher(asid: string, input: StudentReportInput): Promise<StudentReportResult> {
  return apiRequest(`/api/my-assignments/${encodeURIComponent(asid)}/report`, studentReportResult, { method: 'POST', body: input });
}

/** reportToTeacher for one record as a mutation; the caller says what follows. */
export const useReportToTeacher = (asid: string, options?: CallOptions<StudentReportInput, StudentReportResult>) =>
  useMutation({ ...options, mutationFn: (input: StudentReportInput) => reportToTeacher(asid, input) });
