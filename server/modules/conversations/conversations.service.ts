import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ConversationDetail, StopReplyResult } from '../../../contract/ai';
import { isUuid } from '../../../contract/common';
import { assistantRunSpec, type RunSpec } from '../../ai/run-spec';
import { aiRuntime } from '../../ai/runtime';
import { Generation } from '../../ai/generation';
import type { AppDeps, SessionUser } from '../../core/context';
import { isUniqueViolation, notFound, conflict } from '../../lib/errors';
import { message } from '../../lib/message';
import { reserveUsage, resolvePool } from '../usage';
import type { TeacherAiActor } from './conversations.policy';
import { presentConversation, presentMessage } from './conversations.presenter';
import { replayReply } from './conversations.replay';
import { preflight, startReply, type RunHooks } from './conversations.run';
import * as store from './conversations.store';
import { logWarning } from '../../lib/log';
import { readerLocale } from '../../core/locale';
import type { StudentRecordRef } from './conversations.safety';
import { liveGeneration, liveHereIds } from './conversations.live';
import { relayed, stopElsewhere } from './conversations.relay';
import { LEASE_BEAT_MS, LEASE_MS } from './conversations.checkpoints';
import { JOB_LOCKS, runOnce } from '../../core/job-lock';

/**
 * The bots module's part in a teacher's send, as pure pieces that createApp hands to the
 * conversation routes (a required parameter: a process cannot mount them without it). The one
 * read places the SQL pieces; the run spec is built from what it found, with no query of its own.
 */
export interface SendBots {
  /** The bots the actor may run (a condition on table `bot`): the bots module's visibility rule. */
  visibleBot: (actor: { userId: string; schoolId: string | null }) => SQL;
  /** A JSON array ({ name, text }) of the bot's ready knowledge texts, in the bot's order. */
  knowledgeOf: (botId: AnyPgColumn) => SQL;
  /**
   * A bot conversation's run spec from what the read found: its bot (null when the run is missing
   * or the actor may no longer run the bot, which answers 404), the run's form and the knowledge.
   */
  runSpecOf: (
    bot: store.RunBot | null,
    inputs: store.SendReadResult['inputs'],
    knowledge: RunSpec['knowledge'],
    actor: TeacherAiActor,
  ) => RunSpec;
}

/** The send's one read, with the bots module's pieces placed in it. */
export function readForSend(deps: AppDeps, actor: TeacherAiActor, conversationId: string, bots: SendBots, window: number) {
  return store.conversationForSend(deps.database.db, {
    ownerId: actor.user.id,
    conversationId,
    window,
    visibleBot: bots.visibleBot({ userId: actor.user.id, schoolId: actor.schoolId }),
    knowledgeOf: bots.knowledgeOf,
  });
}

/**
 * The run spec of a conversation, resolved on the server from its one read: the assistant, or the
 * bot's (checked on every turn: a bot deleted or unshared since the run began stops answering).
 * Only a teacher (conversations.policy) has one; a student's tutor run is resolved by my-assignments.
 */
export function resolveRunSpec(actor: TeacherAiActor, read: store.SendReadResult, bots: SendBots): RunSpec {
  if (!read.conversation.botId) return assistantRunSpec(actor.user.id);
  return bots.runSpecOf(read.bot, read.inputs, read.knowledge, actor);
}

/**
 * How old a 'streaming' reply's lease (checkpoint_at) may be before it counts as abandoned by its
 * process: a live process renews it every LEASE_BEAT_MS (conversations.checkpoints).
 */
export function abandonedBefore(deps: AppDeps): Date {
  // PGlite is one process: what is not live here is dead. PostgreSQL may have other live processes.
  if (deps.database.kind === 'pglite') return new Date();
  return new Date(Date.now() - LEASE_MS);
}

