import type { ValidationMessageId, ValidationMessageValues } from './ids';

/**
 * A text for people as an id of a catalogue and the values its ICU text takes (decision 285): what
 * the server and the contract carry instead of a sentence, formatted once in the reader's language.
 * An id whose text takes values needs them; one without takes none.
 */
export type MessageOf<Id extends string, Values> = {
  [K in Id]: K extends keyof Values ? { id: K; values: Values[K] } : { id: K; values?: undefined };
}[Id];

/** True for a message (an id and its values) rather than a sentence. */
export const isMessage = (value: unknown): value is { id: string; values?: Record<string, unknown> } =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';

/**
 * A zod issue's message naming an id of the contract's catalogue (contract/i18n), since zod carries
 * a string: `⟪id⟫`, or `⟪id {"max":100}⟫` with values. The server and the web read it back
 * (`readIssueText`) and format it in the reader's language; a marked text that reached a reader
 * unformatted would show its brackets, never pass for English.
 */
export type ValidationMessage = MessageOf<ValidationMessageId, ValidationMessageValues>;

export function issueText<K extends ValidationMessageId>(
  id: K,
  ...values: K extends keyof ValidationMessageValues ? [ValidationMessageValues[K]] : []
): string {
  return values[0] === undefined ? `⟪${id}⟫` : `⟪${id} ${JSON.stringify(values[0])}⟫`;
}

const ISSUE_TEXT = /^⟪(\w+)(?: (\{.*\}))?⟫$/s;

/** The message an issue's text names, or undefined for a text that names none (English of a schema not moved yet). */
export function readIssueText(text: string): ValidationMessage | undefined {
  const m = ISSUE_TEXT.exec(text);
  if (!m) return undefined;
  try {
    return { id: m[1], values: m[2] === undefined ? undefined : (JSON.parse(m[2]) as object) } as ValidationMessage;
  } catch {
    return undefined;
  }
}
