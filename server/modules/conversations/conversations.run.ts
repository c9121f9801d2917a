import { randomUUID } from 'node:crypto';
import type { ReplyMetadata } from '../../../contract/ai';
import { consumeRate } from '../../auth/rate-limit';
import { aiNotConfigured, toAiError } from '../../ai/errors';
import { Generation, startTextGeneration, type GenerationResult } from '../../ai/generation';
import { composePrompt, type Turn } from '../../ai/prompt';
import type { AiProvider } from '../../ai/providers';
import { createRedactor } from '../../ai/redact';
import type { RunSpec } from '../../ai/run-spec';
import { aiRuntime, type AiRuntime } from '../../ai/runtime';
import { classify, safeReply } from '../../ai/safety';
import { liveReplyResponse, storedReplyResponse } from '../../ai/ui-stream';
import type { AppDeps, SessionUser } from '../../lib/context';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { finishUsage, reserveUsage, resolvePool } from '../usage/usage.service';
import * as store from './conversations.store';
import { replayReply } from './conversations.replay';

/** Checks that come before anything is stored: configured, input size, the per-user rate. */
export async function preflight(deps: AppDeps, actor: SessionUser, text?: string): Promise<AiProvider> {
  const provider = aiRuntime(deps).provider;
  if (!provider) throw aiNotConfigured();
  const ai = deps.config.ai;
  if (text !== undefined && text.length > ai.maxInputChars) {
    throw new AppError('input_too_large', 413, `The message is ${text.length.toLocaleString('en-US')} characters; the limit is ${ai.maxInputChars.toLocaleString('en-US')}. Shorten it and send again.`);
  }
  const rate = await consumeRate(deps.database.db, `ai:${actor.id}`, { window: 60_000, max: ai.ratePerMinute });
  if (!rate.allowed) {
    throw new AppError('rate_limited', 429, `Too many AI requests in a minute. Try again in ${rate.retryAfter} s.`, { headers: { 'Retry-After': String(rate.retryAfter) } });
  }
  return provider;
}

export interface SendInput {
  conversation: store.ConversationRow;
  actor: SessionUser;
  spec: RunSpec;
  text: string;
  idempotencyKey: string;
}

/**
 * Sends a message: stores it (and, for a student, checks it) before any model call, then streams
 * the reply. A repeated idempotency key answers with the stored or live reply and calls nothing.
 */
export async function sendMessage(deps: AppDeps, input: SendInput): Promise<Response> {
  const { db } = deps.database;
  const { conversation, actor, spec, text } = input;
  // One read for both the key (a repeated send) and the history.
  const messages = await store.allMessages(db, conversation.id);
  const existing = messages.find((m) => m.idempotencyKey === input.idempotencyKey);
  if (existing) return replayReply(deps, existing);
  const provider = await preflight(deps, actor, text);
  const hit = spec.audience === 'student' ? classify(text, 'input') : null;
  const pool = hit ? undefined : await resolvePool(db, deps.config.ai, spec.poolOwnerId, deps.config.supportEmail);
  const history = store.historyTurns(store.visibleOf(messages));
  const userId = randomUUID();
  const replyId = randomUUID();
  const rt = aiRuntime(deps);
  const generation = new Generation();
  // Registered before the row exists, so no sweep can take this reply for a dead one.
  if (!hit) rt.live.set(replyId, generation);
  let usageId: string | undefined;
  try {
    // One short transaction before the call, never across it: quota, the user turn, the reply row.
    const replay = await db.transaction(async (tx) => {
      const { seq, keyed } = await store.lockConversation(tx, conversation, input.idempotencyKey, text);
      if (keyed) return keyed;
      await store.insertMessages(tx, [
        { id: userId, conversationId: conversation.id, seq: seq + 1, role: 'user', text, status: 'complete', idempotencyKey: input.idempotencyKey },
        {
          id: replyId,
          conversationId: conversation.id,
          seq: seq + 2,
          role: 'assistant',
          replyTo: userId,
          text: hit ? safeReply(hit) : '',
          status: hit ? 'blocked' : 'streaming',
          errorCode: hit ? store.INPUT_BLOCKED : null,
          checkpointAt: new Date(),
        },
      ]);
      if (hit) {
        await store.insertFlag(tx, { conversationId: conversation.id, messageId: userId, studentId: actor.id, teacherId: spec.poolOwnerId, botId: spec.botId, category: hit, source: 'input' });
      }
      // Last before the commit: the pool's counter row stays locked only for the commit.
      if (pool) {
        usageId = await reserveUsage(tx, { userId: actor.id, pool, kind: 'text', botId: spec.botId, conversationId: conversation.id, messageId: replyId, provider: provider.kind, model: provider.textModelName });
      }
      return undefined;
    });
    if (replay) {
      rt.live.delete(replyId);
      return replayReply(deps, (await store.findMessage(db, replay))!);
    }
  } catch (err) {
    rt.live.delete(replyId);
    // A double submit that slipped past the lock (two sends racing on two connections): the
    // unique key decides, and the loser answers with the winner's reply instead of an error.
    const winner = isUniqueViolation(err) ? await store.findByKey(db, conversation.id, input.idempotencyKey) : undefined;
    if (winner) return replayReply(deps, winner);
    throw err;
  }
  const meta: ReplyMetadata = { conversationId: conversation.id, messageId: replyId, testProvider: deps.config.ai.testProvider || undefined };
  if (hit) return storedReplyResponse({ status: 'blocked', text: safeReply(hit) }, meta);
  return runReply(deps, rt, provider, { spec, actor, conversationId: conversation.id, replyId, usageId: usageId!, history, text, generation, meta });
}

