import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { except } from 'hono/combine';
import { secureHeaders } from 'hono/secure-headers';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AuthProviders } from '../contract/account';
import { authRoutes } from './auth/routes';
import { botsRoutes, collectionsRoutes, sendBots } from './modules/bots';
import { AppError, errorJson } from './lib/errors';
import { fieldsOf, textOf } from './lib/messages';
import { localeMiddleware, requestLocale } from './core/locale';
import { logError, withRequestId } from './lib/log';
import type { AppDeps, AppEnv } from './core/context';
import { filesRoutes, isFileBodyPath, uploadRoutes } from './modules/files';
import { conversationRoutes } from './modules/conversations';
import { healthRoutes } from './modules/health';
import { imageRoutes } from './modules/images';
import { meRoutes } from './modules/me';
import { schoolRoutes } from './modules/schools';
import { subscriptionRoutes } from './modules/subscription';
import { aiStatusRoutes } from './modules/usage';
import { exportRoutes, savedRoutes } from './modules/saved';
import { classesRoutes } from './modules/classes';
import { liveRoutes } from './modules/live';
import { assignmentsRoutes, studentsRoutes } from './modules/assignments';
import { myAssignmentsRoutes } from './modules/my-assignments';
import { myTrophiesRoutes, recordTrophiesRoutes } from './modules/trophies';
import { flagsRoutes } from './modules/flags';
import { billingRoutes, STRIPE_WEBHOOK_PATH } from './modules/billing';
import { recordServerError } from './modules/admin';
import { schoolRecordRoutes, studentRecordRoutes } from './modules/records';
import { teacherListRoutes } from './modules/teacher-lists';
import { schoolDashboardRoutes } from './modules/school-dashboard';
import { superDashRoutes } from './modules/superdash';
import { installationCrisisLinesRoutes, schoolSafetyRoutes } from './modules/crisis-lines';
import { ticketRoutes, supportTicketRoutes } from './modules/tickets';
import { classroomRoutes } from './modules/classroom';
import { LTI_FORM_PATHS, LTI_OWN_HEADERS_PATH, ltiPlatformRoutes, ltiToolRoutes } from './modules/lti';
import { formatMessage, message } from './lib/message';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Builds the whole HTTP app (API and, when webRoot is given, the built web app). No listen, and
 * no timer or background job: server/jobs.ts startBackgroundWork starts those.
 */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    // A caller's id is kept only when it is a plain token: it is written into logs.
    const given = c.req.header('x-request-id')?.slice(0, 64);
    const requestId = given && /^[A-Za-z0-9._:-]+$/.test(given) ? given : randomUUID();
    c.set('requestId', requestId);
    c.set('deps', deps);
    // Every log line the request causes, however deep, carries its id.
    await withRequestId(requestId, next);
    c.header('X-Request-Id', requestId);
  });
  app.use('*', localeMiddleware);

  // The LTI deep-linking answer sets its own (its one form posts to the platform).
  app.use(
    '*',
    except(
      (c) => c.req.path === LTI_OWN_HEADERS_PATH,
      secureHeaders({
        contentSecurityPolicy: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // MUI (emotion) writes style tags at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
        xFrameOptions: 'DENY',
        referrerPolicy: 'strict-origin-when-cross-origin',
        xContentTypeOptions: 'nosniff',
        strictTransportSecurity: deps.config.baseUrl.startsWith('https:') ? 'max-age=31536000; includeSubDomains' : false,
        crossOriginEmbedderPolicy: false,
      }),
    ),
  );

  app.onError((err, c) => {
    const requestId = c.get('requestId') ?? 'unknown';
    const keep = (status: number) =>
      recordServerError(deps.database.db, { requestId, method: c.req.method, route: c.req.routePath, status, err });
    if (err instanceof AppError) {
      if (err.options.log) logError(requestId, routeOf(c), err);
      if (err.status >= 500) keep(err.status);
      for (const [k, v] of Object.entries(err.options.headers ?? {})) c.header(k, v);
      const locale = requestLocale(c);
      const fields = err.options.fields && fieldsOf(err.options.fields, locale);
      return c.json({ ...errorJson(err.code, textOf(err, locale), requestId, fields), ...err.options.body }, err.status);
    }
    logError(requestId, `unhandled error on ${routeOf(c)}`, err);
    keep(500);
    return c.json(errorJson('internal', formatMessage(message('internal'), requestLocale(c)), requestId), 500);
  });

  // Every state-changing API request must come from one of our own pages (Stripe's webhook aside: it
  // is signed; and an LMS's LTI login and launch: the state, nonce and platform signature stand in).
  app.use('/api/*', async (c, next) => {
    if (stateChanging.has(c.req.method) && c.req.path !== STRIPE_WEBHOOK_PATH && !LTI_FORM_PATHS.has(c.req.path)) {
      const origin = c.req.header('origin') ?? refererOrigin(c.req.header('referer'));
      if (!origin || !deps.config.trustedOrigins.includes(origin)) {
        throw new AppError('origin_rejected', 403, message('notOurPage'));
      }
    }
    await next();
  });

  const jsonBodyLimit = bodyLimit({
    maxSize: deps.config.maxJsonBytes,
    onError: () => {
      throw new AppError('payload_too_large', 413, message('tooLarge'));
    },
  });
  // File bodies have their own limits (the files module checks them); everything else is JSON.
  app.use(
    '/api/*',
    except((c) => isFileBodyPath(c.req.method, c.req.path) || c.req.path === STRIPE_WEBHOOK_PATH, jsonBodyLimit),
  );

  app.route('/api/auth', authRoutes());
  app.route('/api/health', healthRoutes());
  app.route('/api/me', meRoutes());
  app.route('/api/subscription', subscriptionRoutes());
  app.route('/api/billing', billingRoutes());
  app.route('/api/school', schoolRoutes());
  app.route('/api/school', schoolRecordRoutes());
  app.route('/api/files', filesRoutes());
  app.route('/api/uploads', uploadRoutes());
  app.route('/api/bots', botsRoutes());
  app.route('/api/collections', collectionsRoutes());
  // A teacher's send reads its bot (visibility, knowledge) and builds its run spec with the bots
  // module's pieces, placed in the send's one read and checked on every turn.
  app.route('/api/conversations', conversationRoutes(sendBots));
  app.route('/api/images', imageRoutes());
  app.route('/api/ai', aiStatusRoutes());
  app.route('/api/saved', savedRoutes());
  app.route('/api/classes', classesRoutes());
  app.route('/api/export', exportRoutes());
  app.route('/api/live', liveRoutes());
  app.route('/api/assignments', assignmentsRoutes());
  app.route('/api/assignments', recordTrophiesRoutes());
  app.route('/api/students', studentsRoutes());
  app.route('/api/students', studentRecordRoutes());
  app.route('/api/my-assignments', myAssignmentsRoutes());
  app.route('/api/my-trophies', myTrophiesRoutes());
  app.route('/api/flags', flagsRoutes());
  app.route('/api/school-admin/teachers', teacherListRoutes());
  app.route('/api/school-admin/dashboard', schoolDashboardRoutes());
  app.route('/api/school-admin/safety', schoolSafetyRoutes());
  app.route('/api/superdash/lti-platforms', ltiPlatformRoutes());
  app.route('/api/superdash/crisis-lines', installationCrisisLinesRoutes());
  app.route('/api/superdash', superDashRoutes());
  app.route('/api/lti', ltiToolRoutes());
  app.route('/api/classroom', classroomRoutes());
  app.route('/api/tickets', ticketRoutes());
  app.route('/api/support/tickets', supportTicketRoutes());
  app.get('/api/auth-options', (c) => {
    const body: AuthProviders = { google: Boolean(deps.config.google), microsoft: Boolean(deps.config.microsoft) };
    return c.json(body);
  });

  app.all('/api/*', () => {
    throw new AppError('not_found', 404, message('noEndpoint'));
  });

  if (deps.webRoot) mountWebApp(app, deps.webRoot);
  return app;
}

/** The route as written in the code (ids as :id), never the request's own path or query. */
function routeOf(c: Context<AppEnv>): string {
  return `${c.req.method} ${c.req.routePath}`;
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer || !URL.canParse(referer)) return undefined;
  return new URL(referer).origin;
}

/** Serves the built SPA from its folder only, with index.html for every other GET. */
function mountWebApp(app: Hono<AppEnv>, webRoot: string) {
  const root = webRoot;
  // Vite's file names carry a content hash: cache them for good.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', serveStatic({ root }));
  // A script or style this build does not have (a page of another version, during a rolling
  // upgrade) is a 404, never the app's page kept for a year as that file.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  let indexHtml: string | undefined;
  app.get('*', async (c) => {
    indexHtml ??= await readFile(path.join(webRoot, 'index.html'), 'utf8');
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}

export type App = ReturnType<typeof createApp>;