/**
 * On PostgreSQL, every LEASE_BEAT_MS one process (an advisory lock) finalises the replies whose
 * process died: their lease lapsed, so they become 'interrupted' with the text of their last
 * checkpoint, within LEASE_MS and two beats of the death. Answers the function that stops it.
 */
export function startLeaseSweep(deps: AppDeps): () => void {
  if (deps.database.kind === 'pglite') return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runOnce(deps.database, JOB_LOCKS.leaseSweep, () => store.sweepInterrupted(deps.database.db, abandonedBefore(deps), liveHereIds(deps)))
      .catch((err: unknown) => logWarning(null, 'ai: the lease sweep failed', err))
      .finally(() => (running = false));
  }, LEASE_BEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

const swept = new WeakMap<AppDeps, Promise<void>>();

/** The startup sweep: replies a stopped process left 'streaming' become 'interrupted' (text kept). */
export function startupSweep(deps: AppDeps): Promise<void> {
  let done = swept.get(deps);
  if (!done) {
    done = store
      .sweepInterrupted(deps.database.db, abandonedBefore(deps), liveHereIds(deps))
      .catch((err: unknown) => logWarning(null, 'ai: the startup sweep failed', err));
    swept.set(deps, done);
  }
  return done;
}

export async function getConversation(deps: AppDeps, actor: SessionUser, id: string): Promise<ConversationDetail> {
  const { db } = deps.database;
  const conversation = await store.findConversation(db, actor.id, id);
  await startupSweep(deps);
  let messages = await store.visibleMessages(db, id);
  if (messages.some((m) => m.status === 'streaming')) {
    await store.sweepInterrupted(db, abandonedBefore(deps), liveHereIds(deps), id);
    messages = await store.visibleMessages(db, id);
  }
  const inputs = conversation.botKind === 'docbot' ? await store.runInputs(db, id) : [];
  return { ...presentConversation(conversation), messages: messages.map((m) => presentMessage(m, readerLocale(actor))), inputs };
}

/** How long a Stop waits for the reply to be stored before it answers the status as it is. */
const STOP_WAIT_MS = 5_000;

/**
 * Stops a reply being generated (the user pressed Stop), in this process or, on PostgreSQL, in
 * whichever process writes it: it ends where it is and is stored, marked stopped. A reply that
 * already ended is left as it is. Answers its status.
 */
export async function stopReply(deps: AppDeps, actor: SessionUser, conversationId: string, messageId: string): Promise<StopReplyResult> {
  const { db } = deps.database;
  await store.findConversation(db, actor.id, conversationId);
  const reply = isUuid(messageId) ? await store.findMessage(db, messageId) : undefined;
  if (!reply || reply.conversationId !== conversationId || reply.role !== 'assistant') throw notFound(message('replyNotFound'));
  const live = liveGeneration(deps, reply.id);
  if (live) {
    live.stop();
    const result = await Promise.race([live.done, new Promise<undefined>((r) => setTimeout(r, STOP_WAIT_MS))]);
    if (result) return { status: result.status, stopped: result.stopped === true };
  } else if (reply.status === 'streaming' && relayed(deps)) {
    // Written by another process: it hears the Stop and stores the reply; its row tells when.
    await stopElsewhere(deps, reply.id);
    for (const until = Date.now() + STOP_WAIT_MS; Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 50));
      if ((await store.findMessage(db, reply.id))?.status !== 'streaming') break;
    }
  }
  const now = (await store.findMessage(db, reply.id)) ?? reply;
  const status = now.status === 'superseded' ? 'complete' : now.status;
  return { status, stopped: now.errorCode === store.STOPPED };
}

export interface RetryRequest {
  /** The caller, who owns the conversation (the caller checked that). */
  actor: SessionUser;
  conversation: store.ConversationRow;
  idempotencyKey: string;
  /** The run spec, resolved only when the retry is not a repeat of one already made. */
  spec: () => Promise<RunSpec>;
  hooks?: Pick<RunHooks, 'started' | 'finished'>;
  /** A student's assignment record: the new reply gets the moderation pass and its flags are the record's. */
  record?: StudentRecordRef;
}

