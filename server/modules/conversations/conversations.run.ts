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
import type { Locale } from '../../../contract/locale';
import { readerLocale } from '../../core/locale';
import { classify, heldReply, safeReply, type SafetyCategory } from '../../ai/safety';
import { lets, PendingMeters, ReplyChecks } from './conversations.release';
import { liveReplyResponse, storedReplyResponse } from '../../ai/ui-stream';
import type { AppDeps, SendClock, SessionUser } from '../../core/context';
import { AppError, isUniqueViolation, notFound, conflict } from '../../lib/errors';
import { message } from '../../lib/message';
import { quotaExceededFor, reserveUsage, resolvePool, uncount } from '../usage';
import * as store from './conversations.store';
import { replayReply, replyMeta } from './conversations.replay';
import { jobLive } from './conversations.live';
import { logWarning } from '../../lib/log';
import { titleFromMessage } from './conversations.title';
import {
  alertAfter,
  decideTurn,
  flagAndAlert,
  type TurnDecision,
  insertRecordFlag,
  wordSeverity,
  type FlagValues,
  type StudentRecordRef,
} from './conversations.safety';

/** The checks that need no database: a provider is configured and the message is not too large. */
function checkRequest(deps: AppDeps, text?: string): AiProvider {
  const provider = aiRuntime(deps).provider;
  if (!provider) throw aiNotConfigured();
  const ai = deps.config.ai;
  if (text !== undefined && text.length > ai.maxInputChars) {
    throw new AppError('input_too_large', 413, message('messageTooLong', { length: text.length, limit: ai.maxInputChars }));
  }
  return provider;
}

const rateRule = (deps: AppDeps) => ({ window: 60_000, max: deps.config.ai.ratePerMinute });
const rateKey = (actor: SessionUser) => `ai:${actor.id}`;

/** The language of the texts the app writes into a reply (held, errors): the student's reply language, else the reader's. */
const replyTextLocale = (spec: RunSpec, actor: SessionUser): Locale => spec.replyLocale ?? readerLocale(actor);

function rateLimited(decision: RateDecision): AppError {
  return new AppError('rate_limited', 429, message('aiRequestsPerMinute', { seconds: decision.retryAfter }), {
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
  /**
   * The student's assignment record this turn belongs to: its turns get the moderation pass
   * (tier b) and its safety hits become the record's flags. A teacher's preview has none.
   */
  record?: StudentRecordRef;
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
  if (existing) return replayReply(deps, existing, replyTextLocale(spec, actor));
  // A turn still waiting for its safety re-check comes first: nothing is sent after it until then.
  if (messages.some((m) => m.status === 'held')) throw conflict(message('replyStillBeingChecked'));
  const hit = spec.audience === 'student' ? classify(text, 'input') : null;
  if (hit) return answerBlocked(deps, input, hit);
  const provider = checkRequest(deps, text);
  clock?.('validation');
  const pool = await resolvePool(db, deps.config.ai, spec.poolOwnerId, deps.config);
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
        title: titleFromMessage(text),
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
      throw notFound(message('conversationNotFound'));
    }
  } catch (err) {
    rt.live.delete(replyId);
    // A double submit whose twin stored first: the unique key decides, and this one answers
    // with the winner's reply instead of an error.
    const winner =
      isUniqueViolation(err) || err instanceof GuardRefused ? await store.findByKey(db, conversation.id, input.idempotencyKey) : undefined;
    if (winner) return replayReply(deps, winner, replyTextLocale(spec, input.actor));
    if (err instanceof GuardRefused) throw await input.hooks!.guard!.refused();
    throw err;
  }
  clock?.('database');
  return startReply(deps, rt, provider, {
    spec,
    actor,
    conversationId: conversation.id,
    replyId,
    usageId: opened.usageId,
    history,
    generation,
    hooks: input.hooks,
    record: input.record,
    clock,
    userTurn: { id: userId, text },
    // Tier (b) on the student's message, beside the tutor's first call (after the quota allowed it).
    checkInput: true,
  });
}

interface InputCheck {
  spec: RunSpec;
  actor: SessionUser;
  record: StudentRecordRef;
  conversationId: string;
  userId: string;
  replyId: string;
  usageId: string;
  text: string;
}

