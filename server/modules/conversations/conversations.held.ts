import { ModerationFailedError } from '../../ai/moderation';
import { aiRuntime } from '../../ai/runtime';
import type { RunSpec } from '../../ai/run-spec';
import type { AppDeps, SessionUser } from '../../core/context';
import type { Db } from '../../db/client';
import type { AppError } from '../../lib/errors';
import { logWarning } from '../../lib/log';
import { releaseHeldInput, type RunHooks } from './conversations.run';
import { decideTurn, flagAndAlert, type FlagValues, type StudentRecordRef } from './conversations.safety';
import * as store from './conversations.store';

/**
 * One held student turn checked again (docs/decisions/095-held-turns-and-their-recheck.md): the
 * safety module's job claims the rows and calls this for each. held_output: pass shows the reply,
 * a flag replaces it, a failure leaves it held. held_input: a flag answers it with the safe reply,
 * a pass lets the tutor answer it now.
 */

/** The run a held turn belongs to, rebuilt now by the module that owns its record (my-assignments' heldTurnRun). */
export interface HeldTurnRun {
  actor: SessionUser;
  spec: RunSpec;
  record: StudentRecordRef;
  hooks: Pick<RunHooks, 'started' | 'finished'>;
  /** Why the tutor may not answer the held message now (closed, handed in, tutor deleted), or null. */
  refusal: AppError | null;
}

/** A held reply row, as claimed for its re-check. */
export type HeldTurn = store.MessageRow;

export type HeldTurnOutcome = 'released' | 'blocked' | 'stillHeld' | 'failed';

/**
 * Claims up to 20 held rows whose last check (or claim) is at least `minAgeMs` old, moving their
 * checkpoint so no process takes them again before the next period (FOR UPDATE SKIP LOCKED).
 */
export function claimHeldTurns(db: Db, minAgeMs: number): Promise<HeldTurn[]> {
  return store.claimHeld(db, minAgeMs);
}

/** Checks one claimed row again; `runOf` rebuilds its run from its conversation (undefined: the record is gone). */
export async function recheckHeldTurn(
  deps: AppDeps,
  reply: HeldTurn,
  runOf: (conversationId: string) => Promise<HeldTurnRun | undefined>,
): Promise<HeldTurnOutcome> {
  const { db } = deps.database;
  const provider = aiRuntime(deps).provider!;
  const userTurn = reply.replyTo ? await store.findMessage(db, reply.replyTo) : undefined;
  const run = await runOf(reply.conversationId);
  if (!run || !userTurn) {
    // The record is gone (deleted, the student off the roster): nobody is waiting for this turn.
    await store.endHeld(db, reply.id, 'failed', '', 'held_record_gone');
    return 'failed';
  }
  const input = reply.errorCode === store.HELD_INPUT;
  const checked = input ? userTurn : reply;
  const decision = await decideTurn(deps, {
    provider,
    spec: run.spec,
    studentId: run.actor.id,
    conversationId: reply.conversationId,
    messageId: checked.id,
    text: checked.text,
    which: input ? 'input' : 'output',
  });
  if (decision.action === 'hold') {
    if (decision.error instanceof ModerationFailedError) return 'stillHeld';
    throw decision.error;
  }
  const where: Pick<FlagValues, 'conversationId' | 'messageId' | 'studentId' | 'botId' | 'record' | 'source'> = {
    conversationId: reply.conversationId,
    messageId: checked.id,
    studentId: run.actor.id,
    botId: run.spec.botId,
    record: run.record,
    source: input ? 'input' : 'output',
  };
  if (decision.action === 'block') {
    const ended = await store.endHeld(
      db,
      reply.id,
      'blocked',
      decision.text,
      input ? store.INPUT_BLOCKED : 'ai_safety_block',
      decision.providerSafety,
    );
    if (!ended) return 'stillHeld';
    await flagAndAlert(deps, { ...where, ...decision.flag });
    await announce(run);
    return 'blocked';
  }
  if (decision.action === 'note') await flagAndAlert(deps, { ...where, ...decision.flag });
  if (!input) {
    if (!(await store.endHeld(db, reply.id, 'complete', undefined, null))) return 'stillHeld';
    await announce(run);
    return 'released';
  }
  if (run.refusal) {
    await store.endHeld(db, reply.id, 'failed', '', 'held_record_closed');
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