/**
 * Regenerates the last reply (complete, interrupted, failed or blocked by the model's output):
 * the old one is superseded and a new one streams in its place, for the same user turn.
 */
export async function retryReply(deps: AppDeps, input: RetryRequest): Promise<Response> {
  const { db } = deps.database;
  const { actor, conversation, idempotencyKey } = input;
  const existing = await store.findByKey(db, conversation.id, idempotencyKey);
  if (existing) return replayReply(deps, existing, readerLocale(actor));
  const spec = await input.spec();
  const provider = await preflight(deps, actor);
  await startupSweep(deps);
  const pool = await resolvePool(db, deps.config.ai, spec.poolOwnerId, deps.config);
  let messages = await store.visibleMessages(db, conversation.id);
  if (messages.at(-1)?.status === 'streaming') {
    // A reply whose process died (its lease lapsed) is interrupted now, and so may be retried.
    await store.sweepInterrupted(db, abandonedBefore(deps), liveHereIds(deps), conversation.id);
    messages = await store.visibleMessages(db, conversation.id);
  }
  const last = messages.at(-1);
  if (!last || last.role !== 'assistant' || !last.replyTo) throw conflict(message('noReplyToRetry'));
  const rt = aiRuntime(deps);
  if (last.status === 'streaming') throw conflict(message('replyStillWriting'));
  if (last.status === 'held') throw conflict(message('replyStillBeingChecked'));
  if (last.errorCode === store.INPUT_BLOCKED) throw conflict(message('safetyNotRetried'));
  const userTurn = messages.find((m) => m.id === last.replyTo);
  if (!userTurn) throw conflict(message('noReplyToRetry'));
  const history = store.historyTurns(messages.filter((m) => m.seq < userTurn.seq));
  const replyId = randomUUID();
  const generation = new Generation();
  rt.live.set(replyId, generation);
  let usageId: string | undefined;
  try {
    const replay = await db.transaction(async (tx) => {
      const { seq, keyed } = await store.lockConversation(tx, conversation, idempotencyKey);
      if (keyed) return keyed;
      if (seq !== last.seq) throw conflict(message('conversationChanged'));
      usageId = await reserveUsage(tx, {
        userId: actor.id,
        pool,
        kind: 'text',
        botId: spec.botId,
        conversationId: conversation.id,
        messageId: replyId,
        provider: provider.kind,
        model: provider.textModelName,
      });
      await store.supersede(tx, last.id);
      await store.insertMessages(tx, [
        {
          id: replyId,
          conversationId: conversation.id,
          seq: seq + 1,
          role: 'assistant',
          replyTo: userTurn.id,
          status: 'streaming',
          idempotencyKey,
          checkpointAt: new Date(),
        },
      ]);
      return undefined;
    });
    if (replay) {
      rt.live.delete(replyId);
      return replayReply(deps, (await store.findMessage(db, replay))!, readerLocale(actor));
    }
  } catch (err) {
    rt.live.delete(replyId);
    // Two retries racing on two connections: the unique key decides, the loser replays the winner.
    const winner = isUniqueViolation(err) ? await store.findByKey(db, conversation.id, idempotencyKey) : undefined;
    if (winner) return replayReply(deps, winner, readerLocale(actor));
    throw err;
  }
  return startReply(deps, rt, provider, {
    spec,
    actor,
    conversationId: conversation.id,
    replyId,
    usageId: usageId!,
    history,
    generation,
    hooks: input.hooks,
    record: input.record,
    userTurn,
    // A student's message that never got its moderation verdict (its turn failed before even a
    // hold could be stored, and the sweep interrupted it) is checked now, before the tutor sees it.
    checkInput: input.record !== undefined && !(await store.inputWasModerated(db, userTurn.id)),
  });
}
