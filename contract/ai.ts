import { z } from 'zod';
import { boundedInt, INT32_MAX, text, uuid } from './common';
import { errorBody } from './errors';
import { safetyCategory } from './flags';

/** AI engine requests and responses: conversations, messages, images, usage. */

/** The codes AI actions fail with, beside the common ones in errors.ts. */
export const aiErrorCodes = [
  'ai_not_configured',
  'ai_bad_key',
  'ai_model_not_found',
  'ai_provider_quota',
  'ai_provider_unavailable',
  'ai_timeout',
  'ai_safety_block',
  'ai_bad_request',
  'ai_images_unavailable',
  'input_too_large',
  'quota_exceeded',
] as const;
export type AiErrorCode = (typeof aiErrorCodes)[number];

const idempotencyKey = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(100, 'must be at most 100 characters')
  .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits, dot, dash, colon or underscore only');

/** POST /api/conversations. A bot conversation is created by the bots module; this is the assistant. */
export const createConversationInput = z.object({ title: text({ trim: true, max: 200 }).optional() });
export type CreateConversationInput = z.infer<typeof createConversationInput>;

/**
 * POST /api/conversations/:id/messages. The length of `text` is checked by the server against
 * AI_MAX_INPUT_CHARS (413), not here, so the client learns the limit from the answer. Anything
 * else the client sends (model, provider, endpoint) is ignored.
 */
export const sendMessageInput = z.object({ idempotencyKey, text: text({ trim: true, min: 1, tooShort: 'is required' }) });
export type SendMessageInput = z.infer<typeof sendMessageInput>;

/** POST /api/conversations/:id/retry: regenerate the last reply (or retry an interrupted one). */
export const retryInput = z.object({ idempotencyKey });
export type RetryInput = z.infer<typeof retryInput>;

/**
 * POST /api/images: one picture for a run of a DocBot whose "Can generate images" is on. No image
 * is made outside such a bot: the server checks that the caller may run `botId` (404 as for any
 * bot they may not see) and that it allows images (403 `images_not_allowed`).
 */
export const generateImageInput = z.object({
  idempotencyKey,
  prompt: text({ trim: true, min: 1, tooShort: 'is required' }),
  botId: uuid('Images are made in a DocBot run: give the id of the bot.'),
});
export type GenerateImageInput = z.infer<typeof generateImageInput>;
export const generatedImage = z.object({ fileId: z.string() });
export type GeneratedImage = z.infer<typeof generatedImage>;

/** held: a student's turn waiting for the safety re-check (the student sees "one moment"). */
export const messageStatus = z.enum(['complete', 'streaming', 'interrupted', 'blocked', 'failed', 'held']);
export type MessageStatus = z.infer<typeof messageStatus>;

/** POST /api/conversations/:id/messages/:messageId/stop: how the reply ended (or stands). */
export const stopReplyResult = z.object({ status: messageStatus, stopped: z.boolean() });
export type StopReplyResult = z.infer<typeof stopReplyResult>;

export const conversationMessage = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  status: messageStatus,
  /** Why a reply failed (an AI error code), else null. */
  errorCode: z.string().nullable(),
  /** Bumped by every hand edit: an edit names the version it was made on (editMessageInput). */
  version: z.number().int(),
  /** The teacher edited this reply by hand (DocBot "Edit by hand"); `text` is their version. */
  edited: z.boolean(),
  /**
   * A reply the safety check gave instead of the tutor's: which concern it answers (self_harm:
   * the page shows the help resources at once). Absent on other turns.
   */
  safety: safetyCategory.optional(),
  createdAt: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessage>;

/** The longest hand-edited document (the same as a Saved Docs document, so it can always be saved). */
export const EDITED_TEXT_MAX = 500_000;

/**
 * PATCH /api/conversations/:id/messages/:messageId: the teacher's hand edit of the newest document
 * of their own DocBot run, against the version they last saw. A stale version is 409 with the
 * message as the server has it (messageConflictBody); the edited text is what the run shows from
 * then on (reopening, Refine, Save to Saved Docs, Export). The model's own text is kept aside.
 */
export const editMessageInput = z.object({
  text: text({ max: EDITED_TEXT_MAX, tooLong: 'This document is too long to keep.' }),
  version: boundedInt(1, INT32_MAX),
});
export type EditMessageInput = z.infer<typeof editMessageInput>;

/** The 409 of a stale hand edit: the usual error body plus the message as the server has it now. */
export const messageConflictBody = errorBody.extend({ current: conversationMessage });
export type MessageConflictBody = z.infer<typeof messageConflictBody>;

export const conversationSummary = z.object({
  id: z.string(),
  title: z.string(),
  botId: z.string().nullable(),
  botKind: z.enum(['docbot', 'chatbot', 'tutorbot']).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

/** One answer of a DocBot run's form, as the run was started with it. */
export const runInput = z.object({ key: z.string(), label: z.string(), value: z.string() });
export type RunInput = z.infer<typeof runInput>;

/**
 * GET /api/conversations/:id: every message once, in order, and for a DocBot run the form's
 * answers it was generated from (empty for other conversations).
 */
export const conversationDetail = conversationSummary.extend({ messages: z.array(conversationMessage), inputs: z.array(runInput) });
export type ConversationDetail = z.infer<typeof conversationDetail>;

export const conversationList = z.object({ conversations: z.array(conversationSummary) });
export type ConversationList = z.infer<typeof conversationList>;

/**
 * Metadata on the UI message stream's `start` and `finish` chunks: the stored ids, the reply's
 * final status, and whether the built-in test provider answered.
 */
export const replyMetadata = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  status: messageStatus.optional(),
  /** The user stopped this reply; it is kept as far as it came. */
  stopped: z.boolean().optional(),
  /** The safety check answered instead of the tutor, for this concern (as ConversationMessage.safety). */
  safety: safetyCategory.optional(),
  testProvider: z.boolean().optional(),
});
export type ReplyMetadata = z.infer<typeof replyMetadata>;

/** GET /api/ai: what the engine can do here, and this month's usage of the caller's pool. */
export const aiStatus = z.object({
  provider: z.enum(['gemini', 'openai-compatible', 'not configured']),
  images: z.boolean(),
  /** True when replies come from the built-in test provider (npm run dev:fake-ai). */
  testProvider: z.boolean(),
  notice: z.string().nullable(),
  usage: z.object({
    text: z.object({ used: z.number(), limit: z.number() }),
    images: z.object({ used: z.number(), limit: z.number() }),
    /** First instant of next month, UTC (ISO). */
    resetsAt: z.string(),
  }),
});
export type AiStatus = z.infer<typeof aiStatus>;
