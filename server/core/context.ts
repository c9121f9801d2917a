import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { z, type ZodType } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Auth } from '../auth/auth';
import type { Mailer } from '../lib/mailer';
import type { ModuleHooks } from './hooks';
import type { StreamTimers } from './stream-timers';
import { fieldErrors } from '../../contract/common';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../contract/locale';
import { accountLocale, classLocaleOf, requestLocale } from './locale';
import { AppError, invalidFields } from '../lib/errors';
import { ALONE_TTL_MS, cachedSessionUser, lookupMark, rememberSessionUser, SHARED_TTL_MS, sessionToken } from './session-cache';
import { message } from '../lib/message';

/** zod's own messages in Spanish, for the schemas' checks that give none (decision 272). */
const zodSpanish = z.locales.es();

/** What every module receives: the process's long-lived parts, nothing per request. */
export interface AppDeps {
  config: Config;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  /** What a module asks of a module above it (core/hooks.ts); server/compose.ts moduleHooks. */
  hooks: ModuleHooks;
  /** The timers that run while replies stream (core/stream-timers.ts); server/compose.ts createStreamTimers. */
  timers: StreamTimers;
  /** The built web app to serve; absent in tests and in dev (Vite serves it). */
  webRoot?: string;
  /**
   * Set only by bench:stream: receives the CPU a send spends in each stage before its model call.
   * Unset, each stage mark of a send is one `if` (sendClock).
   */
  sendTrace?: (stage: SendStage, cpuMicros: number) => void;
}

/** The stages of a send before its model call, as bench:stream reports them. */
export type SendStage = 'session' | 'validation' | 'database' | 'prompt' | 'sdk';
/** Marks the end of a stage: the CPU since the previous mark goes to `stage`. */
export type SendClock = (stage: SendStage) => void;

/** A send's stage clock when deps.sendTrace is set (bench:stream), else undefined. */
export function sendClock(deps: AppDeps): SendClock | undefined {
  const trace = deps.sendTrace;
  if (!trace) return undefined;
  let last = process.cpuUsage();
  return (stage) => {
    const now = process.cpuUsage();
    trace(stage, now.user - last.user + now.system - last.system);
    last = now;
  };
}

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: 'teacher' | 'student';
  /** The language the account chose; null (or absent where a user is built without a request) until it chooses. */
  locale?: Locale | null;
  /** A student's class language when they chose none (core/locale.ts classLocaleOf). */
  classLocale?: Locale | null;
}

export type AppEnv = {
  Variables: {
    requestId: string;
    deps: AppDeps;
    sessionUser?: SessionUser | null;
    /** The request's language (core/locale.ts): the header's, replaced by the account's once the session is known. */
    locale?: Locale;
  };
};

export type AppContext = Context<AppEnv>;

/** The signed-in user of this request, or null; looked up once per request (and remembered a few seconds, see session-cache). */
export async function getSessionUser(c: AppContext): Promise<SessionUser | null> {
  const cached = c.get('sessionUser');
  if (cached !== undefined) return cached;
  const { auth } = c.get('deps');
  const token = sessionToken(c.req.header('cookie'));
  const remembered = token ? cachedSessionUser(auth, token) : undefined;
  if (remembered) {
    setSessionUser(c, remembered);
    return remembered;
  }
  const mark = lookupMark();
  const result = await auth.api.getSession({ headers: c.req.raw.headers });
  const u = result?.user as (Omit<SessionUser, 'role' | 'locale'> & { role?: string; locale?: unknown }) | undefined;
  const user: SessionUser | null = u
    ? {
        id: u.id,
        name: u.name,
        email: u.email,
        emailVerified: u.emailVerified,
        role: u.role === 'teacher' ? 'teacher' : 'student',
        locale: isLocale(u.locale) ? u.locale : null,
        classLocale: null,
      }
    : null;
  // A student who chose no language takes their class's (one indexed read, remembered with the session).
  if (user && user.role === 'student' && !user.locale) user.classLocale = await classLocaleOf(c.get('deps').database.db, user.id);
  if (user && token) {
    const alone = c.get('deps').database.kind === 'pglite';
    rememberSessionUser(auth, token, user, {
      ttlMs: alone ? ALONE_TTL_MS : SHARED_TTL_MS,
      expiresAt: new Date(result!.session.expiresAt).getTime(),
      mark,
    });
  }
  setSessionUser(c, user);
  return user;
}

/** Remembers the request's user, whose own language (when they have one) becomes the request's. */
function setSessionUser(c: AppContext, user: SessionUser | null) {
  c.set('sessionUser', user);
  const locale = user && accountLocale(user);
  if (locale) c.set('locale', locale);
}

/** The signed-in user, or a 401. */
export async function requireUser(c: AppContext): Promise<SessionUser> {
  const user = await getSessionUser(c);
  if (!user) throw new AppError('unauthenticated', 401, message('signIn'));
  return user;
}

/** The value checked against a schema, or the 422 naming each field that breaks it. */
export function checkInput<T>(schema: ZodType<T>, value: unknown, locale: Locale = DEFAULT_LOCALE): T {
  // zod's own wording (where a schema gives none) in the request's language; the schemas' own
  // messages are translated with the error body (server/app.ts, lib/messages.ts).
  const parsed = schema.safeParse(value, locale === 'es' ? { error: zodSpanish.localeError } : undefined);
  if (!parsed.success) throw invalidFields(fieldErrors(parsed.error.issues));
  return parsed.data;
}

const notJson = () => new AppError('bad_request', 400, message('notJson'));

/** Parses a JSON body against a schema: 400 for malformed JSON, 422 with fields for invalid input. */
export async function readJson<T>(c: AppContext, schema: ZodType<T>): Promise<T> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw notJson();
  }
  return checkInput(schema, body, requestLocale(c));
}

/** Like readJson, for endpoints whose body may be left out entirely (an empty body means {}). */
export async function readOptionalJson<T>(c: AppContext, schema: ZodType<T>): Promise<T> {
  const text = await c.req.text();
  let body: unknown = {};
  if (text.trim()) {
    try {
      body = JSON.parse(text);
    } catch {
      throw notJson();
    }
  }
  return checkInput(schema, body, requestLocale(c));
}

/** Parses the query string against a schema, with the same 422 body as readJson. */
export function readQuery<T>(c: AppContext, schema: ZodType<T>): T {
  return checkInput(schema, c.req.query(), requestLocale(c));
}

/** The client's address: the first X-Forwarded-For hop behind a trusted proxy, else the socket. */
export function clientIp(c: AppContext): string {
  if (c.get('deps').config.trustProxy) {
    const fwd = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (fwd) return fwd;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
