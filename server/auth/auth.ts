import { eq } from 'drizzle-orm';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, getOAuthState } from 'better-auth/api';
import { serializeSignedCookie } from 'better-call';
import { accountRole, EMAIL_CONFIRMED_CALLBACK } from '../../contract/account';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { schema } from '../db/client';
import { logError, logWarning } from '../lib/log';
import type { Mailer } from '../lib/mailer';
import { sessionsChanged } from '../core/session-changes';
import { localeFromAcceptLanguage } from '../core/locale';
import { isLocale, type Locale } from '../../contract/locale';
import { authMails } from './auth.mails';

/** Puts a verified account on the class rosters that already name its address (the classes module's). */
export type LinkRosterEntries = (db: Db, user: { id: string; email: string; emailVerified: boolean }) => Promise<void>;

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  secret: string;
  /** Passed in by the composition root (server/compose.ts): auth imports no module. */
  linkRosterEntries: LinkRosterEntries;
}

/**
 * Mail links are printed in development (`npm run dev`) so a developer can follow them without a
 * mail server; `npm start` runs in production, where they reach only the mail. The account is
 * named by id and its address's domain (so several sign-ups can be told apart), never by address.
 */
export function mailLinkLine(what: string, user: { id: string; email: string }, url: string): string {
  const domain = user.email.slice(user.email.lastIndexOf('@') + 1);
  return `[mail] ${what} for user ${user.id} (@${domain}): ${url}`;
}

function announceLink(config: Config, what: string, user: { id: string; email: string }, url: string) {
  if (config.env === 'development') console.log(mailLinkLine(what, user, url));
}

/** A mail link with its landing address replaced (better-auth takes it from the request). */
function withCallback(link: string, callbackURL: string): string {
  const url = new URL(link);
  url.searchParams.set('callbackURL', callbackURL);
  return url.toString();
}

const callerFaults = /^(State not found|INVALID_CALLBACK_REQUEST|Failed to parse state|No callback URL found)/;

/**
 * better-auth's own log lines, through the server's log helper: its fixed text up to the first
 * quoted or appended value (an address, a URL the caller sent), and the safe fields of its error.
 */
