import { z } from 'zod';
import { boundedInt, uuid } from './common';
import { filePurpose, fileStatus, fileType } from './files';

/**
 * My Files: a teacher's own files (knowledge files, icons, attachments, generated images) with
 * their sizes and where each is used, against the storage quota; and deleting one or several.
 */

export const myFilesSort = z.enum(['created', 'size'], { error: 'Sort by created or size.' });
export type MyFilesSort = z.infer<typeof myFilesSort>;
export const sortDirection = z.enum(['desc', 'asc'], { error: 'The order is desc or asc.' });

export const MY_FILES_PAGE_SIZES = [10, 25, 50, 100] as const;

/** GET /api/files/mine: one page of the caller's files, largest or newest first by default. */
export const listMyFilesQuery = z.object({
  sort: myFilesSort.default('created'),
  dir: sortDirection.default('desc'),
  /** The page, from 0. */
  page: boundedInt(0, 100_000, { coerce: true, message: 'The page is a whole number from 0.' }).default(0),
  limit: boundedInt(1, 100, { coerce: true, message: 'Ask for 1 to 100 files a page.' }).default(25),
  /** Only the files of this kind (the bot editor's "From My Files" asks for knowledge files). */
  kind: filePurpose.optional(),
});
export type ListMyFilesQuery = z.input<typeof listMyFilesQuery>;
export type MyFilesQuery = z.output<typeof listMyFilesQuery>;

const botUse = z.object({ id: z.string(), name: z.string(), kind: z.enum(['DocBot', 'ChatBot', 'TutorBot']) });
const savedUse = z.object({ id: z.string(), title: z.string(), kind: z.enum(['document', 'conversation', 'image']) });
const conversationUse = z.object({ id: z.string(), title: z.string() });
const ticketUse = z.object({ id: z.string(), subject: z.string() });

/**
 * Where a file is used. Deleting it: the bots lose it from their knowledge (or their icon), an
 * image item of Saved Docs goes with it, documents and conversations keep their text but show the
 * image no more, a support ticket loses the attachment. `otherBots` counts copies of the
 * teacher's bots that other teachers made, which link the same file.
 */
export const fileUses = z.object({
  knowledgeOf: z.array(botUse),
  iconOf: z.array(botUse),
  otherBots: z.number().int().nonnegative(),
  savedImages: z.array(savedUse),
  savedDocs: z.array(savedUse),
  conversations: z.array(conversationUse),
  tickets: z.array(ticketUse),
});
export type FileUses = z.infer<typeof fileUses>;

export const myFile = z.object({
  id: uuid(),
  name: z.string(),
  kind: filePurpose,
  type: fileType,
  status: fileStatus,
  size: z.number().int().nonnegative(),
  createdAt: z.string(),
  /** An upload from a bot editor that no save has used yet: deleted after this time unless kept (ISO time). */
  pendingUntil: z.string().nullable(),
  uses: fileUses,
});
export type MyFile = z.infer<typeof myFile>;

/** The caller's storage as My Files shows it. */
export const storageTotals = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
  fileCount: z.number().int().nonnegative(),
});
export type StorageTotals = z.infer<typeof storageTotals>;

export const myFilesPage = z.object({
  files: z.array(myFile),
  page: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  totals: storageTotals,
});
export type MyFilesPage = z.infer<typeof myFilesPage>;

/** POST /api/files/delete: deletes these files of the caller's at once. */
export const deleteFilesInput = z.object({
  ids: z
    .array(uuid('is not a file of yours'), { error: 'Send the ids of the files to delete.' })
    .min(1, 'Choose at least one file.')
    .max(100, 'Delete at most 100 files at once.'),
});
export type DeleteFilesInput = z.infer<typeof deleteFilesInput>;

/** What a delete did: the files gone, the bytes freed, and what lost them (the same shape as `uses`). */
export const deleteFilesResult = z.object({
  deleted: z.array(z.string()),
  freedBytes: z.number().int().nonnegative(),
  affected: fileUses,
  totals: storageTotals,
});
export type DeleteFilesResult = z.infer<typeof deleteFilesResult>;

/** Ids of the caller's files for Keep and Discard: at most a page of them. */
const fileIds = z
  .array(uuid('is not a file of yours'), { error: 'Send the ids of the files.' })
  .min(1, 'Choose at least one file.')
  .max(100, 'Send at most 100 files at once.');

/** POST /api/files/keep: these uploads of the caller's wait no longer; they stay as library files. */
export const keepFilesInput = z.object({ ids: fileIds });
export type KeepFilesInput = z.infer<typeof keepFilesInput>;
export const keepFilesResult = z.object({ kept: z.array(z.string()) });
export type KeepFilesResult = z.infer<typeof keepFilesResult>;

/**
 * POST /api/files/discard: a bot editor left unsaved gives up its own uploads. Only files still
 * waiting for a save, and used by nothing, are deleted; any other id is left alone.
 */
export const discardFilesInput = z.object({ ids: fileIds });
export type DiscardFilesInput = z.infer<typeof discardFilesInput>;
export const discardFilesResult = z.object({ discarded: z.array(z.string()) });
export type DiscardFilesResult = z.infer<typeof discardFilesResult>;
