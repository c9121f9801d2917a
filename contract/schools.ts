import { z } from 'zod';

/** The signed-in user's school licence as the top bar and admin pages show it. */
export const mySchool = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  logoUrl: z.string().nullable(),
  expiration: z.string().nullable(),
});
export type MySchool = z.infer<typeof mySchool>;
