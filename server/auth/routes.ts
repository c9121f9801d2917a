import { and, eq, gt } from 'drizzle-orm';
import { Hono } from 'hono';
import { EMAIL_CONFIRMED_CALLBACK, resendVerificationInput, signUpInput, updateUserInput } from '../../contract/account';
import { unstorableTextProblem } from '../../contract/common';
import { schema, type Db } from '../db/client';
import type { Locale } from '../../contract/locale';
import { AppError, invalidFields, errorJson } from '../lib/errors';
import type { ServerMessageId, ServerMessageValues } from '../i18n/ids';
import { requestLocale } from '../core/locale';
import { checkInput, clientIp, getSessionUser, type AppContext, type AppEnv } from '../core/context';
import { consumeRate, type RateRule } from './rate-limit';
import { rosterCheckRoutes } from './roster-check';
import { sessionsChanged } from '../core/session-changes';
import { formatMessage, message } from '../lib/message';

const MINUTE = 60_000;

/**
 * Limits on the endpoints that guess or send mail. Per IP they let a whole class (40 people)
 * through in a minute from one school address; per e-mail they stop password guessing. The same
 * rule applies whether the address has an account or not.
 */
const limits: Record<string, { ip: RateRule; address?: RateRule }> = {
  '/sign-in/email': { ip: { window: MINUTE, max: 100 }, address: { window: 15 * MINUTE, max: 10 } },
  '/sign-up/email': { ip: { window: MINUTE, max: 60 }, address: { window: 60 * MINUTE, max: 5 } },
  '/request-password-reset': { ip: { window: 10 * MINUTE, max: 60 }, address: { window: 15 * MINUTE, max: 3 } },
  '/reset-password': { ip: { window: 10 * MINUTE, max: 60 } },
  '/send-verification-email': { ip: { window: 10 * MINUTE, max: 60 }, address: { window: 15 * MINUTE, max: 3 } },
};
const anyAuthPost: RateRule = { window: MINUTE, max: 600 };

/** better-auth endpoints this product does not offer: a user never changes their own e-mail or deletes themselves here. */
const disabledPaths = new Set(['/change-email', '/delete-user', '/delete-user/callback']);

/** POSTs that only start something new (a session, an account, a mail): no remembered session changes. */
const leavesSessions = new Set([
  '/sign-in/email',
  '/sign-in/social',
  '/sign-up/email',
  '/request-password-reset',
  '/send-verification-email',
]);

/** The account a password-reset token belongs to (better-auth keeps it as `reset-password:<token>` -> user id). */
async function resetTokenOwner(db: Db, token: unknown): Promise<string | undefined> {
  if (typeof token !== 'string' || !token) return undefined;
  const [row] = await db
    .select({ userId: schema.verification.value })
    .from(schema.verification)
    .where(and(eq(schema.verification.identifier, `reset-password:${token}`), gt(schema.verification.expiresAt, new Date())));
  return row?.userId;
}

/** Body fields a user may change on themselves: never role, e-mail, verification or support. */
const updatableUserFields = new Set(Object.keys(updateUserInput.shape));

async function enforce(c: AppContext, key: string, rule: RateRule) {
  const decision = await consumeRate(c.get('deps').database.db, key, rule);
  if (!decision.allowed) {
    throw new AppError('rate_limited', 429, message('tooManyAttempts'), {
      headers: { 'Retry-After': String(decision.retryAfter) },
    });
  }
}

function rebuild(req: Request, body: unknown): Request {
  const headers = new Headers(req.headers);
  headers.delete('content-length');
  return new Request(req.url, { method: req.method, headers, body: JSON.stringify(body) });
}

async function jsonBody(req: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await req.clone().json();
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new AppError('bad_request', 400, message('notJson'));
}

/**
 * The dotted path of the first string (value or key) in a JSON value that cannot be stored, such
 * as an e-mail address with a NUL: better-auth would pass it to the database, which refuses it.
 * Walks without recursion, since a body may nest ten thousand levels deep.
 */
function unstorableField(root: unknown): { field: string; problem: string } | undefined {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = unstorableTextProblem(value);
      if (problem) return { field: path || '_', problem };
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        const problem = unstorableTextProblem(key);
        if (problem) return { field: childPath, problem };
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return undefined;
}

/** Refuses a request whose query or JSON body holds text that cannot be stored, naming the field. */
async function refuseUnstorableText(c: AppContext) {
  let found = unstorableField(c.req.query());
  if (!found && c.req.method === 'POST') {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.raw.clone().text());
    } catch {
      // Not JSON: better-auth answers that itself.
    }
    found = unstorableField(body);
  }
  if (found) throw invalidFields({ [found.field]: found.problem });
}

