import type { ProviderSafety } from '../../db/schema/ai';
import type { Db, Tx } from '../../db/client';
import { moderate, verdictAction, type ModerationVerdict } from '../../ai/moderation';
import type { AiProvider } from '../../ai/providers';
import { createRedactor } from '../../ai/redact';
import type { RunSpec } from '../../ai/run-spec';
import { safeReply, type SafetyCategory } from '../../ai/safety';
import type { AppDeps } from '../../core/context';
import { logWarning } from '../../lib/log';
import { resolvePool } from '../usage';
import * as store from './conversations.store';

/**
 * The safety pieces of a student's turn on an assignment record: the moderation pass (tier b) of
 * a message or a reply, and the flags it leaves for the teacher. A teacher's preview has no
 * record: it keeps the instant check only and makes no flag.
 */

/** The student's assignment record a run belongs to: its flags are the record's. */
export interface StudentRecordRef {
  id: string;
  assignmentId: string;
  teacherId: string;
}

export interface FlagValues {
  conversationId: string;
  messageId: string;
  studentId: string;
  botId: string | null;
  record: StudentRecordRef;
  category: SafetyCategory | 'provider_block';
  severity: 'low' | 'medium' | 'high';
  reason: string;
  source: 'input' | 'output' | 'provider';
  detectedBy: 'words' | 'moderation' | 'provider';
  providerSafety?: ProviderSafety;
}

/** The severity of a flag the instant word check made: self-harm and safeguarding are always high. */
export const wordSeverity = (category: SafetyCategory): 'medium' | 'high' =>
  category === 'self_harm' || category === 'safeguarding' ? 'high' : 'medium';

/** Stores a flag (in the caller's transaction, if any); returns its id for alertAfter. */
export async function insertRecordFlag(db: Db | Tx, f: FlagValues): Promise<string> {
  return store.insertFlag(db, {
    conversationId: f.conversationId,
    studentAssignmentId: f.record.id,
    messageId: f.messageId,
    studentId: f.studentId,
    teacherId: f.record.teacherId,
    botId: f.botId,
    category: f.category,
    severity: f.severity,
    reason: f.reason.slice(0, 200),
    source: f.source,
    detectedBy: f.detectedBy,
    providerSafety: f.providerSafety ?? null,
  });
}

/**
 * Tells the teacher (and for self-harm the school's admins) about a stored flag: best effort, after
 * any transaction. The flags module does it (AppDeps.hooks.flagStored, wired by server/compose.ts).
 */
export function alertAfter(deps: AppDeps, flagId: string): void {
  // Not awaited: the student's answer (and the help resources) never waits for a mail server.
  void deps.hooks.flagStored(deps, flagId).catch((err: unknown) => logWarning(null, 'safety: a flag alert could not be sent', err));
}

/** Stores a flag outside any transaction and alerts it. */
export async function flagAndAlert(deps: AppDeps, f: FlagValues): Promise<void> {
  alertAfter(deps, await insertRecordFlag(deps.database.db, f));
}

export interface TurnCheck {
  provider: AiProvider;
  spec: RunSpec;
  studentId: string;
  conversationId: string;
  /** The turn checked: the student's message, or the reply row. */
  messageId: string;
  text: string;
  which: 'input' | 'output';
  /** Takes the check's usage-row write instead of waiting for it (see ModerationRequest.metered). */
  metered?: (write: Promise<void>) => void;
}

/** The moderation pass on one turn, redacted as the tutor's prompt is and metered to the teacher's pool (not its quota). */
async function moderateTurn(deps: AppDeps, t: TurnCheck): Promise<ModerationVerdict> {
  const { db } = deps.database;
  const ai = deps.config.ai;
  const pool = await resolvePool(db, ai, t.spec.poolOwnerId, deps.config);
  return moderate(db, {
    provider: t.provider,
    text: t.text,
    which: t.which,
    redact: createRedactor(t.spec.student),
    timeoutMs: ai.moderation.timeoutMs,
    retryMs: Math.min(ai.retry.baseMs, 500),
    metered: t.metered,
    meter: {
      userId: t.studentId,
      poolOwnerId: t.spec.poolOwnerId,
      schoolId: pool.schoolId,
      botId: t.spec.botId,
      conversationId: t.conversationId,
      messageId: t.messageId,
    },
  });
}

/**
 * A verdict's flag values (the caller adds where it belongs). Only verdicts that flag come here
 * (verdictAction note or block: never category none); a self-harm verdict is at least medium.
 */
function verdictFlag(v: ModerationVerdict): Pick<FlagValues, 'category' | 'severity' | 'reason' | 'detectedBy' | 'providerSafety'> {
  const category = v.category === 'none' ? 'self_harm' : v.category;
  // Self-harm is at least medium; a safeguarding disclosure is always high (its school alert, its reporting).
  const severity =
    v.category === 'safeguarding'
      ? 'high'
      : v.severity === 'none' || (v.category === 'self_harm' && v.severity === 'low')
        ? 'medium'
        : v.severity;
  return { category, severity, reason: v.reason, detectedBy: v.detectedBy, providerSafety: v.providerSafety };
}

/** A flag's values that a moderation verdict decides (where it belongs is added by the caller). */
export type VerdictFlag = ReturnType<typeof verdictFlag>;

/**
 * What the moderation pass decides for a turn: go on (pass, or note with a flag to leave), block
 * it (the flag, and the safe reply shown in its place), or hold it because the check could not be
 * made (whatever failed: the caller decides which failures it holds for). Storing the turn and the
 * flag is the caller's: a send, the end of a reply and a held turn's re-check each do it in their
 * own order.
 */
export type TurnDecision =
  | { action: 'pass' }
  | { action: 'note'; flag: VerdictFlag }
  | { action: 'block'; flag: VerdictFlag; category: SafetyCategory; text: string; providerSafety?: ProviderSafety }
  | { action: 'hold'; error: unknown };

/** The moderation pass on one turn and what it decides (moderate or hold). */
export async function decideTurn(deps: AppDeps, t: TurnCheck): Promise<TurnDecision> {
  let verdict: ModerationVerdict;
  try {
    verdict = await moderateTurn(deps, t);
  } catch (error) {
    return { action: 'hold', error };
  }
  const action = verdictAction(verdict);
  if (action === 'pass') return { action };
  const flag = verdictFlag(verdict);
  if (action === 'note') return { action, flag };
  const category = flag.category === 'provider_block' ? 'violence' : flag.category;
  return {
    action,
    flag,
    category,
    text: safeReply(category, t.spec.replyLocale, await t.spec.crisisLines?.()),
    providerSafety: verdict.providerSafety,
  };
}
