import { z } from 'zod';

export const health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
  /** The AI provider chosen by the settings; AI being unconfigured does not make the app unhealthy. */
  ai: z.enum(['gemini', 'openai-compatible', 'not configured']),
});
export type Health = z.infer<typeof health>;
