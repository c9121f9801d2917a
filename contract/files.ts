import { z } from 'zod';
import { text, uuid } from './common';

/** Uploads up to this size go as one multipart request; larger ones use tus (docs/product/files.md#how-a-file-travels). */
export const MULTIPART_MAX_BYTES = 256 * 1024;
/** The resumable client's first chunk; it doubles after each good chunk, staying below the cap. */
export const TUS_FIRST_CHUNK_BYTES = 256 * 1024;
export const TUS_CHUNK_CAP_BYTES = 32 * 1024 * 1024;
/** Where the tus protocol is spoken. */
export const UPLOADS_PATH = '/api/uploads';

/** The types a file may have; each is checked against the file's first bytes. */
export const acceptedFileTypes = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  'text/markdown',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
] as const;
export const fileType = z.enum(acceptedFileTypes);
export type FileType = z.infer<typeof fileType>;

/** The extensions offered by file pickers, per type. */
export const fileExtensions: Record<FileType, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'text/plain': ['.txt'],
  'text/markdown': ['.md', '.markdown'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'image/gif': ['.gif'],
};

/** What a file is for: knowledge files feed a bot's model and are never served to students. */
export const filePurpose = z.enum(['knowledge', 'image', 'icon', 'attachment']);
export type FilePurpose = z.infer<typeof filePurpose>;

/**
 * How long an upload made from a bot editor waits for a save that uses it (or Keep on My Files)
 * before the hourly sweep deletes it, when nothing uses it (docs/decisions/283-pending-editor-uploads.md).
 */
export const PENDING_UPLOAD_HOURS = 24;
/** The purposes an editor's upload may have when it waits for the bot's save. */
export const pendingPurposes: readonly FilePurpose[] = ['knowledge', 'icon'];
/** `pending` on an upload's form or tus metadata: 'true' from a bot editor, absent (or 'false') elsewhere. */
export const pendingFlag = z
  .enum(['true', 'false'], { error: 'Pending is true or false.' })
  .default('false')
  .transform((v) => v === 'true');

export const fileStatus = z.enum(['processing', 'ready']);
export type FileStatus = z.infer<typeof fileStatus>;

/** A stored file as the API shows it; the original name is metadata, shown as text only. */
export const fileInfo = z.object({
  id: uuid(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  type: fileType,
  declaredType: z.string(),
  purpose: filePurpose,
  status: fileStatus,
  sha256: z.string(),
  hasText: z.boolean(),
  textChars: z.number().int().nonnegative(),
  createdAt: z.string(),
  /** Set on an editor's upload until a save uses it: when the sweep may delete it (ISO time). */
  pendingUntil: z.string().nullable(),
});
export type FileInfo = z.infer<typeof fileInfo>;

export const fileList = z.object({ files: z.array(fileInfo) });

/** GET /api/files/:id/text: the text the server extracted from one of the caller's files (PDF, DOCX, text). */
export const fileText = z.object({ id: uuid(), name: z.string(), text: z.string() });
export type FileText = z.infer<typeof fileText>;
export type FileList = z.infer<typeof fileList>;

/** The caller's storage and the limits the upload client follows. */
export const storageUsage = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
  maxFileBytes: z.number().int().positive(),
  multipartMaxBytes: z.number().int().positive(),
  retryMaxMs: z.number().int().positive(),
  acceptedTypes: z.array(fileType),
});
export type StorageUsage = z.infer<typeof storageUsage>;

/** Upload metadata sent with a tus creation (Upload-Metadata) or as multipart fields. */
export const uploadMetadata = z
  .object({
    filename: text({ max: 1024 }),
    filetype: text({ max: 255 }).default(''),
    purpose: filePurpose.default('attachment'),
    pending: pendingFlag,
  })
  .refine((m) => !m.pending || pendingPurposes.includes(m.purpose), {
    path: ['pending'],
    message: 'Only a knowledge file or an icon waits for a bot to be saved.',
  });
export type UploadMetadata = z.infer<typeof uploadMetadata>;

/** Header carrying the finished file's id on the last tus PATCH (and on HEAD of a finished upload). */
export const UPLOAD_FILE_ID_HEADER = 'Upload-File-Id';
