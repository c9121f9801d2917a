import { z } from 'zod';
import { CLASSROOM_ERRORS, CLASSROOM_SCOPES, isCourseId } from '../../../contract/classroom';
import type { Config } from '../../config';
import { AppError, notFound } from '../../lib/errors';
import { message, type ServerMessage } from '../../lib/message';

/**
 * Google's OAuth 2 token endpoint and the Classroom v1 REST API, called with fetch (no client
 * library; docs/decisions/262-google-classroom.md). Every answer is read through a schema; a
 * failure is a GoogleCallError whose kind (`http_403`, `timeout`, `garbled`, `invalid_grant`) is
 * all a log line carries: never Google's message, which may quote a course or a person.
 */

const CALL_TIMEOUT_MS = 10_000;

export class GoogleCallError extends Error {
  constructor(
    readonly kind: string,
    readonly status?: number,
  ) {
    super(`google call failed: ${kind}`);
    this.name = 'GoogleCallError';
  }
}

async function googleFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (err) {
    throw new GoogleCallError(err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : 'unreachable');
  }
}

async function readAs<T>(res: Response, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await res.json().catch(() => undefined));
  if (!parsed.success) throw new GoogleCallError('garbled');
  return parsed.data;
}

// ---- OAuth 2 ----

const tokenAnswer = z.object({
  access_token: z.string().min(1).max(10_000),
  expires_in: z
    .number()
    .int()
    .min(1)
    .max(366 * 24 * 3600),
  refresh_token: z.string().min(1).max(10_000).optional(),
  scope: z.string().max(10_000).optional(),
  token_type: z.string().max(100).optional(),
});
export type TokenAnswer = z.infer<typeof tokenAnswer>;

const tokenError = z.object({ error: z.string().max(200) });

/** A token request: the answer, or a GoogleCallError (`invalid_grant` when the code or refresh token is refused). */
async function tokenRequest(config: Config, google: NonNullable<Config['google']>, fields: Record<string, string>): Promise<TokenAnswer> {
  const res = await googleFetch(config.classroom.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ ...fields, client_id: google.clientId, client_secret: google.clientSecret }),
  });
  if (!res.ok) {
    const body = tokenError.safeParse(await res.json().catch(() => undefined));
    throw new GoogleCallError(body.success && body.data.error === 'invalid_grant' ? 'invalid_grant' : `http_${res.status}`, res.status);
  }
  return readAs(res, tokenAnswer);
}

/** The authorization code of Google's redirect back, exchanged for tokens (with the PKCE verifier). */
export const exchangeCode = (config: Config, google: NonNullable<Config['google']>, code: string, codeVerifier: string) =>
  tokenRequest(config, google, {
    grant_type: 'authorization_code',
    code,
    code_verifier: codeVerifier,
    redirect_uri: callbackUrl(config),
  });

/** A new access token for a refresh token. */
export const refreshAccess = (config: Config, google: NonNullable<Config['google']>, refreshToken: string) =>
  tokenRequest(config, google, { grant_type: 'refresh_token', refresh_token: refreshToken });

/** Where Google sends the teacher back: registered with the Google client as an authorized redirect URI. */
export const callbackUrl = (config: Config) => `${config.baseUrl}/api/classroom/callback`;

