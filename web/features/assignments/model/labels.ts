import type { ClassRef } from '../../../../contract/assignments';

/** "Biology · P3": a class as the pages name it. */
export const classLabel = (c: Pick<ClassRef, 'name' | 'section'>) => (c.section ? `${c.name} · ${c.section}` : c.name);

/** An error's message for an alert (ApiError messages are the server's, written for people). */
export const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
