import { randomUUID } from 'node:crypto';
import type { ReplyMetadata } from '../../../contract/ai';
import { consumeRate, rateDecision, type RateDecision } from '../../auth/rate-limit';
import { aiNotConfigured, toAiError } from '../../ai/errors';
import { Generation, startTextGeneration, type GenerationResult } from '../../ai/generation';
import { composePrompt, type Turn } from '../../ai/prompt';
import type { AiProvider } from '../../ai/providers';
import { createRedactor } from '../../ai/redact';
import type { RunSpec } from '../../ai/run-spec';
import { aiRuntime, type AiRuntime } from '../../ai/runtime';
import { classify, safeReply, type SafetyCategory } from '../../ai/safety';
import { liveReplyResponse, storedReplyResponse } from '../../ai/ui-stream';
import type { AppDeps, SendClock, SessionUser } from '../../lib/context';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { quotaExceededFor, resolvePool, uncount } from '../usage/usage.service';
import { watchCheckpoints } from './conversations.checkpoints';
import * as store from './conversations.store';
import { replayReply } from './conversations.replay';
import { logWarning } from '../../lib/log';

/** The checks that need no database: a provider is configured and the message is not too large. */
function checkRequest(deps: AppDeps, text?: string): AiProvider {
  const provider = aiRuntime(deps).provider;
  if (!provider) throw aiNotConfigured();
  const ai = deps.config.ai;
  if (text !== undefined && text.length > ai.maxInputChars) {
    throw new AppError(
      'input_too_large',
      413,
      `The message is ${text.length.toLocaleString('en-US')} characters; the limit is ${ai.maxInputChars.toLocaleString('en-US')}. Shorten it and send again.`,
    );
  }
  return provider;
}

const rateRule = (deps: AppDeps) => ({ window: 60_000, max: deps.config.ai.ratePerMinute });
const rateKey = (actor: SessionUser) => `ai:${actor.id}`;

function rateLimited(decision: RateDecision): AppError {
  return new AppError('rate_limited', 429, `Too many AI requests in a minute. Try again in ${decision.retryAfter} s.`, {
    headers: { 'Retry-After': String(decision.retryAfter) },
  });
}

/** Checks that come before anything is stored: configured, input size, the per-user rate. */
export async function preflight(deps: AppDeps, actor: SessionUser, text?: string): Promise<AiProvider> {
  const provider = checkRequest(deps, text);
  const rate = await consumeRate(deps.database.db, rateKey(actor), rateRule(deps));
  if (!rate.allowed) throw rateLimited(rate);
  return provider;
}

/** How many of a conversation's latest turns a send reads: the history the model may see, and some. */
export const sendWindow = (deps: AppDeps) => 2 * deps.config.ai.maxHistoryTurns + 20;

/**
 * What a caller adds to a run (a student's assignment record): a guard stored with the user turn,
 * and notes of the reply's start and end. None of it runs per chunk.
 */
export interface RunHooks {
  /** Placed in the one write that stores the user turn (also a turn the safety check answered). */
  guard?: store.TurnGuard & {
    /** The error of a send the guard refused (read after the refusal, outside any transaction). */
    refused(): Promise<AppError>;
  };
  /** The reply is being generated in this process. */
  started?(replyId: string, generation: Generation): void;
  /** The reply's end has been stored. */
  finished?(): Promise<void>;
}

export interface SendInput {
  conversation: store.ConversationRow;
  /** Its latest turns (sendWindow of them), oldest first. */
  messages: store.MessageRow[];
  actor: SessionUser;
  spec: RunSpec;
  text: string;
  idempotencyKey: string;
  hooks?: RunHooks;
  /** Set only while bench:stream traces sends (sendClock). */
  clock?: SendClock;
}

/** Thrown inside a transaction whose guard refused: the transaction rolls back, then the caller reads why. */
class GuardRefused extends Error {}

/**
 * Sends a message: stores it (and, for a student, checks it) before any model call, then streams
 * the reply. A repeated idempotency key answers with the stored or live reply and calls nothing.
 * The usual send is two statements before the call: the read of the conversation (the caller's)
 * and one write that checks the rate and the quota and stores the turns.
 */
