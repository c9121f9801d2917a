import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { ltiPlatformInput, type LtiPlatformList } from '../../../contract/lti';
import { isUuid } from '../../../contract/common';
import { startSession } from '../../auth/auth';
import { schema } from '../../db/client';
import { requireSupport } from '../../core/access';
import type { AppContext, AppEnv } from '../../core/context';
import { checkInput, readJson, requireUser } from '../../core/context';
import { AppError } from '../../lib/errors';
import { textOf } from '../../lib/messages';
import { requireAssignmentTeacher } from '../assignments';
import { autoPostPage, finishDeepLink, finishInput, linkedAssignment, pendingLinkToken } from './lti.deeplink';
import { publicKeySet } from './lti.keys';
import { syncMembersBeside } from './lti.roster';
import {
  beginLogin,
  browserCookie,
  browserKeyOf,
  launchAccount,
  loginParams,
  syncCourse,
  verifyLaunch,
  LTI,
  LTI_BROWSER_COOKIE,
} from './lti.launch';
import { createPlatform, deletePlatform, listPlatforms, rotateKey, toolSettings } from './lti.platforms';
import { message } from '../../lib/message';

const db = (c: AppContext) => c.get('deps').database.db;

/** The fields of a GET's query or a form post, as plain strings (repeated fields: the first). */
async function formOf(c: AppContext): Promise<Record<string, unknown>> {
  if (c.req.method === 'GET') return c.req.query();
  const type = c.req.header('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type))
    throw new AppError('bad_request', 400, message('ltiPostForm'));
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new AppError('bad_request', 400, message('ltiFormUnreadable'));
  }
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]));
}

/** A person's browser (a form post or a redirect from their LMS), not a program: it reads a page. */
const wantsPage = (c: AppContext) => /text\/html/i.test(c.req.header('accept') ?? '');

/**
 * A refused login or launch as a page the person can read in their LMS's window: what went wrong and
 * what to do, with the request id for support. Programs (and the tests) get the JSON error body.
 */
async function asPage(c: AppContext, handle: () => Promise<Response>): Promise<Response> {
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('X-Frame-Options', 'DENY');
  c.header('Referrer-Policy', 'no-referrer');
  try {
    return await handle();
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500 || !wantsPage(c)) throw err;
    const esc = (v: string) => v.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
    c.header('Cache-Control', 'no-store');
    // The deep-link answer's path has no secureHeaders (it sets its own): this page says them itself.
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>ClassBots could not open</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5">` +
        `<h1 style="font-size:1.4rem">ClassBots could not open</h1><p>${esc(textOf(err, 'en'))}</p>` +
        `<p style="color:#555">If it keeps happening, give your school's ClassBots admin this code: ${esc(c.get('requestId') ?? '')} (${esc(err.code)}).</p></body></html>`,
      err.status as 400,
    );
  }
}

/**
 * /api/lti: the tool's endpoints the platforms call (docs/decisions/261-lti-1-3.md). The login and
 * the launch are form posts or redirects from the platform's pages: no session, no Origin of ours
 * (app.ts exempts them from the Origin check; the state, nonce and signature stand in for it).
 */
export function ltiToolRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/jwks', async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await publicKeySet(db(c)));
  });

  const login = (c: AppContext) =>
    asPage(c, async () => {
      const params = checkInput(loginParams, await formOf(c));
      const key = browserKeyOf(getCookie(c, LTI_BROWSER_COOKIE));
      const to = await beginLogin(c.get('deps'), params, key);
      c.header('Set-Cookie', browserCookie(key), { append: true });
      c.header('Cache-Control', 'no-store');
      return c.redirect(to, 302);
    });
  app.get('/login', login);
  app.post('/login', login);

  app.post('/launch', (c) => asPage(c, () => launch(c)));

  async function launch(c: AppContext): Promise<Response> {
    const deps = c.get('deps');
    const launch = await verifyLaunch(db(c), await formOf(c), getCookie(c, LTI_BROWSER_COOKIE));
    const account = await launchAccount(db(c), launch);
    const classId = await syncCourse(deps, launch, account);
    const contextId = launch.claims[`${LTI}context`]?.id;
    // The course's member list, when the platform offers one: read beside the launch (claimed once
    // per course in a window, across processes), never awaited by it; a failure is only logged.
    if (classId && contextId) void syncMembersBeside(deps, launch.platform, contextId, account, launch.role);
    let target: string;
    if (launch.claims[`${LTI}message_type`] === 'LtiDeepLinkingRequest') {
      if (!classId) throw new AppError('lti_claims_invalid', 400, message('ltiInsideCourse'));
      target = `/lti/deep-link?request=${encodeURIComponent(await pendingLinkToken(deps.config, launch, account.id, classId))}`;
    } else if (launch.role === 'teacher') {
      await linkedAssignment(deps, launch);
      target = '/teachAssignments';
    } else {
      const assignmentId = await linkedAssignment(deps, launch);
      const sa = schema.studentAssignment;
      const [record] = assignmentId
        ? await db(c)
            .select({ id: sa.id })
            .from(sa)
            .where(and(eq(sa.assignmentId, assignmentId), eq(sa.email, account.email.toLowerCase())))
        : [];
      target = record ? `/studentAssignments?open=${record.id}` : '/studentAssignments';
    }
    c.header('Set-Cookie', await startSession(deps.auth, account.id), { append: true });
    c.header('Cache-Control', 'no-store');
    return c.redirect(target, 303);
  }

  // The picker page's form: a teacher's choice, from our own page (the Origin check applies).
  // A refusal (signed out, not a teacher, a stale request) is a page too: the form was a browser's.
  app.post('/deep-link', (c) =>
    asPage(c, async () => {
      await requireAssignmentTeacher(c);
      const user = await requireUser(c);
      const input = checkInput(finishInput, await formOf(c));
      const { returnUrl, jwt } = await finishDeepLink(c.get('deps'), user, input);
      const page = autoPostPage(returnUrl, jwt);
      c.header('Content-Security-Policy', page.csp);
      c.header('Cache-Control', 'no-store');
      return c.html(page.html);
    }),
  );

  return app;
}

/** /api/superdash/lti-platforms: the support account's registrations (401 signed out, 403 anyone else). */
export function ltiPlatformRoutes() {
  const app = new Hono<AppEnv>();
  // Cache-Control per answer: a wildcard middleware here would be a route of its own (the fuzz test lists those).
  app.get('/', async (c) => {
    await requireSupport(c);
    c.header('Cache-Control', 'no-store');
    const body: LtiPlatformList = { platforms: await listPlatforms(db(c)), tool: toolSettings(c.get('deps').config) };
    return c.json(body);
  });
  app.post('/', async (c) => {
    const user = await requireSupport(c);
    const input = await readJson(c, ltiPlatformInput);
    return c.json(await createPlatform(db(c), user, input), 201);
  });
  app.post('/keys/rotate', async (c) => {
    const user = await requireSupport(c);
    return c.json(await rotateKey(db(c), user));
  });
  app.delete('/:id', async (c) => {
    const user = await requireSupport(c);
    const id = c.req.param('id');
    if (!isUuid(id)) throw new AppError('not_found', 404, message('platformNotFound'));
    await deletePlatform(db(c), user, id);
    return c.body(null, 204);
  });
  return app;
}
