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