/** The moderation pass (tier b) on a student's stored message, started beside the tutor's first call. */
function checkInput(deps: AppDeps, provider: AiProvider, c: InputCheck, meters: PendingMeters): Promise<TurnDecision> {
  const decision = decideTurn(deps, {
    metered: meters.add,
    provider,
    spec: c.spec,
    studentId: c.actor.id,
    conversationId: c.conversationId,
    messageId: c.userId,
    text: c.text,
    which: 'input',
  });
  // A low verdict lets the message through and leaves a flag at once; the reply's end waits for it.
  meters.add(
    decision
      .then(async (d) => {
        if (d.action === 'note') await flagAndAlert(deps, { ...flagWhere(c), ...d.flag });
      })
      .catch((err: unknown) => logWarning(null, 'safety: a flag could not be stored', err)),
  );
  return decision;
}

const flagWhere = (c: InputCheck) => ({
  conversationId: c.conversationId,
  studentId: c.actor.id,
  botId: c.spec.botId,
  record: c.record,
  messageId: c.userId,
  source: 'input' as const,
});

/**
 * Stores the answer to a student's message its check refused: blocked with the safe reply and a
 * flag, or held (the check failed) until the re-check. Either way the tutor call was aborted and
 * its quota count and pending usage row are given back. Answers the reply's result.
 */
async function settleRefusedInput(
  deps: AppDeps,
  c: InputCheck,
  decision: Exclude<TurnDecision, { action: 'pass' | 'note' }>,
): Promise<GenerationResult> {
  const { db } = deps.database;
  const none = { inputTokens: 0, outputTokens: 0, latencyMs: 0 };
  if (decision.action === 'hold') {
    // Whatever went wrong (the provider, the metering), an unchecked message never gets an answer.
    logWarning(null, 'safety: the moderation of a message failed; it is held', decision.error);
    await store.settleWithoutCall(db, c.replyId, 'held', '', store.HELD_INPUT, c.usageId);
    return { status: 'held', text: heldReply(c.spec.replyLocale), replaced: true, ...none };
  }
  const { text } = decision;
  await store.settleWithoutCall(db, c.replyId, 'blocked', text, store.INPUT_BLOCKED, c.usageId, decision.providerSafety);
  await flagAndAlert(deps, { ...flagWhere(c), ...decision.flag });
  return { status: 'blocked', text, replaced: true, ...none };
}

/**
 * A student's message that the safety check caught: stored with the safe reply and a flag for the
 * teacher, in one short transaction, and answered without a model call (and without quota).
 */
async function answerBlocked(deps: AppDeps, input: SendInput, hit: SafetyCategory): Promise<Response> {
  const { db } = deps.database;
  const { conversation, actor, spec, text } = input;
  await preflight(deps, actor, text);
  // Read before the transaction: the one connection of an embedded database is the transaction's then.
  const crisisLines = await spec.crisisLines?.();
  const userId = randomUUID();
  const replyId = randomUUID();
  try {
    const replay = await db.transaction(async (tx) => {
      const { seq, keyed } = await store.lockConversation(tx, conversation, input.idempotencyKey, text);
      if (keyed) return { keyed };
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
          text: safeReply(hit, spec.replyLocale, crisisLines),
          status: 'blocked',
          errorCode: store.INPUT_BLOCKED,
          checkpointAt: new Date(),
        },
      ]);
      // A teacher's preview (no record) makes no flag.
      const flagId = input.record
        ? await insertRecordFlag(tx, {
            conversationId: conversation.id,
            messageId: userId,
            studentId: actor.id,
            botId: spec.botId,
            record: input.record,
            category: hit,
            severity: wordSeverity(hit),
            reason: 'The instant word check matched this message.',
            source: 'input',
            detectedBy: 'words',
          })
        : undefined;
      const guard = input.hooks?.guard;
      if (guard && !(await store.writeGuard(tx, guard))) throw new GuardRefused();
      return { flagId, keyed: undefined };
    });
    if (replay.keyed) return replayReply(deps, (await store.findMessage(db, replay.keyed))!, replyTextLocale(spec, input.actor));
    if (replay.flagId) alertAfter(deps, replay.flagId);
  } catch (err) {
    const winner = isUniqueViolation(err) ? await store.findByKey(db, conversation.id, input.idempotencyKey) : undefined;
    if (winner) return replayReply(deps, winner, replyTextLocale(spec, input.actor));
    if (err instanceof GuardRefused) throw await input.hooks!.guard!.refused();
    throw err;
  }
  return storedReplyResponse(
    { status: 'blocked', text: safeReply(hit, spec.replyLocale, crisisLines) },
    replyMeta(deps, { id: replyId, conversationId: conversation.id }),
    replyTextLocale(spec, input.actor),
  );
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
  /** The student's assignment record: the reply is released in checked pieces, and flags are the record's. */
  record?: StudentRecordRef;
  /** The check of the student's message, running beside the tutor's call (a send, a Retry). */
  input?: RunningInputCheck;
  /** The usage rows of the turn's checks being written. */
  meters: PendingMeters;
  clock?: SendClock;
}