/** Google's consent page for the Classroom scopes only, asking for a refresh token (offline, consent every time). */
export function authorizeUrl(config: Config, google: NonNullable<Config['google']>, state: string, codeChallenge: string): string {
  const url = new URL(config.classroom.authorizeUrl);
  url.search = new URLSearchParams({
    client_id: google.clientId,
    redirect_uri: callbackUrl(config),
    response_type: 'code',
    scope: CLASSROOM_SCOPES.join(' '),
    access_type: 'offline',
    // Google gives a refresh token only on a consent: a teacher connecting again must get a new one.
    prompt: 'consent',
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** The Classroom scopes a token answer's `scope` lacks (Google lets the teacher untick some); none when it lists none. */
export function missingScopes(answer: TokenAnswer): string[] {
  if (answer.scope === undefined) return [];
  const granted = new Set(answer.scope.split(/\s+/));
  return CLASSROOM_SCOPES.filter((s) => !granted.has(s));
}

// ---- Classroom v1 ----

/** Text from Google as ClassBots can store it: no NUL, no lone surrogate, trimmed, at most `max` units. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export function storable(value: string | undefined, max: number): string {
  const clean = (v: string) => v.replaceAll('\u0000', '').replace(LONE_SURROGATE, '').trim();
  return clean(clean(value ?? '').slice(0, max));
}

const pageToken = z.string().min(1).max(2_000).optional();

const course = z.object({
  id: z.string().refine(isCourseId),
  name: z.string().max(10_000).optional(),
  section: z.string().max(10_000).optional(),
  courseState: z.string().max(100).optional(),
});
export type GoogleCourse = z.infer<typeof course>;
// Google leaves an empty list out of its answer altogether.
const courseList = z.object({ courses: z.array(course).max(1_000).default([]), nextPageToken: pageToken });

const student = z.object({
  userId: z.string().max(200).optional(),
  profile: z
    .object({
      name: z.object({ fullName: z.string().max(10_000).optional() }).optional(),
      emailAddress: z.string().max(10_000).optional(),
    })
    .optional(),
});
export type GoogleStudent = z.infer<typeof student>;
const studentList = z.object({ students: z.array(student).max(1_000).default([]), nextPageToken: pageToken });

const teacher = z.object({ userId: z.string().max(200).optional() });

const courseWork = z.object({
  id: z.string().min(1).max(200),
  alternateLink: z.url().max(2_000).optional(),
});
export type GoogleCourseWork = z.infer<typeof courseWork>;

/**
 * One Classroom call with a bearer token. A 401 is handed back (the caller refreshes and tries
 * once more); any other failure is a GoogleCallError.
 */
async function classroomRequest<T>(
  config: Config,
  token: string,
  path: string,
  schema: z.ZodType<T>,
  init: { method?: string; body?: unknown } = {},
): Promise<T | 'unauthorized'> {
  const res = await googleFetch(`${config.classroom.apiUrl}/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (res.status === 401) {
    await res.body?.cancel();
    return 'unauthorized';
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new GoogleCallError(`http_${res.status}`, res.status);
  }
  return readAs(res, schema);
}

/** Makes Classroom calls for one teacher: `token(true)` forces a refresh after a 401. */
export type TokenSource = (refresh: boolean) => Promise<string>;

/** A call that survives one stale access token: on a 401 the token is refreshed and the call made once more. */
export async function withToken<T>(tokens: TokenSource, call: (token: string) => Promise<T | 'unauthorized'>, lost: () => Promise<never>) {
  const first = await call(await tokens(false));
  if (first !== 'unauthorized') return first;
  const second = await call(await tokens(true));
  if (second !== 'unauthorized') return second;
  return lost();
}

const PAGE_SIZE = 100;
/** Pages read at most: 2,000 courses, 3,000 students (Classroom's own limit is 1,000 a course). */
const MAX_COURSE_PAGES = 20;
const MAX_STUDENT_PAGES = 30;

const paged = (path: string, token: string | undefined) =>
  `${path}${path.includes('?') ? '&' : '?'}pageSize=${PAGE_SIZE}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`;

/** courses.list: the teacher's active courses where they teach, every page. */
export async function listTeachingCourses(config: Config, tokens: TokenSource, lost: () => Promise<never>): Promise<GoogleCourse[]> {
  const courses: GoogleCourse[] = [];
  let next: string | undefined;
  for (let page = 0; page < MAX_COURSE_PAGES; page++) {
    const answer = await withToken(
      tokens,
      (token) => classroomRequest(config, token, paged('courses?teacherId=me&courseStates=ACTIVE', next), courseList),
      lost,
    );
    courses.push(...answer.courses.filter((c) => (c.courseState ?? 'ACTIVE') === 'ACTIVE'));
    next = answer.nextPageToken;
    if (!next) break;
  }
  return courses;
}

/** courses.get, after courses.teachers.get for `me`: the course, when the teacher teaches it (else Google's 404). */
export async function taughtCourse(
  config: Config,
  tokens: TokenSource,
  lost: () => Promise<never>,
  courseId: string,
): Promise<GoogleCourse> {
  const id = encodeURIComponent(courseId);
  await withToken(tokens, (token) => classroomRequest(config, token, `courses/${id}/teachers/me`, teacher), lost);
  return withToken(tokens, (token) => classroomRequest(config, token, `courses/${id}`, course), lost);
}

/** courses.students.list: every student of the course, every page (refused above MAX_STUDENT_PAGES pages). */
export async function listStudents(
  config: Config,
  tokens: TokenSource,
  lost: () => Promise<never>,
  courseId: string,
): Promise<GoogleStudent[]> {
  const students: GoogleStudent[] = [];
  let next: string | undefined;
  for (let page = 0; page < MAX_STUDENT_PAGES; page++) {
    const answer = await withToken(
      tokens,
      (token) => classroomRequest(config, token, paged(`courses/${encodeURIComponent(courseId)}/students`, next), studentList),
      lost,
    );
    students.push(...answer.students);
    next = answer.nextPageToken;
    if (!next) return students;
  }
  // A list cut short would take the rest of the course off the class.
  throw new AppError('classroom_too_large', 422, message('classroomTooLarge', { count: MAX_STUDENT_PAGES * PAGE_SIZE }));
}

/** courses.courseWork.create: a published assignment with one link. */
export async function createCourseWork(
  config: Config,
  tokens: TokenSource,
  lost: () => Promise<never>,
  courseId: string,
  work: { title: string; description: string; url: string },
): Promise<GoogleCourseWork> {
  const body = {
    title: work.title,
    ...(work.description ? { description: work.description } : {}),
    workType: 'ASSIGNMENT',
    state: 'PUBLISHED',
    materials: [{ link: { url: work.url } }],
  };
  return withToken(
    tokens,
    (token) => classroomRequest(config, token, `courses/${encodeURIComponent(courseId)}/courseWork`, courseWork, { method: 'POST', body }),
    lost,
  );
}

/**
 * A failed Google call as the teacher sees it: what Google refused in plain words, a 502 for an
 * answer that is not Google's documented one, a 503 to try again. Logged by kind only.
 */
export function classroomFailure(err: unknown, refused: ServerMessage): unknown {
  if (!(err instanceof GoogleCallError)) return err;
  if (err.status === 403) return new AppError(CLASSROOM_ERRORS.refused, 403, refused);
  if (err.status === 404) return notFound(message('courseNotFound'));
  if (err.kind === 'garbled') return new AppError(CLASSROOM_ERRORS.badAnswer, 502, message('classroomGarbled'), { log: true, cause: err });
  if (err.kind === 'timeout' || err.kind === 'unreachable' || err.status === 429 || (err.status ?? 0) >= 500)
    return new AppError('unavailable', 503, message('classroomUnreachable'), {
      log: true,
      cause: err,
    });
  return new AppError(CLASSROOM_ERRORS.badAnswer, 502, message('classroomRefusedRequest'), {
    log: true,
    cause: err,
  });
}
