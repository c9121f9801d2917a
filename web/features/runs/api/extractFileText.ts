import { fileText } from '../../../../contract/files';
import { apiRequest } from '../../../lib/http';
import { startUpload, type UploadHandle } from '../../../lib/upload/upload-client';
import { useServerCall } from '../../../lib/useServerCall';

/**
 * A PDF or Word file's text: uploaded (as an attachment file of the teacher's), then read by the
 * server (GET /api/files/:id/text). `started` hands over the upload, so it can be cancelled.
 */
export async function extractFileText(file: File, ownerId: string | undefined, started: (h: UploadHandle) => void): Promise<string> {
  const upload = startUpload(file, { purpose: 'attachment', ownerId });
  started(upload);
  const info = await upload.done;
  return (await apiRequest(`/api/files/${encodeURIComponent(info.id)}/text`, fileText)).text;
}

/** extractFileText as a hook, for components. */
export const useExtractFileText = () => useServerCall(extractFileText);