/** A student message's check under way: what it checks, its verdict to come, and the tutor call it stops when it refuses. */
interface RunningInputCheck {
  check: InputCheck;
  decision: Promise<TurnDecision>;
  cancel: AbortController;
}

/** The verdict of a message's check when it refused the message (blocked or held), once it is known. */
async function refusal(input: RunningInputCheck | undefined) {
  const decision = await input?.decision;
  return decision && !lets(decision) ? decision : undefined;
}

/** A reply about to be written for a student's message: the run, and that message. */
export interface ReplyStart extends Omit<ReplyRun, 'text' | 'meta' | 'input' | 'meters'> {
  /** The message the reply answers. */
  userTurn: { id: string; text: string };
  /** Its moderation pass comes first (only on a student's record: a teacher's preview has none). */
  checkInput: boolean;
}

/**
 * Starts a stored reply row (a send, a Retry, a held message the re-check let through): the
 * moderation pass on the message when it has not had one runs beside the tutor's first call (a
 * refusal aborts that call and answers instead), and the tutor's reply streams in checked pieces.
 */
export async function startReply(deps: AppDeps, rt: AiRuntime, provider: AiProvider, s: ReplyStart): Promise<Response> {
  const { userTurn, checkInput: withInputCheck, ...run } = s;
  // The reply's lease is renewed from now, while its provider call opens (retries may take a while).
  deps.timers.checkpoints.watch(deps);
  const meta = replyMeta(deps, { id: s.replyId, conversationId: s.conversationId });
  const meters = new PendingMeters();
  let input: RunningInputCheck | undefined;
  if (s.record && withInputCheck) {
    const check: InputCheck = {
      spec: s.spec,
      actor: s.actor,
      record: s.record,
      conversationId: s.conversationId,
      userId: userTurn.id,
      replyId: s.replyId,
      usageId: s.usageId,
      text: userTurn.text,
    };
    const cancel = new AbortController();
    const decision = checkInput(deps, provider, check, meters);
    // A refused message stops the tutor's call at once, whether its stream is open yet or not.
    void decision.then((d) => lets(d) || cancel.abort(new Error('the message was refused by its check')));
    input = { check, decision, cancel };
  }
  return runReply(deps, rt, provider, { ...run, text: userTurn.text, meta, input, meters });
}