function logAuth(level: string, message: string, ...args: unknown[]): void {
  if (level !== 'error' && level !== 'warn') return;
  // A callback address the caller made up or replayed is the caller's fault: a warning, not an error.
  if (callerFaults.test(message)) level = 'warn';
  const text = message
    .split(/[:"\n]/)[0]!
    .trim()
    .slice(0, 120);
  const err = args
    .map((a) =>
      a instanceof Error
        ? a
        : a && typeof a === 'object' && (a as { error?: unknown }).error instanceof Error
          ? (a as { error: Error }).error
          : undefined,
    )
    .find((e) => e !== undefined);
  (level === 'error' ? logError : logWarning)(null, `auth: ${text}`, err);
}

/**
 * The language of an account e-mail: the account's own choice, else the language of the request
 * that caused it (a sign-up's browser), else English (decision 272).
 */
function mailLocale(user: object, request: Request | undefined): Locale {
  const own = (user as { locale?: unknown }).locale;
  return isLocale(own) ? own : localeFromAcceptLanguage(request?.headers.get('accept-language') ?? undefined);
}

/** better-auth, configured for ClassBots: verified e-mail, reset that ends other sessions, roles. */
export function createAuth({ config, db, mailer, secret, linkRosterEntries }: AuthDeps) {
  return betterAuth({
    appName: 'ClassBots',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
    }),
    logger: { level: 'warn', log: logAuth },
    // Our own limiter (server/auth/rate-limit.ts) runs in front with limits set per IP and per address.
    rateLimit: { enabled: false },
    advanced: {
      ipAddress: config.trustProxy ? { ipAddressHeaders: ['x-forwarded-for'] } : { disableIpTracking: true },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'student', input: true },
        // Set only by PATCH /api/me/locale (decision 272), never at sign-up.
        locale: { type: 'string', required: false, input: false },
      },
      changeEmail: { enabled: false },
      deleteUser: { enabled: false },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }, request) => {
        announceLink(config, 'password reset link', user, url);
        await mailer.send({ to: user.email, ...authMails(mailLocale(user, request)).passwordReset(url) });
      },
      onExistingUserSignUp: async ({ user }, request) => {
        await mailer.send({ to: user.email, ...authMails(mailLocale(user, request)).existingAccount(config.baseUrl) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url: link }, request) => {
        // Whoever asked (sign-up, sign-in, a resend), the link lands in the app, signed in.
        const url = withCallback(link, EMAIL_CONFIRMED_CALLBACK);
        announceLink(config, 'verification link', user, url);
        await mailer.send({ to: user.email, ...authMails(mailLocale(user, request)).verification(user.name, url) });
      },
    },
    socialProviders: {
      ...(config.google
        ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret, prompt: 'select_account' as const } }
        : {}),
      ...(config.microsoft
        ? {
            microsoft: {
              clientId: config.microsoft.clientId,
              clientSecret: config.microsoft.clientSecret,
              tenantId: config.microsoft.tenantId,
              prompt: 'select_account' as const,
            },
          }
        : {}),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const email = user.email.toLowerCase();
            if (config.supportEmail && email === config.supportEmail) {
              throw new APIError('FORBIDDEN', {
                message: 'This address is reserved for the support account, which the operator creates.',
                code: 'SUPPORT_EMAIL_RESERVED',
              });
            }
            // Social sign-ups carry the role chosen on the landing page through the OAuth state.
            const oauthRole: unknown = (await getOAuthState<{ role?: unknown }>().catch(() => null))?.role;
            const parsed = accountRole.safeParse(user.role ?? oauthRole);
            return { data: { ...user, email, role: parsed.success ? parsed.data : 'student' } };
          },
        },
        // A confirmed address or a new name must not be answered from this user's remembered sessions.
        // Confirming the address (or any later change while it is confirmed) links the rosters naming it.
        update: {
          after: async (user) => {
            await sessionsChanged(db, user.id);
            if (user.emailVerified) await linkRoster(db, user.id, linkRosterEntries);
          },
        },
      },
      // Every sign-in (password, Google, Microsoft, the one after confirming) links the rosters naming a confirmed address.
      session: {
        create: {
          after: async (session) => {
            await db.update(schema.user).set({ lastSignInAt: new Date() }).where(eq(schema.user.id, session.userId));
            await linkRoster(db, session.userId, linkRosterEntries);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Puts a verified account on the rosters that already name its address. A failure is logged (no
 * address) and never stops the sign-in: the next sign-in tries again.
 */
async function linkRoster(db: Db, userId: string, linkRosterEntries: LinkRosterEntries): Promise<void> {
  try {
    const [user] = await db
      .select({ id: schema.user.id, email: schema.user.email, emailVerified: schema.user.emailVerified })
      .from(schema.user)
      .where(eq(schema.user.id, userId));
    if (user?.emailVerified) await linkRosterEntries(db, user);
  } catch (err) {
    logError(undefined, 'auth: linking roster entries', err);
  }
}

/**
 * Signs a user in without a password, for a sign-in another party vouched for (an LTI launch,
 * verified by its platform's signature): a session as a password sign-in makes (its hooks run),
 * and the Set-Cookie header that carries it, signed as better-auth signs its own.
 */
export async function startSession(auth: Auth, userId: string): Promise<string> {
  const ctx = await auth.$context;
  const session = await ctx.internalAdapter.createSession(userId);
  const cookie = ctx.authCookies.sessionToken;
  return serializeSignedCookie(cookie.name, session.token, ctx.secret, {
    ...cookie.attributes,
    maxAge: ctx.sessionConfig.expiresIn,
  });
}