export async function sendMessage(deps: AppDeps, input: SendInput): Promise<Response> {
  const { db } = deps.database;
  const { conversation, messages, actor, spec, text, clock } = input;
  const existing = messages.find((m) => m.idempotencyKey === input.idempotencyKey);
  if (existing) return replayReply(deps, existing);
  const hit = spec.audience === 'student' ? classify(text, 'input') : null;
  if (hit) return answerBlocked(deps, input, hit);
  const provider = checkRequest(deps, text);
  clock?.('validation');
  const pool = await resolvePool(db, deps.config.ai, spec.poolOwnerId, deps.config.supportEmail);
  clock?.('database');
  const history = store.historyTurns(store.visibleOf(messages));
  clock?.('prompt');
  const userId = randomUUID();
  const replyId = randomUUID();
  const reservation = {
    userId: actor.id,
    pool,
    kind: 'text' as const,
    botId: spec.botId,
    conversationId: conversation.id,
    messageId: replyId,
    provider: provider.kind,
    model: provider.textModelName,
  };
  if (pool.limits.text <= 0) throw quotaExceededFor(reservation);
  const rt = aiRuntime(deps);
  const generation = new Generation();
  // Registered before the row exists, so no sweep can take this reply for a dead one.
  rt.live.set(replyId, generation);
  let opened: store.OpenedReply;
  try {
    const now = new Date();
    opened = await store.openReply(
      db,
      {
        conversationId: conversation.id,
        userId,
        replyId,
        text,
        idempotencyKey: input.idempotencyKey,
        title: text.slice(0, 80),
        rate: { key: rateKey(actor), rule: rateRule(deps) },
        reservation,
        guard: input.hooks?.guard,
      },
      now,
    );
    if (!opened.usageId) {
      const rate = rateDecision(opened.rate, rateRule(deps), now.getTime());
      if (!rate.allowed) throw rateLimited(rate);
      if (!opened.ready) throw new GuardRefused();
      if (!opened.counted) throw quotaExceededFor(reservation, now);
      // Counted, but the conversation was deleted (or the guard's row changed) in the same moment: give the count back.
      await uncount(db, reservation, now);
      if (input.hooks?.guard) throw new GuardRefused();
      throw notFound('The conversation');
    }
  } catch (err) {
    rt.live.delete(replyId);
    // A double submit whose twin stored first: the unique key decides, and this one answers
    // with the winner's reply instead of an error.
    const winner =
      isUniqueViolation(err) || err instanceof GuardRefused ? await store.findByKey(db, conversation.id, input.idempotencyKey) : undefined;
    if (winner) return replayReply(deps, winner);
    if (err instanceof GuardRefused) throw await input.hooks!.guard!.refused();
    throw err;
  }
  clock?.('database');
  const meta: ReplyMetadata = {
    conversationId: conversation.id,
    messageId: replyId,
    testProvider: deps.config.ai.testProvider || undefined,
  };
  return runReply(deps, rt, provider, {
    spec,
    actor,
    conversationId: conversation.id,
    replyId,
    usageId: opened.usageId,
    history,
    text,
    generation,
    meta,
    hooks: input.hooks,
    clock,
  });
}

/**
 * A student's message that the safety check caught: stored with the safe reply and a flag for the
 * teacher, in one short transaction, and answered without a model call (and without quota).
 */