/** Calls the model for a stored reply row and streams it; the reply is written at the end. */
async function runReply(deps: AppDeps, rt: AiRuntime, provider: AiProvider, r: ReplyRun): Promise<Response> {
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
  const announce = () =>
    r.hooks?.finished?.().catch((err: unknown) => logWarning(null, 'ai: a finished reply could not be announced', err));
  const checks = r.record
    ? new ReplyChecks(
        deps,
        {
          provider,
          spec: r.spec,
          studentId: r.actor.id,
          conversationId: r.conversationId,
          messageId: r.replyId,
          metered: r.meters.add,
        },
        r.input?.decision,
      )
    : undefined;
  const sink = {
    finish: async (ended: GenerationResult): Promise<GenerationResult> => {
      // The student's message was refused: its answer replaces the reply (whose call was aborted).
      const refused = await refusal(r.input);
      if (refused) {
        await r.meters.settled();
        const answer = await settleRefusedInput(deps, r.input!.check, refused);
        await announce();
        return answer;
      }
      // A student's record: the whole reply has its closing check before its end is stored (tier b).
      const { result, stored, flag } = checks
        ? await checkOutput(checks, ended, r.spec.replyLocale)
        : { result: ended, stored: ended.text, flag: undefined };
      // The checks' usage rows are written before the reply's end.
      await r.meters.settled();
      const error = errorOf(result);
      const errorCode =
        result.status === 'held'
          ? store.HELD_OUTPUT
          : result.safety
            ? 'ai_safety_block'
            : result.stopped
              ? store.STOPPED
              : (error?.code ?? (result.status === 'interrupted' ? 'interrupted' : null));
      await store.finishReply(
        db,
        r.replyId,
        result.status,
        stored,
        errorCode,
        r.usageId,
        {
          outcome: result.status === 'complete' || result.status === 'held' ? 'ok' : result.status === 'failed' ? 'error' : result.status,
          errorCode,
          inputTokens: result.inputTokens,
          outputTokens: result.outputTokens,
          latencyMs: result.latencyMs,
        },
        result.providerSafety,
      );
      // Flags belong to the record: a teacher's preview makes none.
      if (r.record) {
        const where = {
          conversationId: r.conversationId,
          messageId: r.replyId,
          studentId: r.actor.id,
          botId: r.spec.botId,
          record: r.record,
        };
        if (flag) await flagAndAlert(deps, { ...where, ...flag });
        else if (result.safety) {
          const byProvider = result.safety.source === 'provider';
          await flagAndAlert(deps, {
            ...where,
            category: result.safety.category,
            severity: result.safety.category === 'self_harm' || result.safety.category === 'safeguarding' ? 'high' : 'medium',
            reason: byProvider ? "The provider's own filter stopped this reply." : 'The instant word check matched this reply.',
            source: result.safety.source,
            detectedBy: byProvider ? 'provider' : 'words',
            providerSafety: result.providerSafety,
          });
        }
      }
      await announce();
      return result;
    },
  };
  try {
    await startTextGeneration(
      {
        provider,
        config: ai,
        prompt,
        audience: r.spec.audience,
        replyLocale: r.spec.replyLocale,
        crisisLines: r.spec.crisisLines,
        temperature: r.spec.temperature,
        sink,
        gate: checks,
        cancel: r.input?.cancel.signal,
      },
      r.generation,
    );
    r.clock?.('sdk');
  } catch (err) {
    const refused = await refusal(r.input);
    if (refused) return answerRefused(deps, rt, r, refused, announce);
    const error = toAiError(err, provider, 'text');
    await store.finishReply(db, r.replyId, 'failed', '', error.code, r.usageId, { outcome: 'error', errorCode: error.code });
    rt.live.delete(r.replyId);
    r.generation.end({ status: 'failed', text: '', replaced: false, error, inputTokens: 0, outputTokens: 0, latencyMs: 0 });
    throw error;
  }
  deps.timers.checkpoints.watch(deps);
  r.hooks?.started?.(r.replyId, r.generation);
  void r.generation.done.then(() => rt.live.delete(r.replyId));
  return liveReplyResponse(r.generation, r.meta, errorOf, replyTextLocale(r.spec, r.actor));
}

/**
 * A student's message refused by its check before the tutor's stream opened (the call was aborted,
 * or failed): the answer is stored and sent in place of the reply. When not even that can be stored
 * (the database failed), the reply ends here; the sweep marks its row interrupted.
 */
async function answerRefused(
  deps: AppDeps,
  rt: AiRuntime,
  r: ReplyRun,
  refused: Exclude<TurnDecision, { action: 'pass' | 'note' }>,
  announce: () => Promise<void> | undefined,
): Promise<Response> {
  let answer: GenerationResult;
  try {
    await r.meters.settled();
    answer = await settleRefusedInput(deps, r.input!.check, refused);
  } catch (err) {
    rt.live.delete(r.replyId);
    r.generation.end({ status: 'failed', text: '', replaced: false, error: err, inputTokens: 0, outputTokens: 0, latencyMs: 0 });
    throw err;
  }
  rt.live.delete(r.replyId);
  r.generation.end(answer);
  await announce();
  return storedReplyResponse({ status: answer.status, text: answer.text }, r.meta, replyTextLocale(r.spec, r.actor));
}

/**
 * The closing check of a student's reply (tier b): a reply with text that ended complete or
 * interrupted is shown no further than its checks released until this check passed. pass (and
 * low, with a flag) stores and shows it all; a flag replaces it with the safe reply; a check that
 * failed, for any reason, holds it: kept in the row, shown to the student as "one moment" until
 * the re-check. Answers the result for the listeners, the text to store and the flag to leave.
 */
