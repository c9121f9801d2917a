import { queryOptions } from '@tanstack/react-query';
import { transcript, type Transcript } from '../../../../contract/assignments';
import { attachmentName, saveBlob } from '../../../lib/download';
import { apiFetch, apiRequest, retryServerErrors } from '../../../lib/http';
import { useServerCall } from '../../../lib/useServerCall';
import { assignmentKeys } from '../../../lib/assignments/keys';
import { recordPath } from './paths';

/** GET /api/assignments/:id/students/:recordId/transcript: the student's conversation, read-only. */
export function getTranscript(assignmentId: string, recordId: string, signal?: AbortSignal): Promise<Transcript> {
  return apiRequest(`${recordPath(assignmentId, recordId)}/transcript`, transcript, { signal });
}

export const transcriptQuery = (assignmentId: string, recordId: string) =>
  queryOptions({
    queryKey: assignmentKeys.transcript(assignmentId, recordId),
    queryFn: ({ signal }) => getTranscript(assignmentId, recordId, signal),
    staleTime: 5_000,
    retry: retryServerErrors,
  });

/** Where the browser downloads the transcript as Word (the server names the file). */
export const transcriptDocxUrl = (assignmentId: string, recordId: string) => `${recordPath(assignmentId, recordId)}/transcript.docx`;

/**
 * GET …/transcript.docx as a download. Fetched rather than linked, so a refusal (a deleted
 * assignment, a lapsed session) throws its ApiError for the page to show instead of saving an error as a file.
 */
export async function downloadTranscriptDocx(assignmentId: string, recordId: string): Promise<void> {
  const res = await apiFetch(transcriptDocxUrl(assignmentId, recordId), { headers: { Accept: DOCX_TYPE } });
  saveBlob(await res.blob(), attachmentName(res, 'transcript.docx'));
}

/** downloadTranscriptDocx as a hook, for components. */
export const useDownloadTranscriptDocx = () => useServerCall(downloadTranscriptDocx);

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
