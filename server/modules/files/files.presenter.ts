import type { FileInfo, FileType } from '../../../contract/files';
import { schema } from '../../db/client';

export type FileRow = typeof schema.file.$inferSelect;

/** A file row as the API shows it: never the storage key, never the extracted text itself. */
export function presentFile(row: FileRow): FileInfo {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    type: row.sniffedType as FileType,
    declaredType: row.declaredType,
    purpose: row.purpose,
    status: row.status,
    sha256: row.sha256,
    hasText: row.extractedText !== null && row.extractedText.length > 0,
    textChars: row.extractedText?.length ?? 0,
    createdAt: row.createdAt.toISOString(),
    pendingUntil: row.pendingUntil?.toISOString() ?? null,
  };
}

/** The Content-Type a stored file is served with: its checked type, never HTML or SVG. */
export function servedContentType(type: string): string {
  if (type === 'text/plain' || type === 'text/markdown') return 'text/plain; charset=utf-8';
  return type;
}

/**
 * A Content-Disposition that always downloads: an ASCII fallback with anything unusual replaced,
 * and the exact name in RFC 5987 form.
 */
export function attachmentDisposition(name: string): string {
  const fallback =
    name
      .replace(/[^A-Za-z0-9._ ()-]/g, '_')
      .replace(/^\.+/, '_')
      .slice(0, 150) || 'file';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
