import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, listen, readBody } from './fake-llm';

/**
 * A fake of Google's OAuth 2 server and the Classroom v1 REST API, as ClassBots calls them
 * (docs/decisions/091 and 262). Point the app at it with GOOGLE_OAUTH_AUTHORIZE_URL,
 * GOOGLE_OAUTH_TOKEN_URL and GOOGLE_CLASSROOM_API_URL (`env`).
 *
 * GET  /o/oauth2/v2/auth      the consent page: checks the client id, the redirect URI, the scopes
 *                             and PKCE, then approves at once for the Google user signed in (the
 *                             `fake_google_user` cookie) by redirecting to redirect_uri with code,
 *                             state and the granted scope (or error=access_denied when told to)
 * POST /token                 authorization_code (single-use code, same redirect_uri, PKCE verifier)
 *                             and refresh_token grants; the client secret checked; Google's error bodies
 * GET  /v1/courses            teacherId=me, courseStates, pageSize and pageToken
 * GET  /v1/courses/:id, /v1/courses/:id/teachers/me, /v1/courses/:id/students (paged)
 * POST /v1/courses/:id/courseWork, recorded
 *
 * Every API call checks its bearer token (expired or unknown: 401 UNAUTHENTICATED) and the token's
 * scopes (403 PERMISSION_DENIED). Google leaves empty lists out of its answers, and so does this.
 */

export interface FakeGoogleStudent {
  email: string;
  fullName: string;
}

export interface FakeCourse {
  id: string;
  name: string;
  section?: string;
  courseState: 'ACTIVE' | 'ARCHIVED' | 'PROVISIONED' | 'DECLINED';
  /** Google user ids of the course's teachers. */
  teachers: string[];
  students: FakeGoogleStudent[];
}

export interface PostedCourseWork {
  id: string;
  courseId: string;
  byUser: string;
  body: Record<string, unknown>;
}

/** An endpoint the test may make fail: the next n calls answer `status`, or a garbled body. */
export type FakeGoogleEndpoint = 'token' | 'courses' | 'course' | 'teacher' | 'students' | 'courseWork';

export interface FakeGoogleClassroom {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The app's settings that point it here (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and the three addresses). */
  env: Record<string, string>;
  /** A Google account (id); its address is only for the test's reading. */
  addUser(email: string): string;
  addCourse(
    course: Omit<FakeCourse, 'id' | 'courseState' | 'students'> & Partial<Pick<FakeCourse, 'id' | 'courseState' | 'students'>>,
  ): FakeCourse;
  addStudent(courseId: string, student: FakeGoogleStudent): void;
  removeStudent(courseId: string, email: string): void;
  /**
   * Follows the app's redirect to the consent page as `userId`'s browser would; answers where Google
   * sends the browser back (the app's callback with code and state), or throws with the refusal.
   */
  consent(location: string, userId: string, options?: { deny?: boolean; scopes?: string[] }): Promise<string>;
  /** Every access token given so far stops working (401), as an expired one does. */
  expireAccessTokens(): void;
  /** Every refresh token of the user is revoked: a refresh answers invalid_grant. */
  revokeRefreshTokens(userId: string): void;
  /** Seconds the next access tokens live (expires_in); 3,600 by default. */
  accessTokenSeconds: number;
  /** Items per page of the lists, whatever pageSize asks (Google may answer fewer). */
  pageSize: number;
  /** The next `times` calls to the endpoint answer `status` (with Google's error body) or a body that is not the API's. */
  failNext(endpoint: FakeGoogleEndpoint, failure: number | 'garbled', times?: number): void;
  /** Coursework created, oldest first. */
  posted: PostedCourseWork[];
  /** Token requests by grant type, oldest first. */
  grants: string[];
  /** Every refused request, with why (the consent page's and the token endpoint's). */
  refusals: string[];
  close(): Promise<void>;
}

const SCOPE = {
  courses: 'https://www.googleapis.com/auth/classroom.courses.readonly',
  rosters: 'https://www.googleapis.com/auth/classroom.rosters.readonly',
  emails: 'https://www.googleapis.com/auth/classroom.profile.emails',
  courseWork: 'https://www.googleapis.com/auth/classroom.coursework.students',
};

/** A Google user id (digits) for a student, the same every time. */
const googleIdOf = (email: string) => BigInt(`0x${createHash('sha256').update(email).digest('hex').slice(0, 16)}`).toString();

const googleError = (res: ServerResponse, code: number, status: string, message: string) =>
  json(res, code, { error: { code, message, status } });

