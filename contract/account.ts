import { z } from 'zod';
import { emailAddress, text } from './common';
import { localeSchema } from './locale';

/** The role an account chooses at sign-up ("I'm a teacher" / "I'm a student"). */
export const accountRole = z.enum(['teacher', 'student']);
export type AccountRole = z.infer<typeof accountRole>;

export const me = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: accountRole,
  isSupport: z.boolean(),
  /** The language the person chose (account menu); null until they choose one. */
  locale: localeSchema.nullable(),
  /**
   * For a student who has not chosen: the default language of the class they joined most recently
   * among those that set one (null: none). The page's language is `locale ?? classLocale ?? the browser's`.
   */
  classLocale: localeSchema.nullable(),
});
export type Me = z.infer<typeof me>;

/** What the sign-in panel needs to know before anyone signs in. */
export const authProviders = z.object({
  google: z.boolean(),
  microsoft: z.boolean(),
});
export type AuthProviders = z.infer<typeof authProviders>;

const personName = text({ trim: true, min: 1, max: 100, tooShort: 'Enter your name', tooLong: 'Names are at most 100 characters' });

export const signUpInput = z.object({
  name: personName,
  email: emailAddress,
  password: text({ min: 8, max: 128, tooShort: 'Passwords are at least 8 characters', tooLong: 'Passwords are at most 128 characters' }),
  role: accountRole,
});
export type SignUpInput = z.infer<typeof signUpInput>;

/**
 * Where every confirmation link lands: the landing page, which takes the now signed-in user into
 * the app with an "E-mail confirmed" notice, or explains an expired or broken link. better-auth
 * appends `&error=CODE` to it when the link does not work.
 */
export const EMAIL_CONFIRMED_CALLBACK = '/?confirmed=email';

/** POST /api/auth/send-verification-email: a new confirmation link (the answer is the same for any address). */
export const resendVerificationInput = z.object({ email: emailAddress });
export type ResendVerificationInput = z.infer<typeof resendVerificationInput>;

/** POST /api/auth/update-user: what a user may change on themselves (any other field is refused with 403). */
export const updateUserInput = z.object({
  name: personName.optional(),
  image: text({ max: 2000 }).nullable().optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserInput>;

/**
 * POST /api/auth/roster-check: whether an address is on some teacher's current roster, so sign-up
 * offers "I'm a student" first (docs/product/roles-and-plans.md#who-is-who). Only a boolean, the same shape for every address,
 * whether or not it has an account; rate-limited per IP.
 */
export const rosterCheckInput = z.strictObject({ email: emailAddress });
export type RosterCheckInput = z.infer<typeof rosterCheckInput>;
export const rosterCheck = z.object({ onRoster: z.boolean() });
export type RosterCheck = z.infer<typeof rosterCheck>;
