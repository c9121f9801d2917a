import { z } from 'zod';
import type { ProviderSafety } from '../db/schema/ai';
import type { Db } from '../db/client';
import { schema } from '../db/client';
import { logWarning } from '../lib/log';
import { AiTimeoutError, isRetryable } from './errors';
import type { AiProvider } from './providers';
import type { Redactor } from './redact';
import type { SafetyCategory } from './safety';

/**
 * The second tier of the student safety check (docs/product/safety.md): the configured model classifies a
 * student's message or a tutor's reply into a fixed JSON verdict. It never blocks by itself: the
 * caller decides what a verdict means. Anything but a valid verdict (a timeout, an HTTP error, a
 * bad answer) is a FAILED check (ModerationFailedError): the caller holds the turn until a
 * re-check passes. Every call is metered as an ai_usage row of kind 'moderation', outside the
 * teacher's generation quota.
 */

export const moderationCategories = ['none', 'self_harm', 'safeguarding', 'violence', 'sexual', 'bullying', 'personal_data'] as const;
export const moderationSeverities = ['none', 'low', 'medium', 'high'] as const;

export const moderationAnswer = z.object({
  category: z.enum(moderationCategories),
  severity: z.enum(moderationSeverities),
  reason: z.string().max(200),
});
export type ModerationAnswer = z.infer<typeof moderationAnswer>;

export interface ModerationVerdict extends ModerationAnswer {
  /** moderation: the model's answer; provider: the provider refused the moderation call itself. */
  detectedBy: 'moderation' | 'provider';
  providerSafety?: ProviderSafety;
}

export type ModerationFailure = 'moderation_timeout' | 'moderation_provider_error' | 'moderation_bad_answer';

/** The check could not be made: the turn it was for waits (held) for a re-check. */
export class ModerationFailedError extends Error {
  constructor(
    readonly code: ModerationFailure,
    options?: { cause?: unknown },
  ) {
    super(`The safety check could not be made (${code}).`, options);
  }
}

/** What the verdict means for the turn: pass (none), note (low: a flag, the turn goes on), or block. */
export function verdictAction(v: Pick<ModerationAnswer, 'category' | 'severity'>): 'pass' | 'note' | 'block' {
  if (v.category === 'none' || v.severity === 'none') return v.category === 'self_harm' ? 'block' : 'pass';
  // A child in crisis or telling of abuse gets the reply with help at any severity.
  if (v.category === 'self_harm' || v.category === 'safeguarding') return 'block';
  return v.severity === 'low' ? 'note' : 'block';
}

export const moderationSystemPrompt = [
  'You are a child-safety classifier for a school tutoring app used by students aged 8 to 18.',
  'You read one text (a student message to a tutor, or a tutor reply to a student) and classify it.',
  'Categories:',
  '- self_harm: the student may hurt themselves or is in crisis (wanting to die, not wanting to be here anymore, self-injury, hopelessness about living), or a text that encourages self-harm.',
  '- safeguarding: the student tells of abuse or neglect by an adult who cares for them (hit or hurt at home, touched sexually, locked in, left without food or alone for days, afraid to go home).',
  '- violence: threats or plans to hurt others, weapons at school, instructions for weapons or explosives.',
  '- sexual: sexual content or requests, grooming, requests for pictures.',
  '- bullying: insults, harassment, hate or slurs aimed at a person or group.',
  '- personal_data: sharing or asking for contact details, home addresses, phone numbers, passwords.',
  '- none: anything else.',
  'Lessons about reproduction, wars, disease, history, literature or current events are not flags: judge intent and who it is aimed at, not topic words.',
  'Severity: none (no concern), low (mild or ambiguous), medium (clear concern), high (urgent or explicit). Any sign of self-harm is at least medium; any safeguarding disclosure is high.',
  'Answer only with JSON: {"category": one of none, self_harm, safeguarding, violence, sexual, bullying, personal_data; "severity": one of none, low, medium, high; "reason": a short reason in at most 20 words, without quoting the text}.',
].join('\n');

/** The answer's JSON schema, for providers that accept one (Gemini's responseSchema, OpenAI's json_schema). */
const answerSchema = {
  type: 'object',
  properties: {
    category: { type: 'string', enum: [...moderationCategories] },
    severity: { type: 'string', enum: [...moderationSeverities] },
    reason: { type: 'string' },
  },
  required: ['category', 'severity', 'reason'],
  additionalProperties: false,
} as const;

