import { ModerationFailedError, verdictAction, type ModerationVerdict } from '../../ai/moderation';
import { aiRuntime } from '../../ai/runtime';
import { safeReply } from '../../ai/safety';
import type { AppDeps } from '../../core/context';
import { logWarning } from '../../lib/log';
import { releaseHeldInput } from '../conversations';
import { flagAndAlert, moderateTurn, verdictFlag, type FlagValues } from '../conversations';
import { conversationsStore as conversations } from '../conversations';
import { heldTurnRun, type HeldTurnRun } from '../my-assignments';

/**
 * The re-check of held student turns (issue 16 item 2): a turn whose moderation pass failed or
 * timed out waits, status 'held', shown to neither the model nor the student. Every
 * AI_MODERATION_RECHECK_MS each process claims some held rows (FOR UPDATE SKIP LOCKED, the claim
 * moving their checkpoint so no process takes them again before the next period) and checks them
 * again. held_output: pass shows the reply, a flag replaces it, a failure leaves it held.
 * held_input: a flag answers it with the safe reply, a pass lets the tutor answer it now.
 */

/** What one round did, for tests and logs. */
export interface RecheckRound {
  claimed: number;
  released: number;
  blocked: number;
  stillHeld: number;
  failed: number;
}

/**
 * One round now: every held turn whose last check is at least `minAgeMs` old (0: all of them).
 * Tests call this instead of waiting for the timer.
 */
export async function recheckHeldTurns(deps: AppDeps, minAgeMs = 0): Promise<RecheckRound> {
  const round: RecheckRound = { claimed: 0, released: 0, blocked: 0, stillHeld: 0, failed: 0 };
  // No provider configured: nothing can be checked; the turns stay held.
  if (!aiRuntime(deps).provider) return round;
  const held = await conversations.claimHeld(deps.database.db, minAgeMs);
  round.claimed = held.length;
  for (const reply of held) {
    try {
      round[await recheckOne(deps, reply)]++;
    } catch (err) {
      round.stillHeld++;
      logWarning(null, 'safety: a held turn could not be checked again', err);
    }
  }
  return round;
}

type Outcome = 'released' | 'blocked' | 'stillHeld' | 'failed';

async function recheckOne(deps: AppDeps, reply: conversations.MessageRow): Promise<Outcome> {
  const { db } = deps.database;
  const provider = aiRuntime(deps).provider!;
  const userTurn = reply.replyTo ? await conversations.findMessage(db, reply.replyTo) : undefined;
  const run = await heldTurnRun(deps, reply.conversationId);
  if (!run || !userTurn) {
    // The record is gone (deleted, the student off the roster): nobody is waiting for this turn.
    await conversations.endHeld(db, reply.id, 'failed', '', 'held_record_gone');
    return 'failed';
  }
  const input = reply.errorCode === conversations.HELD_INPUT;
  const checked = input ? userTurn : reply;
  let verdict: ModerationVerdict;
  try {
    verdict = await moderateTurn(deps, {
      provider,
      spec: run.spec,
      studentId: run.actor.id,
      conversationId: reply.conversationId,
      messageId: checked.id,
      text: checked.text,
      which: input ? 'input' : 'output',
    });
  } catch (err) {
    if (err instanceof ModerationFailedError) return 'stillHeld';
    throw err;
  }
  const where: Pick<FlagValues, 'conversationId' | 'messageId' | 'studentId' | 'botId' | 'record' | 'source'> = {
    conversationId: reply.conversationId,
    messageId: checked.id,
    studentId: run.actor.id,
    botId: run.spec.botId,
    record: run.record,
    source: input ? 'input' : 'output',
  };
  const action = verdictAction(verdict);
  if (action === 'block') {
    const flag = verdictFlag(verdict);
    const category = flag.category === 'provider_block' ? 'violence' : flag.category;
    const ended = await conversations.endHeld(
      db,
      reply.id,
      'blocked',
      safeReply(category),
      input ? conversations.INPUT_BLOCKED : 'ai_safety_block',
      verdict.providerSafety,
    );
    if (!ended) return 'stillHeld';
    await flagAndAlert(deps, { ...where, ...flag });
    await announce(run);
    return 'blocked';
  }
  if (action === 'note') await flagAndAlert(deps, { ...where, ...verdictFlag(verdict) });
  if (!input) {
    if (!(await conversations.endHeld(db, reply.id, 'complete', undefined, null))) return 'stillHeld';
    await announce(run);
    return 'released';
  }
  if (run.refusal) {
    await conversations.endHeld(db, reply.id, 'failed', '', 'held_record_closed');
    await announce(run);
    return 'failed';
  }
  const answered = await releaseHeldInput(deps, {
    conversationId: reply.conversationId,
    replyId: reply.id,
    userTurn,
    actor: run.actor,
    spec: run.spec,
    record: run.record,
    hooks: run.hooks,
  });
  return answered ? 'released' : 'failed';
}

/** The teacher's table and the student's page learn that the turn changed. */
async function announce(run: HeldTurnRun) {
  await run.hooks.finished?.().catch((err: unknown) => logWarning(null, 'safety: a re-checked turn could not be announced', err));
}

/**
 * Starts the periodic re-check (server/jobs.ts): every AI_MODERATION_RECHECK_MS, one round over
 * the turns last checked (or claimed) at least that long ago, and never sooner than twice the
 * moderation timeout. Safe in several processes at once. Returns stop.
 */
export function startHeldRechecks(deps: AppDeps): () => void {
  const { recheckMs: every, timeoutMs } = deps.config.ai.moderation;
  // A claim lasts longer than a check can take (its retry is inside the timeout), so another
  // process never checks a turn this one is still checking.
  const minAge = Math.max(every, 2 * timeoutMs + 1000);
  let running = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = true;
    recheckHeldTurns(deps, minAge)
      .catch((err: unknown) => logWarning(null, 'safety: a re-check round failed', err))
      .finally(() => (running = false));
  }, every);
  timer.unref?.();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