export interface ReplyRun {
  spec: RunSpec;
  actor: SessionUser;
  conversationId: string;
  replyId: string;
  usageId: string;
  history: Turn[];
  text: string;
  generation: Generation;
  meta: ReplyMetadata;
}

/** Calls the model for a stored reply row and streams it; the reply is written at the end. */
export async function runReply(deps: AppDeps, rt: AiRuntime, provider: AiProvider, r: ReplyRun): Promise<Response> {
  const { db } = deps.database;
  const ai = deps.config.ai;
  const redact = r.spec.audience === 'student' ? createRedactor(r.spec.student) : (t: string) => t;
  const { prompt } = composePrompt(r.spec, r.history, r.text, { maxContextChars: ai.maxContextChars, maxHistoryTurns: ai.maxHistoryTurns }, redact);
  const errorOf = (result: GenerationResult) => (result.error === undefined ? undefined : toAiError(result.error, provider, 'text'));
  const sink = {
    checkpoint: (text: string) => store.checkpointMessage(db, r.replyId, text),
    finish: async (result: GenerationResult) => {
      const error = errorOf(result);
      const errorCode = result.safety ? 'ai_safety_block' : result.stopped ? store.STOPPED : (error?.code ?? (result.status === 'interrupted' ? 'interrupted' : null));
      await store.finishMessage(db, r.replyId, result.status, result.text, errorCode);
      await finishUsage(db, r.usageId, {
        outcome: result.status === 'complete' ? 'ok' : result.status === 'failed' ? 'error' : result.status,
        errorCode,
        inputTokens: result.inputTokens,
        outputTokens: result.outputTokens,
        latencyMs: result.latencyMs,
      });
      if (result.safety && r.spec.audience === 'student') {
        await store.insertFlag(db, { conversationId: r.conversationId, messageId: r.replyId, studentId: r.actor.id, teacherId: r.spec.poolOwnerId, botId: r.spec.botId, category: result.safety.category, source: result.safety.source });
      }
    },
  };
  try {
    await startTextGeneration({ provider, config: ai, prompt, audience: r.spec.audience, temperature: r.spec.temperature, sink }, r.generation);
  } catch (err) {
    const error = toAiError(err, provider, 'text');
    await store.finishMessage(db, r.replyId, 'failed', '', error.code);
    await finishUsage(db, r.usageId, { outcome: 'error', errorCode: error.code });
    rt.live.delete(r.replyId);
    r.generation.end({ status: 'failed', text: '', replaced: false, error, inputTokens: 0, outputTokens: 0, latencyMs: 0 });
    throw error;
  }
  void r.generation.done.then(() => rt.live.delete(r.replyId));
  return liveReplyResponse(r.generation, r.meta, errorOf);
}
