import type { Readable } from 'node:stream';
import type { AppDeps } from '../../core/context';
import { findOwnFile, openFile } from '../files';
import { docxFileName, docxUnicodeFileName, markdownToDocx, type ImageLoader } from './markdown-docx';

const MAX_EMBEDDED_BYTES = 10 * 1024 * 1024;

/**
 * Images a document may embed: the owner's own ready image files, by their same-origin
 * /api/files/:id address (or /api/images/:id, the older address of a generated image). Anything else (another user's file, an outside address) stays a link,
 * so an export never reads what its owner could not open.
 */
export function ownerImageLoader(deps: AppDeps, ownerId: string): ImageLoader {
  const origin = new URL(deps.config.baseUrl).origin;
  return async (url) => {
    const m = /^\/api\/(?:files|images)\/([0-9a-f-]{36})\/?$/i.exec(url.startsWith(origin) ? url.slice(origin.length) : url);
    if (!m) return null;
    const row = await findOwnFile(deps.database.db, ownerId, m[1]!);
    if (!row || row.status !== 'ready' || !row.sniffedType.startsWith('image/') || row.size > MAX_EMBEDDED_BYTES) return null;
    return readAll(await openFile(deps.config, row));
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * A DOCX download response: an attachment with a safe name (ASCII, and in UTF-8 too). The file is
 * named `fileName` when given (the runner's "bot – date" in the page's language), else the title.
 */
export async function docxResponse(deps: AppDeps, ownerId: string, title: string, markdown: string, fileName?: string): Promise<Response> {
  const bytes = await markdownToDocx(markdown, { title, loadImage: ownerImageLoader(deps, ownerId) });
  return docxAttachment(bytes, fileName?.trim() || title);
}

/** The attachment headers of a Word file named `name` (made safe for file systems). */
export function docxAttachment(bytes: Uint8Array, name: string): Response {
  const ascii = docxFileName(name);
  const utf8Name = docxUnicodeFileName(name);
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(utf8Name)}`,
      'Cache-Control': 'no-store',
    },
  });
}