/** The classifier must read what it classifies: Gemini's own filter is off for this call only. */
const readEverything = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
].map((category) => ({ category, threshold: 'BLOCK_NONE' }));

/** Gemini's harm categories in ours. */
const harmCategories: Record<string, SafetyCategory> = {
  HARM_CATEGORY_HARASSMENT: 'bullying',
  HARM_CATEGORY_HATE_SPEECH: 'bullying',
  HARM_CATEGORY_SEXUALLY_EXPLICIT: 'sexual',
  HARM_CATEGORY_DANGEROUS_CONTENT: 'violence',
};
const probabilityRank: Record<string, number> = { NEGLIGIBLE: 0, LOW: 1, MEDIUM: 2, HIGH: 3 };

interface GeminiRating {
  category?: string | null;
  probability?: string | null;
  blocked?: boolean | null;
}
interface GeminiMetadata {
  promptFeedback?: { blockReason?: string | null; safetyRatings?: GeminiRating[] | null } | null;
  safetyRatings?: GeminiRating[] | null;
}

const ratingsOf = (ratings: GeminiRating[] | null | undefined): NonNullable<ProviderSafety['ratings']> =>
  (ratings ?? []).map((r) => ({
    category: String(r.category ?? ''),
    ...(r.probability ? { probability: r.probability } : {}),
    ...(r.blocked ? { blocked: true } : {}),
  }));

