import type { ReleaseGate } from '../../ai/generation';
import type { AppDeps } from '../../core/context';
import { logWarning } from '../../lib/log';
import { decideTurn, type TurnCheck, type TurnDecision, type VerdictFlag } from './conversations.safety';

/**
 * The writes of a student turn's checks: their usage rows, and a low verdict's flag on the message.
 * A check's verdict does not wait for them (in a class's burst those writes queue behind every
 * send's); the turn's end does.
 */
export class PendingMeters {
  private readonly writes: Promise<void>[] = [];
  readonly add = (write: Promise<void>) => void this.writes.push(write);
  /** Every row handed in so far is written. */
  async settled(): Promise<void> {
    await Promise.all(this.writes);
  }
}

/** A moderation verdict that lets the turn go on (a note leaves a flag). */
export const lets = (d: TurnDecision) => d.action === 'pass' || d.action === 'note';

/**
 * The checks of a student's tutor reply while it is written (the release gate of its generation)
 * and its closing check. Each check is the moderation pass on the whole text so far, metered as
 * moderation. Nothing is released before the student's message has passed its own check, which
 * runs beside the tutor's first call (`input`).
 */
export class ReplyChecks implements ReleaseGate {
  readonly maxChecks: number;
  /** The check that stopped the reply: it flagged it. */
  blocked: Extract<TurnDecision, { action: 'block' }> | undefined;
  /** The last check that passed, and how much of the reply it covered. */
  private passed: { length: number; decision: TurnDecision } | undefined;
  /** The first low verdict of a check while the reply was written: its flag is left unless the closing check flags. */
  private noted: VerdictFlag | undefined;

  constructor(
    private readonly deps: AppDeps,
    private readonly turn: Omit<TurnCheck, 'text' | 'which'>,
    private readonly input: Promise<TurnDecision> | undefined,
  ) {
    this.maxChecks = deps.config.ai.moderation.checksPerReply;
  }

  async check(text: string): Promise<'release' | 'keep' | 'stop'> {
    // The message's verdict and the reply's are asked for together; both must pass.
    const [message, decision] = await Promise.all([this.input, decideTurn(this.deps, { ...this.turn, text, which: 'output' })]);
    if (message && !lets(message)) return 'stop';
    if (decision.action === 'block') {
      this.blocked = decision;
      return 'stop';
    }
    if (decision.action === 'hold') {
      logWarning(null, 'safety: a check of a reply being written failed; its text waits for the next check', decision.error);
      return 'keep';
    }
    if (decision.action === 'note') this.noted ??= decision.flag;
    this.passed = { length: text.length, decision };
    return 'release';
  }

  /**
   * The closing decision on the whole reply: the check that stopped it, the last check when it
   * covered all of it (the same text, so the same verdict), or a new check.
   */
  async closing(text: string): Promise<TurnDecision> {
    if (this.blocked) return this.blocked;
    const decision =
      this.passed?.length === text.length ? this.passed.decision : await decideTurn(this.deps, { ...this.turn, text, which: 'output' });
    return decision.action === 'pass' && this.noted ? { action: 'note', flag: this.noted } : decision;
  }
}