async function checkOutput(
  checks: ReplyChecks,
  ended: GenerationResult,
  locale: Locale | undefined,
): Promise<{ result: GenerationResult; stored: string; flag?: ReplyFlag }> {
  if (!ended.text || (ended.status !== 'complete' && ended.status !== 'interrupted')) return { result: ended, stored: ended.text };
  const decision = await checks.closing(ended.text);
  if (decision.action === 'hold') {
    // Whatever went wrong (the provider, the metering), an unchecked reply is never shown.
    logWarning(null, 'safety: the moderation of a reply failed; it is held', decision.error);
    return { result: { ...ended, status: 'held', text: heldReply(locale), replaced: true, error: undefined }, stored: ended.text };
  }
  if (decision.action === 'pass') return { result: ended, stored: ended.text };
  const flag = { source: 'output' as const, ...decision.flag };
  if (decision.action === 'note') return { result: ended, stored: ended.text, flag };
  const { category, text } = decision;
  return {
    result: { ...ended, status: 'blocked', text, replaced: true, safety: { category, source: 'output' }, checkStopped: undefined },
    stored: text,
    flag,
  };
}

/** What a reply's flag says (where it belongs is added by the caller). */
type ReplyFlag = Omit<FlagValues, 'conversationId' | 'messageId' | 'studentId' | 'botId' | 'record'>;

export interface HeldRelease {
  conversationId: string;
  /** The held reply row (held_input) and the student's message it answers. */
  replyId: string;
  userTurn: store.MessageRow;
  actor: SessionUser;
  spec: RunSpec;
  record: StudentRecordRef;
  hooks?: Pick<RunHooks, 'started' | 'finished'>;
}

/**
 * A held student message that the re-check let through: the tutor now answers it, into the held
 * reply row, as a send would (the quota reserved first; the reply streams, is moderated at its end
 * and stored). Answers false when the row is no longer held (another process took it) or the
 * teacher's quota is used up (the reply is then marked failed with quota_exceeded).
 */
export async function releaseHeldInput(deps: AppDeps, h: HeldRelease): Promise<boolean> {
  const { db } = deps.database;
  const provider = checkRequest(deps);
  const rt = aiRuntime(deps);
  const pool = await resolvePool(db, deps.config.ai, h.spec.poolOwnerId, deps.config);
  const messages = await store.visibleMessages(db, h.conversationId);
  const history = store.historyTurns(messages.filter((m) => m.seq < h.userTurn.seq));
  const shared = jobLive(deps);
  // Being answered here already (another round of this process took it first).
  if (rt.live.has(h.replyId) || shared.has(h.replyId)) return false;
  const generation = new Generation();
  rt.live.set(h.replyId, generation);
  shared.set(h.replyId, generation);
  const forget = () => {
    if (rt.live.get(h.replyId) === generation) rt.live.delete(h.replyId);
    if (shared.get(h.replyId) === generation) shared.delete(h.replyId);
  };
  void generation.done.then(forget);
  let usageId: string | undefined;
  try {
    usageId = await db.transaction(async (tx) => {
      const reopened = await store.reopenHeld(tx, h.replyId);
      if (!reopened) return undefined;
      return reserveUsage(tx, {
        userId: h.actor.id,
        pool,
        kind: 'text',
        botId: h.spec.botId,
        conversationId: h.conversationId,
        messageId: h.replyId,
        provider: provider.kind,
        model: provider.textModelName,
      });
    });
  } catch (err) {
    forget();
    if (err instanceof AppError && err.code === 'quota_exceeded') {
      await store.endHeld(db, h.replyId, 'failed', '', 'quota_exceeded');
      await h.hooks?.finished?.().catch((e: unknown) => logWarning(null, 'ai: a finished reply could not be announced', e));
      return false;
    }
    throw err;
  }
  if (!usageId) {
    forget();
    return false;
  }
  try {
    const res = await startReply(deps, rt, provider, {
      spec: h.spec,
      actor: h.actor,
      conversationId: h.conversationId,
      replyId: h.replyId,
      usageId,
      history,
      generation,
      hooks: h.hooks,
      record: h.record,
      userTurn: h.userTurn,
      // The re-check has just passed it.
      checkInput: false,
    });
    // Nobody reads this stream: the reply runs to its end and is stored all the same.
    void res.body?.cancel();
  } catch (err) {
    // runReply stored the failure (status failed) already.
    forget();
    logWarning(null, 'safety: a released message could not be answered', err);
  }
  return true;
}
