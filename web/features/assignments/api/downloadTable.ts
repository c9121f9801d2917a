import { attachmentName, saveBlob } from '../../../lib/download';
import { apiFetch } from '../../../lib/http';
import { useServerCall } from '../../../lib/useServerCall';

/**
 * GET /api/assignments/:id/progress.csv and …/transcripts.zip as downloads (the server names the
 * files). Fetched rather than linked, so a refusal throws its ApiError for the page to say.
 */
async function download(url: string, accept: string, fallback: string): Promise<void> {
  const res = await apiFetch(url, { headers: { Accept: accept } });
  saveBlob(await res.blob(), attachmentName(res, fallback));
}

export const downloadProgressCsv = (assignmentId: string) =>
  download(`/api/assignments/${encodeURIComponent(assignmentId)}/progress.csv`, 'text/csv', 'progress.csv');

export const downloadTranscriptsZip = (assignmentId: string) =>
  download(`/api/assignments/${encodeURIComponent(assignmentId)}/transcripts.zip`, 'application/zip', 'transcripts.zip');

export const useDownloadProgressCsv = () => useServerCall(downloadProgressCsv);
export const useDownloadTranscriptsZip = () => useServerCall(downloadTranscriptsZip);
