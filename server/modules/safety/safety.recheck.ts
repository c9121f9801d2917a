import { aiRuntime } from '../../ai/runtime';
import type { AppDeps } from '../../core/context';
import { logWarning } from '../../lib/log';
import { claimHeldTurns, recheckHeldTurn } from '../conversations';
import { heldTurnRun } from '../my-assignments';

/**
 * The re-check of held student turns (issue 16 item 2): a turn whose moderation pass failed or
 * timed out waits, status 'held', shown to neither the model nor the student. Every
 * AI_MODERATION_RECHECK_MS each process claims some held rows (FOR UPDATE SKIP LOCKED, the claim
 * moving their checkpoint so no process takes them again before the next period) and checks them
 * again, one by one, with the conversations module's recheckHeldTurn.
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
  const held = await claimHeldTurns(deps.database.db, minAgeMs);
  round.claimed = held.length;
  // A held turn's run is rebuilt through its assignment record, as a send builds it.
  const runOf = (conversationId: string) => heldTurnRun(deps, conversationId);
  for (const reply of held) {
    try {
      round[await recheckHeldTurn(deps, reply, runOf)]++;
    } catch (err) {
      round.stillHeld++;
      logWarning(null, 'safety: a held turn could not be checked again', err);
    }
  }
  return round;
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