async function answerBlocked(deps: AppDeps, input: SendInput, hit: SafetyCategory): Promise<Response> {
  const { db } = deps.database;
  const { conversation, actor, spec, text } = input;
  await preflight(deps, actor, text);
  const userId = randomUUID();
  const replyId = randomUUID();
  try {
    const replay = await db.transaction(async (tx) => {
      const { seq, keyed } = await store.lockConversation(tx, conversation, input.idempotencyKey, text);
      if (keyed) return keyed;
      await store.insertMessages(tx, [
        {
          id: userId,
          conversationId: conversation.id,
          seq: seq + 1,
          role: 'user',
          text,
          status: 'complete',
          idempotencyKey: input.idempotencyKey,
        },
        {
          id: replyId,
          conversationId: conversation.id,
          seq: seq + 2,
          role: 'assistant',
          replyTo: userId,
          text: safeReply(hit),
          status: 'blocked',
          errorCode: store.INPUT_BLOCKED,
          checkpointAt: new Date(),
        },
      ]);
      await store.insertFlag(tx, {
        conversationId: conversation.id,
        messageId: userId,
        studentId: actor.id,
        teacherId: spec.poolOwnerId,
        botId: spec.botId,
        category: hit,
        source: 'input',
      });
      const guard = input.hooks?.guard;
      if (guard && !(await store.writeGuard(tx, guard))) throw new GuardRefused();
      return undefined;
    });
    if (replay) return replayReply(deps, (await store.findMessage(db, replay))!);
  } catch (err) {
    const winner = isUniqueViolation(err) ? await store.findByKey(db, conversation.id, input.idempotencyKey) : undefined;
    if (winner) return replayReply(deps, winner);
    if (err instanceof GuardRefused) throw await input.hooks!.guard!.refused();
    throw err;
  }
  const meta: ReplyMetadata = {
    conversationId: conversation.id,
    messageId: replyId,
    testProvider: deps.config.ai.testProvider || undefined,
  };
  return storedReplyResponse({ status: 'blocked', text: safeReply(hit) }, meta);
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
  hooks?: Pick<RunHooks, 'started' | 'finished'>;
  clock?: SendClock;
}

/** Calls the model for a stored reply row and streams it; the reply is written at the end. */
export async function runReply(deps: AppDeps, rt: AiRuntime, provider: AiProvider, r: ReplyRun): Promise<Response> {
  const { db } = deps.database;
  const ai = deps.config.ai;
  const redact = r.spec.audience === 'student' ? createRedactor(r.spec.student) : (t: string) => t;
  const { prompt } = composePrompt(
    r.spec,
    r.history,
    r.text,
    { maxContextChars: ai.maxContextChars, maxHistoryTurns: ai.maxHistoryTurns },
    redact,
  );
  r.clock?.('prompt');
  const errorOf = (result: GenerationResult) => (result.error === undefined ? undefined : toAiError(result.error, provider, 'text'));
  const sink = {
    finish: async (result: GenerationResult) => {
      const error = errorOf(result);
      const errorCode = result.safety
        ? 'ai_safety_block'
        : result.stopped
          ? store.STOPPED
          : (error?.code ?? (result.status === 'interrupted' ? 'interrupted' : null));
      await store.finishReply(db, r.replyId, result.status, result.text, errorCode, r.usageId, {
        outcome: result.status === 'complete' || result.status === 'held' ? 'ok' : result.status === 'failed' ? 'error' : result.status,
        errorCode,
        inputTokens: result.inputTokens,
        outputTokens: result.outputTokens,
        latencyMs: result.latencyMs,
      });
      if (result.safety && r.spec.audience === 'student') {
        await store.insertFlag(db, {
          conversationId: r.conversationId,
          messageId: r.replyId,
          studentId: r.actor.id,
          teacherId: r.spec.poolOwnerId,
          botId: r.spec.botId,
          category: result.safety.category,
          source: result.safety.source,
        });
      }
      await r.hooks?.finished?.().catch((err: unknown) => logWarning(null, 'ai: a finished reply could not be announced', err));
    },
  };
  try {
    await startTextGeneration(
      { provider, config: ai, prompt, audience: r.spec.audience, temperature: r.spec.temperature, sink },
      r.generation,
    );
    r.clock?.('sdk');
  } catch (err) {
    const error = toAiError(err, provider, 'text');
    await store.finishReply(db, r.replyId, 'failed', '', error.code, r.usageId, { outcome: 'error', errorCode: error.code });
    rt.live.delete(r.replyId);
    r.generation.end({ status: 'failed', text: '', replaced: false, error, inputTokens: 0, outputTokens: 0, latencyMs: 0 });
    throw error;
  }
  watchCheckpoints(deps);
  r.hooks?.started?.(r.replyId, r.generation);
  void r.generation.done.then(() => rt.live.delete(r.replyId));
  return liveReplyResponse(r.generation, r.meta, errorOf);
}
