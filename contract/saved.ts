import { z } from 'zod';
import { boundedInt, INT32_MAX, pageCursor, text, uuid as uuidField } from './common';
import { errorBody } from './errors';

/** Saved Docs: what a teacher kept from their bots (docs/decisions/077-saved-docs-one-table-three-kinds.md). */

export const savedKinds = ['document', 'conversation', 'image'] as const;
export const savedKind = z.enum(savedKinds);
export type SavedKind = z.infer<typeof savedKind>;

export const savedSorts = ['updated', 'created', 'title'] as const;
export const savedSort = z.enum(savedSorts);
export type SavedSort = z.infer<typeof savedSort>;

/** Longest title and document the server keeps (a long unit plan is well under 1 MB). */
export const SAVED_TITLE_MAX = 200;
export const SAVED_BODY_MAX = 500_000;

const uuid = uuidField();
const title = text({
  trim: true,
  min: 1,
  max: SAVED_TITLE_MAX,
  tooShort: 'Give it a title.',
  tooLong: `Keep the title under ${SAVED_TITLE_MAX} characters.`,
});
const body = text({ max: SAVED_BODY_MAX, tooLong: 'This document is too long to save.' });

/** Where a saved item reopens: the runner route's parameters (docs/product/routes-and-guards.md), or null if the bot is gone. */
export const savedRunner = z.object({
  botId: z.string(),
  kind: z.enum(['DocBot', 'ChatBot', 'TutorBot']),
  shared: z.boolean(),
  uid: z.string(),
  sid: z.string(),
});
export type SavedRunner = z.infer<typeof savedRunner>;

export const savedSummary = z.object({
  id: z.string(),
  kind: savedKind,
  title: z.string(),
  /** The start of the text, for the list. */
  excerpt: z.string(),
  botId: z.string().nullable(),
  botKind: z.enum(['DocBot', 'ChatBot', 'TutorBot']).nullable(),
  botName: z.string(),
  conversationId: z.string().nullable(),
  fileId: z.string().nullable(),
  runner: savedRunner.nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedSummary = z.infer<typeof savedSummary>;

export const savedDetail = savedSummary.extend({ body: z.string() });
export type SavedDetail = z.infer<typeof savedDetail>;

export const savedPage = z.object({ items: z.array(savedSummary), nextCursor: z.string().nullable() });
export type SavedPage = z.infer<typeof savedPage>;

export const listSavedQuery = z.object({
  q: text({ trim: true, max: 200 }).optional(),
  kind: savedKind.optional(),
  botId: uuid.optional(),
  sort: savedSort.default('updated'),
  cursor: pageCursor().optional(),
  limit: boundedInt(1, 100, { coerce: true }).default(24),
});
export type ListSavedQuery = z.input<typeof listSavedQuery>;

/** The bots the teacher has saved something from, for the list's bot filter. */
export const savedBotList = z.object({
  bots: z.array(z.object({ botId: z.string(), botName: z.string(), botKind: z.enum(['DocBot', 'ChatBot', 'TutorBot']).nullable() })),
});
export type SavedBotList = z.infer<typeof savedBotList>;

/**
 * Save to Saved Docs. A document sends its Markdown (and the run's conversation, so a reopened
 * document can be refined in it); a conversation sends its id (the server snapshots the
 * transcript); an image sends its file. The title defaults to the first heading or first message.
 */
export const createSavedInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('document'), title: title.optional(), body, conversationId: uuid.optional(), botId: uuid.optional() }),
  z.object({ kind: z.literal('conversation'), title: title.optional(), conversationId: uuid }),
  z.object({ kind: z.literal('image'), title: title.optional(), fileId: uuid, botId: uuid.optional() }),
]);
export type CreateSavedInput = z.infer<typeof createSavedInput>;

/**
 * An edit, against the version the client last saw: a stale version is 409 with the server's
 * current item (savedConflictBody). `resync` re-reads a conversation item's transcript (the
 * runner's Save again); `conversationId` moves a document to the run it is being refined in.
 */
export const updateSavedInput = z.object({
  version: boundedInt(1, INT32_MAX),
  title: title.optional(),
  body: body.optional(),
  conversationId: uuid.optional(),
  resync: z.boolean().optional(),
});
export type UpdateSavedInput = z.infer<typeof updateSavedInput>;

/** The 409 of a stale edit: the usual error body plus the item as the server has it now. */
export const savedConflictBody = errorBody.extend({ current: savedDetail });
export type SavedConflictBody = z.infer<typeof savedConflictBody>;

/** DOCX of Markdown not saved yet (a runner's output). */
export const exportDocxInput = z.object({
  title: text({ trim: true, max: SAVED_TITLE_MAX }).default(''),
  /** The download's name (no extension): the runner sends its bot and the date in the page's language; else the title. */
  fileName: text({ trim: true, max: SAVED_TITLE_MAX }).optional(),
  markdown: body,
});
export type ExportDocxInput = z.infer<typeof exportDocxInput>;
