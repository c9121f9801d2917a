import { saveBlob } from '../../../lib/download';
import { apiFetch } from '../../../lib/http';
import { useServerCall } from '../../../lib/useServerCall';

/** The file name a Content-Disposition gives: its UTF-8 `filename*` first, else the ASCII `filename`. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      // A malformed escape: the ASCII name below.
    }
  }
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * DOCX of unsaved Markdown (a runner's output): POST /api/export/docx, then a download named
 * `fileName` (the server makes it safe for file systems), else after the title.
 */
export async function downloadDocx(title: string, markdown: string, fileName?: string): Promise<void> {
  const res = await apiFetch('/api/export/docx', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title, markdown, ...(fileName ? { fileName } : {}) }),
  });
  saveBlob(await res.blob(), attachmentName(res.headers.get('content-disposition'), 'document.docx'));
}

/** downloadDocx as a hook, for components. */
export const useDownloadDocx = () => useServerCall(downloadDocx);
