import type { ReplyMetadata } from '../../../contract/ai';
import { aiNotConfigured, toAiError } from '../../ai/errors';
import type { GenerationResult } from '../../ai/generation';
import { aiRuntime } from '../../ai/runtime';
import type { Locale } from '../../../contract/locale';
import { heldReply } from '../../ai/safety';
import { liveReplyResponse, storedReplyResponse } from '../../ai/ui-stream';
import type { AppDeps } from '../../core/context';
import { AppError, conflict } from '../../lib/errors';
import * as store from './conversations.store';
import { liveGeneration } from './conversations.live';
import { message, type ServerMessage } from '../../lib/message';

const storedErrors: Record<string, [402 | 409 | 502 | 503 | 504, ServerMessage]> = {
  ai_bad_key: [502, message('aiStoredBadKey')],
  ai_model_not_found: [502, message('aiStoredNoModel')],
  ai_provider_quota: [503, message('aiStoredQuota')],
  ai_provider_unavailable: [503, message('aiStoredUnavailable')],
  ai_timeout: [504, message('aiStoredTimeout')],
  ai_bad_request: [502, message('aiStoredRefused')],
  ai_not_configured: [503, message('aiStoredNotConfigured')],
};

/** The failure a repeated request gets for a reply that failed before it began. */
export function storedFailure(code: string | null): AppError {
  const [status, text] = storedErrors[code ?? ''] ?? [503, message('replyFailed')];
  return new AppError(code ?? 'ai_provider_unavailable', status, text);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The metadata a stream of this reply starts with. */
export const replyMeta = (deps: AppDeps, reply: Pick<store.MessageRow, 'id' | 'conversationId'>): ReplyMetadata => ({
  conversationId: reply.conversationId,
  messageId: reply.id,
  testProvider: deps.config.ai.testProvider || undefined,
});

/** How a live generation's failure reads to someone who joined it. */
export function describeLiveError(deps: AppDeps) {
  const rt = aiRuntime(deps);
  return (result: GenerationResult) =>
    result.error === undefined ? undefined : rt.provider ? toAiError(result.error, rt.provider, 'text') : aiNotConfigured();
}

/**
 * Answers a repeated send or retry (same idempotency key) without a model call: joins the reply
 * if it is being generated in this process, waits for it if another process is writing it, else
 * replays what is stored.
 */
export async function replayReply(deps: AppDeps, keyed: store.MessageRow, locale: Locale = 'en'): Promise<Response> {
  const { db } = deps.database;
  let reply = keyed.role === 'assistant' ? keyed : await store.findReply(db, keyed.id);
  if (!reply) throw conflict(message('noReplyYet'));
  const meta = replyMeta(deps, reply);
  const describe = describeLiveError(deps);
  const deadline = Date.now() + deps.config.ai.requestTimeoutMs + 5000;
  for (;;) {
    const live = liveGeneration(deps, reply.id);
    if (live) return liveReplyResponse(live, meta, describe, locale);
    if (reply.status !== 'streaming' || Date.now() > deadline) break;
    await sleep(250);
    reply = (await store.findMessage(db, reply.id)) ?? reply;
  }
  return storedReply(reply, meta, locale);
}

/** The reply as stored, in the stream's shape: its text and how it ended (a failure before any text is an error). */
export function storedReply(reply: store.MessageRow, meta: ReplyMetadata, locale: Locale = 'en'): Response {
  if (reply.status === 'failed') throw storedFailure(reply.errorCode);
  // A held reply's text (if any) waits for the safety re-check: never shown until then.
  if (reply.status === 'held') return storedReplyResponse({ status: 'held', text: heldReply(locale) }, { ...meta, status: 'held' }, locale);
  const status = reply.status === 'superseded' ? 'complete' : reply.status;
  // A reply the user stopped ended as they wanted: no error, only the mark.
  if (reply.errorCode === store.STOPPED) meta = { ...meta, stopped: true };
  return storedReplyResponse({ status, text: reply.text, error: storedError(reply) }, meta, locale);
}

/** What a stored reply that did not finish says: Retry finishes it (a stopped one ended as wanted). */
export function storedError(reply: Pick<store.MessageRow, 'status' | 'errorCode'>): AppError | undefined {
  return (reply.status === 'interrupted' && reply.errorCode !== store.STOPPED) || reply.status === 'streaming'
    ? new AppError('interrupted', 503, message('replyInterrupted'))
    : undefined;
}
