import { saveBlob } from '../../../lib/download';
import { apiFetch } from '../../../lib/http';
import { useServerCall } from '../../../lib/useServerCall';

/** DOCX of unsaved Markdown (a runner's output): POST /api/export/docx, then a download. */
export async function downloadDocx(title: string, markdown: string): Promise<void> {
  const res = await apiFetch('/api/export/docx', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title, markdown }),
  });
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'document.docx';
  saveBlob(await res.blob(), name);
}

/** downloadDocx as a hook, for components. */
export const useDownloadDocx = () => useServerCall(downloadDocx);