export async function startFakeGoogleClassroom(
  options: {
    clientId?: string;
    clientSecret?: string;
    redirectUri?: string;
    /** Serve /_fake/* so a test in another process can set it up (google-classroom-server.ts). */
    control?: boolean;
  } = {},
): Promise<FakeGoogleClassroom> {
  const clientId = options.clientId ?? `${randomBytes(6).toString('hex')}.apps.googleusercontent.com`;
  const clientSecret = options.clientSecret ?? `GOCSPX-${randomBytes(12).toString('hex')}`;
  const redirectUri = options.redirectUri ?? 'http://localhost:3000/api/classroom/callback';
  const users = new Map<string, string>();
  const courses = new Map<string, FakeCourse>();
  const codes = new Map<string, { userId: string; scopes: string[]; redirectUri: string; challenge: string }>();
  const refreshTokens = new Map<string, { userId: string; scopes: string[]; revoked: boolean }>();
  const accessTokens = new Map<string, { userId: string; scopes: string[]; expiresAt: number }>();
  const failures = new Map<FakeGoogleEndpoint, { failure: number | 'garbled'; times: number }>();
  const posted: PostedCourseWork[] = [];
  const grants: string[] = [];
  const refusals: string[] = [];
  let nextCourse = 100_000_000_000;
  let nextWork = 500_000_000_000;
  const state = { accessTokenSeconds: 3600, pageSize: 100 };

  /** True when the endpoint was told to fail now (and answered so). */
  function failed(endpoint: FakeGoogleEndpoint, res: ServerResponse): boolean {
    const f = failures.get(endpoint);
    if (!f || f.times <= 0) return false;
    f.times--;
    if (f.failure === 'garbled') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"courses": "not a list", "id": 12');
      return true;
    }
    if (endpoint === 'token') json(res, f.failure, { error: 'server_error', error_description: 'Try again later.' });
    else googleError(res, f.failure, f.failure === 403 ? 'PERMISSION_DENIED' : 'UNAVAILABLE', 'The service is currently unavailable.');
    return true;
  }

  function page<T>(items: T[], url: URL): { items: T[]; next?: string } {
    const size = Math.min(state.pageSize, Number(url.searchParams.get('pageSize') || '30') || 30);
    const token = url.searchParams.get('pageToken');
    const start = token ? Number(Buffer.from(token, 'base64url').toString('utf8').replace('offset:', '')) : 0;
    const slice = items.slice(start, start + size);
    const end = start + size;
    return { items: slice, next: end < items.length ? Buffer.from(`offset:${end}`).toString('base64url') : undefined };
  }

  function authorize(req: IncomingMessage, res: ServerResponse, url: URL) {
    const q = url.searchParams;
    const userId = /(?:^|;\s*)fake_google_user=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const scopes = (q.get('scope') ?? '').split(' ').filter(Boolean);
    const why =
      q.get('client_id') !== clientId
        ? 'client_id'
        : q.get('redirect_uri') !== redirectUri
          ? 'redirect_uri'
          : q.get('response_type') !== 'code'
            ? 'response_type'
            : !scopes.length || scopes.some((s) => !Object.values(SCOPE).includes(s))
              ? 'scope'
              : !q.get('state')
                ? 'state'
                : q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')
                  ? 'code_challenge'
                  : !userId || !users.has(userId)
                    ? 'not signed in'
                    : undefined;
    if (why) {
      refusals.push(`authorize: ${why}`);
      res.writeHead(400, { 'content-type': 'text/html' }).end(`<h1>400. That’s an error.</h1><p>Error 400: invalid_request (${why})</p>`);
      return;
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', q.get('state')!);
    const wanted = q.get('x_fake_deny') === '1';
    if (wanted) {
      back.searchParams.set('error', 'access_denied');
    } else {
      const granted = q.get('x_fake_scopes')?.split(' ') ?? scopes;
      const code = `4/${randomBytes(24).toString('base64url')}`;
      codes.set(code, { userId: userId!, scopes: granted, redirectUri: q.get('redirect_uri')!, challenge: q.get('code_challenge')! });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', granted.join(' '));
    }
    res.writeHead(302, { location: back.toString() }).end();
  }

  function issue(userId: string, scopes: string[], withRefresh: boolean) {
    const access = `ya29.${randomBytes(24).toString('base64url')}`;
    accessTokens.set(access, { userId, scopes, expiresAt: Date.now() + state.accessTokenSeconds * 1000 });
    const answer: Record<string, unknown> = {
      access_token: access,
      expires_in: state.accessTokenSeconds,
      scope: scopes.join(' '),
      token_type: 'Bearer',
    };
    if (withRefresh) {
      const refresh = `1//${randomBytes(24).toString('base64url')}`;
      refreshTokens.set(refresh, { userId, scopes, revoked: false });
      answer.refresh_token = refresh;
    }
    return answer;
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const grant = form.get('grant_type') ?? '';
    grants.push(grant);
    if (failed('token', res)) return;
    const refuse = (status: number, error: string, why: string) => {
      refusals.push(`token: ${why}`);
      json(res, status, { error, error_description: why });
    };
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
      return refuse(401, 'invalid_client', 'The OAuth client was not found.');
    if (grant === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!code) return refuse(400, 'invalid_grant', 'Malformed auth code.');
      if (form.get('redirect_uri') !== code.redirectUri) return refuse(400, 'redirect_uri_mismatch', 'Bad Request');
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
        return refuse(400, 'invalid_grant', 'Invalid code verifier.');
      return json(res, 200, issue(code.userId, code.scopes, true));
    }
    if (grant === 'refresh_token') {
      const known = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!known || known.revoked) return refuse(400, 'invalid_grant', 'Token has been expired or revoked.');
      return json(res, 200, issue(known.userId, known.scopes, false));
    }
    refuse(400, 'unsupported_grant_type', 'Invalid grant_type.');
  }

  /** The bearer's user and scopes, or the 401 Google answers. */
  function bearer(req: IncomingMessage, res: ServerResponse, scope: string): string | undefined {
    const t = accessTokens.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    if (!t || t.expiresAt <= Date.now()) {
      googleError(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token.');
      return undefined;
    }
    if (!t.scopes.includes(scope)) {
      googleError(res, 403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.');
      return undefined;
    }
    return t.userId;
  }

  const notFound = (res: ServerResponse) => googleError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
  const present = (c: FakeCourse) => ({
    id: c.id,
    name: c.name,
    ...(c.section ? { section: c.section } : {}),
    ownerId: c.teachers[0],
    courseState: c.courseState,
    alternateLink: `https://classroom.google.com/c/${c.id}`,
  });

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    const path = url.pathname;
    if (path === '/v1/courses' && req.method === 'GET') {
      const userId = bearer(req, res, SCOPE.courses);
      if (!userId || failed('courses', res)) return;
      if (url.searchParams.get('teacherId') !== 'me')
        return googleError(res, 400, 'INVALID_ARGUMENT', 'This fake lists only teacherId=me.');
      const states = url.searchParams.getAll('courseStates');
      const mine = [...courses.values()].filter((c) => c.teachers.includes(userId) && (!states.length || states.includes(c.courseState)));
      const { items, next } = page(mine, url);
      return json(res, 200, { ...(items.length ? { courses: items.map(present) } : {}), ...(next ? { nextPageToken: next } : {}) });
    }
    const m = /^\/v1\/courses\/([^/]+)(\/teachers\/me|\/students|\/courseWork)?$/.exec(path);
    if (!m) return notFound(res);
    const course = courses.get(decodeURIComponent(m[1]!));
    const part = m[2];
    if (!part && req.method === 'GET') {
      const userId = bearer(req, res, SCOPE.courses);
      if (!userId || failed('course', res)) return;
      const member = course && (course.teachers.includes(userId) || course.students.some((s) => users.get(userId) === s.email));
      return member ? json(res, 200, present(course)) : notFound(res);
    }
    if (part === '/teachers/me' && req.method === 'GET') {
      const userId = bearer(req, res, SCOPE.rosters);
      if (!userId || failed('teacher', res)) return;
      if (!course || !course.teachers.includes(userId)) return notFound(res);
      return json(res, 200, { courseId: course.id, userId, profile: { id: userId, emailAddress: users.get(userId) } });
    }
    if (part === '/students' && req.method === 'GET') {
      const userId = bearer(req, res, SCOPE.rosters);
      if (!userId || failed('students', res)) return;
      if (!course) return notFound(res);
      if (!course.teachers.includes(userId)) return googleError(res, 403, 'PERMISSION_DENIED', 'The caller does not have permission');
      const emails = accessTokens.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')![1]!)!.scopes.includes(SCOPE.emails);
      const { items, next } = page(course.students, url);
      const students = items.map((s) => ({
        courseId: course.id,
        userId: googleIdOf(s.email),
        profile: {
          id: googleIdOf(s.email),
          name: { givenName: s.fullName.split(' ')[0], familyName: s.fullName.split(' ').slice(1).join(' '), fullName: s.fullName },
          ...(emails ? { emailAddress: s.email } : {}),
        },
      }));
      return json(res, 200, { ...(students.length ? { students } : {}), ...(next ? { nextPageToken: next } : {}) });
    }
    if (part === '/courseWork' && req.method === 'POST') {
      const raw = await readBody(req);
      const userId = bearer(req, res, SCOPE.courseWork);
      if (!userId || failed('courseWork', res)) return;
      if (!course) return notFound(res);
      if (!course.teachers.includes(userId)) return googleError(res, 403, 'PERMISSION_DENIED', 'The caller does not have permission');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return googleError(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
      }
      const materials = body.materials as { link?: { url?: unknown } }[] | undefined;
      const problem =
        typeof body.title !== 'string' || !body.title
          ? 'title'
          : body.workType !== 'ASSIGNMENT'
            ? 'workType'
            : !['PUBLISHED', 'DRAFT'].includes(String(body.state))
              ? 'state'
              : materials !== undefined && materials.some((x) => typeof x.link?.url !== 'string' || !URL.canParse(x.link.url))
                ? 'materials'
                : undefined;
      if (problem) return googleError(res, 400, 'INVALID_ARGUMENT', `Invalid value at '${problem}'.`);
      const id = String(nextWork++);
      posted.push({ id, courseId: course.id, byUser: userId, body });
      return json(res, 200, {
        courseId: course.id,
        id,
        ...body,
        alternateLink: `https://classroom.google.com/c/${course.id}/a/${id}/details`,
        creationTime: new Date().toISOString(),
        creatorUserId: userId,
      });
    }
    return notFound(res);
  }

  const { info } = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/o/oauth2/v2/auth' && req.method === 'GET') return void authorize(req, res, url);
    if (url.pathname === '/token' && req.method === 'POST') return token(req, res);
    if (url.pathname.startsWith('/v1/')) return api(req, res, url);
    if (options.control && url.pathname.startsWith('/_fake/')) return control(req, res, url);
    res.writeHead(404).end();
  });

  /**
   * The test's hands, for a test in another process: POST /_fake/users {email} answers {id};
   * POST /_fake/courses {name, section?, teachers, students} answers the course; GET /_fake/posted.
   */
  async function control(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method === 'GET' && url.pathname === '/_fake/posted') return json(res, 200, posted);
    const body = req.method === 'POST' ? (JSON.parse(await readBody(req)) as Record<string, unknown>) : {};
    if (url.pathname === '/_fake/users' && typeof body.email === 'string') return json(res, 200, { id: fake.addUser(body.email) });
    if (url.pathname === '/_fake/courses' && typeof body.name === 'string' && Array.isArray(body.teachers)) {
      return json(res, 200, fake.addCourse(body as Parameters<FakeGoogleClassroom['addCourse']>[0]));
    }
    res.writeHead(400).end();
  }

  const fake: FakeGoogleClassroom = {
    url: info.url,
    clientId,
    clientSecret,
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_OAUTH_AUTHORIZE_URL: `${info.url}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_TOKEN_URL: `${info.url}/token`,
      GOOGLE_CLASSROOM_API_URL: info.url,
    },
    addUser(email) {
      const id = String(100_000_000_000_000_000_000n + BigInt(users.size + 1));
      users.set(id, email);
      return id;
    },
    addCourse(c) {
      const course: FakeCourse = { courseState: 'ACTIVE', students: [], ...c, id: c.id ?? String(nextCourse++) };
      courses.set(course.id, course);
      return course;
    },
    addStudent(courseId, student) {
      courses.get(courseId)!.students.push(student);
    },
    removeStudent(courseId, email) {
      const course = courses.get(courseId)!;
      course.students = course.students.filter((s) => s.email !== email);
    },
    async consent(location, userId, opts = {}) {
      const url = new URL(location);
      if (opts.deny) url.searchParams.set('x_fake_deny', '1');
      if (opts.scopes) url.searchParams.set('x_fake_scopes', opts.scopes.join(' '));
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: `fake_google_user=${userId}` } });
      if (res.status !== 302) throw new Error(`the fake Google refused the consent request: ${await res.text()}`);
      return res.headers.get('location')!;
    },
    expireAccessTokens() {
      for (const t of accessTokens.values()) t.expiresAt = 0;
    },
    revokeRefreshTokens(userId) {
      for (const t of refreshTokens.values()) if (t.userId === userId) t.revoked = true;
    },
    get accessTokenSeconds() {
      return state.accessTokenSeconds;
    },
    set accessTokenSeconds(n: number) {
      state.accessTokenSeconds = n;
    },
    get pageSize() {
      return state.pageSize;
    },
    set pageSize(n: number) {
      state.pageSize = n;
    },
    failNext(endpoint, failure, times = 1) {
      failures.set(endpoint, { failure, times });
    },
    posted,
    grants,
    refusals,
    close: () => info.close(),
  };
  return fake;
}