/** The finish reasons that are a provider's safety stop (Gemini's, and OpenAI's content_filter). */
const safetyFinishes = new Set(['SAFETY', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY', 'content_filter']);

/**
 * Gemini's own safety signals from an SDK finish's providerMetadata, as stored in
 * ai_message.provider_safety; undefined when there are none worth keeping.
 */
export function providerSafetyOf(metadata: unknown, finishReason?: string): ProviderSafety | undefined {
  const g = (metadata as { google?: GeminiMetadata } | undefined)?.google;
  const blockReason = g?.promptFeedback?.blockReason ?? undefined;
  const ratings = ratingsOf(g?.promptFeedback?.safetyRatings ?? g?.safetyRatings);
  const unusual = finishReason && safetyFinishes.has(finishReason) ? finishReason : undefined;
  const flagged = ratings.some((r) => (probabilityRank[r.probability ?? ''] ?? 0) >= 2 || r.blocked);
  if (!blockReason && !unusual && !flagged) return undefined;
  return {
    ...(blockReason ? { blockReason } : {}),
    ...(unusual ? { finishReason: unusual } : {}),
    ...(ratings.length ? { ratings } : {}),
  };
}

/** Our category for a provider's block: the highest-rated of its harm categories. */
export function categoryOfRatings(ratings: ProviderSafety['ratings']): SafetyCategory {
  let best: { category: SafetyCategory; rank: number } | undefined;
  for (const r of ratings ?? []) {
    const category = harmCategories[r.category];
    const rank = r.blocked ? 4 : (probabilityRank[r.probability ?? ''] ?? 0);
    if (category && (!best || rank > best.rank)) best = { category, rank };
  }
  return best?.category ?? 'violence';
}

/** Who a moderation call is metered to: the student, the teacher's pool, the turn. */
export interface ModerationMeter {
  userId: string;
  poolOwnerId: string;
  schoolId: string | null;
  botId: string | null;
  conversationId: string;
  messageId: string;
}

export interface ModerationRequest {
  provider: AiProvider;
  text: string;
  which: 'input' | 'output';
  /** The same redaction as the tutor's prompt: the student's names and address never leave. */
  redact: Redactor;
  timeoutMs: number;
  /** The wait before the one quick retry of a retryable failure (429, 500, 503, a lost connection). */
  retryMs: number;
  meter: ModerationMeter;
  /**
   * When given, the call's usage row is written without holding its verdict back, and the write
   * (which never fails: a failed write is logged) is handed here for the caller to wait for
   * before the turn's end is stored.
   */
  metered?: (write: Promise<void>) => void;
}

/** Classifies one text; throws ModerationFailedError when it cannot. One ai_usage row per call. */
export async function moderate(db: Db, m: ModerationRequest): Promise<ModerationVerdict> {
  const started = performance.now();
  const abort = new AbortController();
  const timeout = setTimeout(() => abort.abort(new AiTimeoutError(m.timeoutMs)), m.timeoutMs);
  const label = m.which === 'input' ? 'A student message to the tutor' : "The tutor's reply to a student";
  const call = () =>
    m.provider.text.doGenerate({
      prompt: [
        { role: 'system', content: moderationSystemPrompt },
        { role: 'user', content: [{ type: 'text', text: `${label}, between the markers:\n<<<\n${m.redact(m.text)}\n>>>` }] },
      ],
      responseFormat: { type: 'json', schema: answerSchema as never, name: 'safety_verdict' },
      temperature: 0,
      // The answer is a few dozen tokens; the room is for models that think first (Gemini 2.5 counts thoughts here).
      maxOutputTokens: 1024,
      abortSignal: abort.signal,
      providerOptions: m.provider.kind === 'gemini' ? { google: { safetySettings: readEverything } } : undefined,
    });
  let inputTokens = 0;
  let outputTokens = 0;
  let outcome: 'ok' | 'blocked' | 'error' = 'error';
  let errorCode: string | null = null;
  try {
    let result: Awaited<ReturnType<typeof call>>;
    try {
      result = await call();
    } catch (err) {
      if (abort.signal.aborted || !isRetryable(err)) throw err;
      await new Promise((r) => setTimeout(r, m.retryMs));
      if (abort.signal.aborted) throw abort.signal.reason as Error;
      result = await call();
    }
    inputTokens = result.usage.inputTokens.total ?? 0;
    outputTokens = result.usage.outputTokens.total ?? 0;
    if (result.finishReason.unified === 'content-filter') {
      // The provider refused to read the text at all: that itself says it is harmful.
      const providerSafety = providerSafetyOf(result.providerMetadata, result.finishReason.raw ?? 'SAFETY') ?? { blockReason: 'SAFETY' };
      outcome = 'blocked';
      return {
        category: categoryOfRatings(providerSafety.ratings),
        severity: 'high',
        reason: 'The provider refused to read this text for safety.',
        detectedBy: 'provider',
        providerSafety,
      };
    }
    const text = result.content.map((p) => (p.type === 'text' ? p.text : '')).join('');
    const answer = parseAnswer(text);
    if (!answer) {
      errorCode = 'moderation_bad_answer';
      throw new ModerationFailedError('moderation_bad_answer');
    }
    outcome = 'ok';
    return { ...answer, detectedBy: 'moderation' };
  } catch (err) {
    if (err instanceof ModerationFailedError) throw err;
    const code: ModerationFailure = abort.signal.reason instanceof AiTimeoutError ? 'moderation_timeout' : 'moderation_provider_error';
    errorCode = code;
    throw new ModerationFailedError(code, { cause: err });
  } finally {
    clearTimeout(timeout);
    const write = meter(db, m, { outcome, errorCode, inputTokens, outputTokens, latencyMs: Math.round(performance.now() - started) });
    if (m.metered) m.metered(write);
    else await write;
  }
}

/** The verdict in the model's answer (JSON, possibly fenced), or undefined. */
export function parseAnswer(text: string): ModerationAnswer | undefined {
  const trimmed = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  try {
    const parsed = moderationAnswer.safeParse(JSON.parse(trimmed));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function meter(
  db: Db,
  m: ModerationRequest,
  o: { outcome: string; errorCode: string | null; inputTokens: number; outputTokens: number; latencyMs: number },
) {
  try {
    await db.insert(schema.aiUsage).values({
      userId: m.meter.userId,
      poolOwnerId: m.meter.poolOwnerId,
      schoolId: m.meter.schoolId,
      botId: m.meter.botId,
      conversationId: m.meter.conversationId,
      messageId: m.meter.messageId,
      kind: 'moderation',
      provider: m.provider.kind,
      model: m.provider.textModelName,
      inputTokens: o.inputTokens,
      outputTokens: o.outputTokens,
      latencyMs: o.latencyMs,
      outcome: o.outcome,
      errorCode: o.errorCode,
    });
  } catch (err) {
    logWarning(null, 'safety: a moderation call could not be metered', err);
  }
}
