import { queryOptions } from '@tanstack/react-query';
import { transcript, type Transcript } from '../../../../contract/assignments';
import { apiFetch, apiRequest } from '../../../lib/http';
import { assignmentKeys, recordPath, retryServerErrors } from './keys';

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
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'transcript.docx';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = safeDecode(name);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const safeDecode = (name: string) => {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
};
