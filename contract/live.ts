import { z } from 'zod';

/**
 * What the server publishes to a live stream (GET /api/live: a teacher's, or a student's own), a kind and ids only, never
 * user content. A page that receives one refetches what it shows through the ordinary endpoints,
 * which apply their own access checks. Extend the union with new kinds as pages need them.
 */
const id = z.string().min(1).max(64);

export const liveEvent = z.discriminatedUnion('type', [
  /** A student's assignment record changed (status, activity, a message, feedback). */
  z.object({ type: z.literal('assignment.updated'), assignmentId: id, studentAssignmentId: id }),
  /** To a student's own stream: they earned a trophy (or one was taken back); refetch /api/my-trophies. */
  z.object({ type: z.literal('trophies') }),
  /** To a teacher's (or an alerted school admin's) stream: a safety flag came or was reviewed; refetch /api/flags. */
  z.object({ type: z.literal('flags') }),
]);
export type LiveEvent = z.infer<typeof liveEvent>;

/**
 * Each `data:` line of the stream is one of these, as JSON. `sync` is the server's own: sent first
 * once the stream is subscribed, and again when events may have been missed (the server's
 * listening connection to the database was lost and restored), meaning "refetch what you show".
 */
export const liveMessage = z.union([liveEvent, z.object({ type: z.literal('sync') })]);
export type LiveMessage = z.infer<typeof liveMessage>;