/** better-auth's error codes (and ours, from its hooks) and the catalogue's text for each (decision 285). */
const authTexts: Record<string, Exclude<ServerMessageId, keyof ServerMessageValues>> = {
  USER_NOT_FOUND: 'baUserNotFound',
  FAILED_TO_CREATE_USER: 'baFailedToCreateUser',
  FAILED_TO_UPDATE_USER: 'baFailedToUpdateUser',
  INVALID_PASSWORD: 'baInvalidPassword',
  INVALID_EMAIL: 'baInvalidEmail',
  INVALID_EMAIL_OR_PASSWORD: 'baInvalidEmailOrPassword',
  SOCIAL_ACCOUNT_ALREADY_LINKED: 'baSocialAlreadyLinked',
  INVALID_TOKEN: 'baInvalidToken',
  TOKEN_EXPIRED: 'baTokenExpired',
  EMAIL_NOT_VERIFIED: 'baEmailNotVerified',
  PASSWORD_TOO_SHORT: 'baPasswordTooShort',
  PASSWORD_TOO_LONG: 'baPasswordTooLong',
  USER_ALREADY_EXISTS: 'baUserExists',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'baUserExistsOtherEmail',
  EMAIL_CAN_NOT_BE_UPDATED: 'baEmailNotUpdatable',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'baCredentialAccountNotFound',
  SESSION_EXPIRED: 'baSessionExpired',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'baLastAccount',
  ACCOUNT_NOT_FOUND: 'baAccountNotFound',
  EMAIL_ALREADY_VERIFIED: 'baEmailAlreadyVerified',
  SESSION_NOT_FRESH: 'baSessionNotFresh',
  LINKED_ACCOUNT_ALREADY_EXISTS: 'baLinkedAccountExists',
  SUPPORT_EMAIL_RESERVED: 'supportAddressReservedOperator',
};

/**
 * better-auth's errors in the app's one error shape, with a lower-case code and the text of that
 * code in the request's language: a refusal whose code the table does not know says the request
 * failed (its own English is not passed on), and a rate limit says so.
 */
async function reshapeError(res: Response, requestId: string, locale: Locale): Promise<Response> {
  if (res.status < 400 || !res.headers.get('content-type')?.includes('json')) return res;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: string; message?: string } | null;
  const code = (body?.code ?? (res.status === 404 ? 'not_found' : 'auth_error')).toLowerCase();
  const known = body?.code ? authTexts[body.code] : undefined;
  const id = known ?? (res.status === 429 ? 'baTooManyRequests' : 'requestFailed');
  const headers = new Headers(res.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  const text = formatMessage(message(id), locale);
  return new Response(JSON.stringify(errorJson(code, text, requestId)), { status: res.status, headers });
}

/** The better-auth endpoints under /api/auth, behind the app's limits and field rules. */
export function authRoutes() {
  const app = new Hono<AppEnv>();
  // Ours, not better-auth's: mounted before the catch-all below.
  app.route('/roster-check', rosterCheckRoutes());
  app.on(['GET', 'POST'], '/*', async (c) => {
    const { auth, config } = c.get('deps');
    let req = c.req.raw;
    const sub = new URL(req.url).pathname.replace(/^\/api\/auth/, '');
    if (disabledPaths.has(sub)) throw new AppError('not_found', 404, message('noEndpoint'));
    // Whose remembered sessions this request may change (a sign-out, a new password, a new name).
    let affectedUser: string | undefined;
    const ip = clientIp(c);
    if (req.method === 'POST') await enforce(c, `auth:ip:${ip}`, anyAuthPost);
    // Before the limits keyed by e-mail address, which are stored too.
    await refuseUnstorableText(c);
    if (req.method === 'POST') {
      const rule = limits[sub];
      if (rule || sub === '/update-user') {
        const body = await jsonBody(req);
        if (rule) {
          await enforce(c, `auth${sub}:ip:${ip}`, rule.ip);
          const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
          if (rule.address && email) await enforce(c, `auth${sub}:email:${email}`, rule.address);
        }
        if (sub === '/sign-up/email') {
          const input = checkInput(signUpInput, body);
          if (config.supportEmail && input.email.toLowerCase() === config.supportEmail) {
            throw new AppError('support_email_reserved', 403, message('supportAddressReserved'));
          }
          const callbackURL = typeof body.callbackURL === 'string' ? body.callbackURL : undefined;
          req = rebuild(req, { ...input, email: input.email.toLowerCase(), callbackURL });
        }
        if (sub === '/send-verification-email') {
          const input = checkInput(resendVerificationInput, body);
          req = rebuild(req, { email: input.email.toLowerCase(), callbackURL: EMAIL_CONFIRMED_CALLBACK });
        }
        if (sub === '/update-user') {
          const refused = Object.keys(body).filter((k) => !updatableUserFields.has(k));
          if (refused.length) {
            throw new AppError('forbidden_field', 403, message('fieldsNotChangeable', { fields: refused.join(', ') }));
          }
          // better-auth would store a null or empty name as it is (a 500 on the NOT NULL column).
          req = rebuild(req, checkInput(updateUserInput, body));
        }
      }
      if (!leavesSessions.has(sub)) {
        affectedUser =
          sub === '/reset-password'
            ? await resetTokenOwner(c.get('deps').database.db, (await jsonBody(req)).token)
            : (await getSessionUser(c))?.id;
      }
    }
    const res = await auth.handler(req);
    // A sign-out, a password reset or a changed name must not be answered from remembered sessions.
    if (affectedUser) await sessionsChanged(c.get('deps').database.db, affectedUser);
    return reshapeError(res, c.get('requestId'), requestLocale(c));
  });
  return app;
}
