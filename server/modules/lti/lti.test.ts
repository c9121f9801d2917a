import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { schema } from '../../db/client';
import { createTestContext, signedIn, SUPPORT_EMAIL, TEST_ORIGIN, TestClient, type TestContext } from '../../../tests/harness';
import { ROLE, startFakeLtiPlatform, type FakeLtiPlatform, type LaunchSpec } from '../../../tests/fakes/lti-platform';
import { makeSchool, teacherAt } from '../bots/bots.test-helpers';
import { assign, classWith, ownTutor } from '../assignments/assignments.test-helpers';

// Issue 29, item 1: LTI 1.3 launches from a platform registered by the support account. Each
// launch goes through the real OIDC login, the fake platform's HTTP authentication endpoint and
// its signed id_token; each forged launch is refused and changes nothing.

const LAUNCH_URL = `${TEST_ORIGIN}/api/lti/launch`;
type ErrorJson = { error: { code: string } };

let ctx: TestContext;
let lms: FakeLtiPlatform;
let otherLms: FakeLtiPlatform;
let school: Awaited<ReturnType<typeof makeSchool>>;
let otherSchool: Awaited<ReturnType<typeof makeSchool>>;
let support: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  lms = await startFakeLtiPlatform();
  otherLms = await startFakeLtiPlatform();
  school = await makeSchool(ctx);
  otherSchool = await makeSchool(ctx);
  support = (await signedIn(ctx, { email: SUPPORT_EMAIL, role: 'teacher' })).client;
  for (const [platform, licence] of [
    [lms, school],
    [otherLms, otherSchool],
  ] as const) {
    const res = await support.json('POST', '/api/superdash/lti-platforms', platform.registration(licence.id));
    expect(res.status).toBe(201);
  }
});
afterAll(async () => {
  await lms.close();
  await otherLms.close();
  await ctx.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = (platform: FakeLtiPlatform) => ({ 'content-type': 'application/x-www-form-urlencoded', Origin: platform.issuer });

/** The whole launch as a browser makes it: login at the tool, the platform's authentication, the form post back. */
async function launchFields(platform: FakeLtiPlatform, spec: Omit<LaunchSpec, 'targetLinkUri'>, browser = new TestClient(ctx)) {
  const login = await browser.request(
    'POST',
    '/api/lti/login',
    form(platform.loginFields({ targetLinkUri: LAUNCH_URL, ...spec })),
    formHeaders(platform),
  );
  expect(login.status).toBe(302);
  return platform.authorize(login.headers.get('location')!);
}

async function launch(platform: FakeLtiPlatform, spec: Omit<LaunchSpec, 'targetLinkUri'>, browser = new TestClient(ctx)) {
  const fields = await launchFields(platform, spec, browser);
  const res = await browser.request('POST', '/api/lti/launch', form(fields), formHeaders(platform));
  return { res, browser, fields };
}

const users = async () => (await ctx.database.db.select({ n: count() }).from(schema.user))[0]!.n;
const me = async (browser: TestClient) => (await browser.json<{ email: string; role: string; name: string }>('GET', '/api/me')).body;

const teacherAddress = () => `t-${Math.random().toString(36).slice(2, 8)}@${school.domain}`;
const course = { id: 'course-101', title: 'Year 7 Science', label: '7SCI' };

describe('LTI 1.3 tool', () => {
  it('publishes its public keys, never a private part, and keeps a rotated key published', async () => {
    const first = (await new TestClient(ctx).json<{ keys: Record<string, unknown>[] }>('GET', '/api/lti/jwks')).body;
    expect(first.keys).toHaveLength(1);
    expect(first.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(first.keys[0]).not.toHaveProperty('d');
    const rotated = await support.json<{ kid: string }>('POST', '/api/superdash/lti-platforms/keys/rotate');
    expect(rotated.status).toBe(200);
    const after = (await new TestClient(ctx).json<{ keys: { kid: string }[] }>('GET', '/api/lti/jwks')).body;
    expect(after.keys.map((k) => k.kid)).toEqual([rotated.body.kid, first.keys[0]!.kid]);
  });

  it('lists registrations with the addresses to paste, and refuses a second of one issuer and client id', async () => {
    const list = await support.json<{ platforms: { issuer: string; schoolName: string }[]; tool: Record<string, string> }>(
      'GET',
      '/api/superdash/lti-platforms',
    );
    expect(list.body.platforms.map((p) => p.issuer).sort()).toEqual([lms.issuer, otherLms.issuer].sort());
    expect(list.body.tool).toEqual({
      loginUrl: `${TEST_ORIGIN}/api/lti/login`,
      launchUrl: LAUNCH_URL,
      jwksUrl: `${TEST_ORIGIN}/api/lti/jwks`,
      deepLinkUrl: LAUNCH_URL,
    });
    const again = await support.json<ErrorJson & { error: { fields: Record<string, string> } }>(
      'POST',
      '/api/superdash/lti-platforms',
      lms.registration(school.id),
    );
    expect(again.status).toBe(422);
    expect(again.body.error.fields.clientId).toMatch(/already registered/);
    const plain = await support.json<{ error: { fields: Record<string, string> } }>('POST', '/api/superdash/lti-platforms', {
      ...lms.registration(school.id),
      clientId: 'x',
      jwksUrl: 'http://lms.example.org/jwks',
    });
    expect(plain.status).toBe(422);
    expect(plain.body.error.fields.jwksUrl).toMatch(/https/);
  });

  it("signs a teacher in as the account of their school address, makes the course's class, and finds the same account again", async () => {
    const email = teacherAddress();
    await ctx.database.db.insert(schema.schoolTeacher).values({ schoolId: school.id, email });
    const user = { sub: 'teacher-1', name: 'Ms Rivera', email, emailVerified: true, roles: [ROLE.instructor] };
    const before = await users();
    const first = await launch(lms, { user, context: course });
    expect(first.res.status).toBe(303);
    expect(first.res.headers.get('location')).toBe('/teachAssignments');
    expect(await me(first.browser)).toMatchObject({ email, role: 'teacher', name: 'Ms Rivera' });
    const [cls] = await ctx.database.db
      .select({ name: schema.teacherClass.name, section: schema.teacherClass.section })
      .from(schema.ltiContext)
      .innerJoin(schema.teacherClass, eq(schema.teacherClass.id, schema.ltiContext.classId))
      .where(eq(schema.ltiContext.contextId, course.id));
    expect(cls).toEqual({ name: 'Year 7 Science', section: '7SCI' });
    const second = await launch(lms, { user: { ...user, name: 'Renamed' }, context: course });
    expect(second.res.status).toBe(303);
    expect((await me(second.browser)).email).toBe(email);
    expect(await users()).toBe(before + 1);
  });

  it('links an existing account only by a verified school address; otherwise makes a new account with no address', async () => {
    const { user: existing } = await signedIn(ctx, { email: `kid@${school.domain}`, role: 'student' });
    const unverified = await launch(lms, { user: { sub: 'kid-a', email: existing.email, emailVerified: false, roles: [ROLE.learner] } });
    expect((await me(unverified.browser)).email).toMatch(/^lti-[0-9a-f]{24}@lti\.invalid$/);
    const verified = await launch(lms, { user: { sub: 'kid-b', email: existing.email, emailVerified: true, roles: [ROLE.learner] } });
    expect((await me(verified.browser)).email).toBe(existing.email);
    // Another school's platform sending this school's address gets a new account, never this one.
    const elsewhere = await launch(otherLms, { user: { sub: 'kid-b', email: existing.email, emailVerified: true, roles: [ROLE.learner] } });
    expect((await me(elsewhere.browser)).email).toMatch(/@lti\.invalid$/);
  });

  it('deep-links an assignment into the course, and a student launching the link lands on their record of it', async () => {
    const email = teacherAddress();
    await ctx.database.db.insert(schema.schoolTeacher).values({ schoolId: school.id, email });
    const teacherUser = { sub: 'teacher-dl', name: 'Mr Okafor', email, emailVerified: true, roles: [ROLE.instructor] };
    const dlCourse = { id: 'course-dl', title: 'Maths 8' };
    const picked = await launch(lms, { user: teacherUser, kind: 'deep-link', context: dlCourse });
    expect(picked.res.status).toBe(303);
    const page = new URL(picked.res.headers.get('location')!, TEST_ORIGIN);
    expect(page.pathname).toBe('/lti/deep-link');
    const teacher = picked.browser;
    const other = await classWith(teacher, 'Period 2', [['p2@example.org', 'Pat']]);
    const assignment = await assign(teacher, { botId: await ownTutor(teacher), title: 'Ratios', classIds: [other.id] });

    const answer = await teacher.request(
      'POST',
      '/api/lti/deep-link',
      form({ request: page.searchParams.get('request')!, assignmentId: assignment.id }),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toContain(`form-action ${lms.issuer}`);
    const html = await answer.text();
    expect(html).toContain(`action="${lms.deepLinkReturnUrl}"`);
    const jwt = /name="JWT" value="([^"]+)"/.exec(html)![1]!;
    const keys = (await new TestClient(ctx).json<{ keys: never[] }>('GET', '/api/lti/jwks')).body;
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(keys), { issuer: lms.clientId, audience: lms.issuer });
    expect(payload['https://purl.imsglobal.org/spec/lti/claim/message_type']).toBe('LtiDeepLinkingResponse');
    expect(payload['https://purl.imsglobal.org/spec/lti-dl/claim/data']).toBe(JSON.stringify(['course-dl', 'teacher-dl']));
    const [item] = payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as {
      url: string;
      title: string;
      custom: { classbots_link: string };
    }[];
    expect(item).toMatchObject({ url: LAUNCH_URL, title: 'Ratios' });
    const [audited] = await ctx.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'lti_link.create'));
    expect(audited).toMatchObject({ actorKind: 'user', entityId: item!.custom.classbots_link, after: { assignmentId: assignment.id } });

    const student = await launch(lms, {
      user: { sub: 'student-dl', name: 'Ada Lovelace', roles: [ROLE.learner] },
      context: dlCourse,
      custom: item!.custom,
    });
    expect(student.res.status).toBe(303);
    const [record] = await ctx.database.db
      .select({ id: schema.studentAssignment.id })
      .from(schema.studentAssignment)
      .innerJoin(schema.user, eq(schema.user.email, schema.studentAssignment.email))
      .where(and(eq(schema.studentAssignment.assignmentId, assignment.id), eq(schema.user.name, 'Ada Lovelace')));
    expect(student.res.headers.get('location')).toBe(`/studentAssignments?open=${record!.id}`);
    const mine = await student.browser.json<{ assignments: { id: string; title: string }[] }>('GET', '/api/my-assignments');
    expect(mine.body.assignments.map((a) => a.title)).toEqual(['Ratios']);
    // The student is on the course's class roster, linked, and shown as having come in.
    const roster = await ctx.database.db
      .select({ source: schema.rosterEntry.source })
      .from(schema.rosterEntry)
      .innerJoin(schema.ltiContext, eq(schema.ltiContext.classId, schema.rosterEntry.classId))
      .where(and(eq(schema.ltiContext.contextId, 'course-dl'), isNull(schema.rosterEntry.removedAt)));
    expect(roster).toEqual([{ source: 'lti' }]);

    // The same link launched from another course of the platform opens nothing of it.
    const stray = await launch(lms, {
      user: { sub: 'student-stray', roles: [ROLE.learner] },
      context: { id: 'course-x' },
      custom: item!.custom,
    });
    expect(stray.res.headers.get('location')).toBe('/studentAssignments');

    // Another school's platform naming the same course and link: its own course, none of this school's.
    const foreign = await launch(otherLms, {
      user: { sub: 'student-dl', name: 'Ada Lovelace', roles: [ROLE.learner] },
      context: dlCourse,
      custom: item!.custom,
    });
    expect(foreign.res.headers.get('location')).toBe('/studentAssignments');
    expect((await foreign.browser.json<{ assignments: unknown[] }>('GET', '/api/my-assignments')).body.assignments).toEqual([]);
    expect(
      await ctx.database.db
        .select({ n: count() })
        .from(schema.rosterEntry)
        .innerJoin(schema.ltiContext, eq(schema.ltiContext.classId, schema.rosterEntry.classId))
        .where(eq(schema.ltiContext.contextId, 'course-dl')),
    ).toEqual([{ n: 1 }]);
  });
});

// Issue 39, item 4: Canvas sends no `email_verified`; a registration saying the platform's addresses
// are the school's own links by the licence's domains (and so its teachers list), and only by them.
describe('LTI accounts of a platform whose addresses are the school’s own', () => {
  it("signs a teacher in as their existing account by their school address without email_verified, with the school's Premium, and never by another domain's address", async () => {
    const canvas = await startFakeLtiPlatform();
    canvas.trustTool(async () => (await new TestClient(ctx).json<{ keys: never[] }>('GET', '/api/lti/jwks')).body);
    try {
      const made = await support.json<{ managedAddresses: boolean }>('POST', '/api/superdash/lti-platforms', {
        ...canvas.registration(school.id),
        managedAddresses: true,
      });
      expect(made.status).toBe(201);
      expect(made.body.managedAddresses).toBe(true);
      // A teacher on the school's teachers list who already has work in ClassBots.
      const existing = await teacherAt(ctx, school);
      const tutor = await ownTutor(existing.client, 'Chemistry tutor');
      const person = { sub: 'canvas-teacher', name: 'Ms Ito', email: existing.user.email, roles: [ROLE.instructor] };
      const picked = await launch(canvas, { user: person, kind: 'deep-link', context: { id: 'canvas-course', title: 'Chemistry' } });
      expect(picked.res.status).toBe(303);
      expect(await me(picked.browser)).toMatchObject({ email: existing.user.email, role: 'teacher' });
      // Their own bot, given to the course and placed in it: the school's Premium, not a 402.
      const [cls] = await ctx.database.db.select().from(schema.ltiContext).where(eq(schema.ltiContext.contextId, 'canvas-course'));
      const assignment = await assign(picked.browser, { botId: tutor, title: 'Atoms', classIds: [cls!.classId] });
      const request = new URL(picked.res.headers.get('location')!, TEST_ORIGIN).searchParams.get('request')!;
      const answer = await picked.browser.request('POST', '/api/lti/deep-link', form({ request, assignmentId: assignment.id }), {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(answer.status).toBe(200);

      // An address on no domain of the licence (another school's account): a new account, not that one.
      const { user: elsewhere } = await signedIn(ctx, { email: `head@${otherSchool.domain}`, role: 'teacher' });
      const foreign = await launch(canvas, { user: { sub: 'canvas-foreign', email: elsewhere.email, roles: [ROLE.instructor] } });
      expect((await me(foreign.browser)).email).toMatch(/^lti-[0-9a-f]{24}@lti\.invalid$/);
      // A second user of the platform naming the first one's address gets none of that account.
      const second = await launch(canvas, { user: { sub: 'canvas-impostor', email: existing.user.email, roles: [ROLE.instructor] } });
      expect((await me(second.browser)).email).toMatch(/@lti\.invalid$/);
      // The first one is still theirs.
      const again = await launch(canvas, { user: person, context: { id: 'canvas-course' } });
      expect((await me(again.browser)).email).toBe(existing.user.email);
    } finally {
      await canvas.close();
    }
  });
});

describe('LTI 1.3 refusals', () => {
  const learner = { sub: 'refused-kid', roles: [ROLE.learner] };

  async function refusedLaunch(spec: Omit<LaunchSpec, 'targetLinkUri'>, status: number, code: string) {
    const before = await users();
    const { res, browser } = await launch(lms, spec);
    expect(res.status).toBe(status);
    expect(((await res.json()) as ErrorJson).error.code).toBe(code);
    expect(browser.sessionCookie()).toBeUndefined();
    expect(await users()).toBe(before);
  }

  it('refuses a launch signed by a key the platform does not publish', () =>
    refusedLaunch({ user: learner, signWith: 'other' }, 401, 'lti_token_invalid'));
  it('refuses an expired token', () =>
    refusedLaunch({ user: learner, issuedSecondsAgo: 1_200, expiresInSeconds: 600 }, 401, 'lti_token_invalid'));
  it('refuses a token carrying another nonce', () => refusedLaunch({ user: learner, nonce: 'not-ours' }, 401, 'lti_token_invalid'));
  it('refuses a token of a deployment not registered', () =>
    refusedLaunch({ user: learner, deploymentId: 'deployment-9' }, 403, 'lti_deployment_unknown'));
  it('refuses a student asking to add links to the course', () =>
    refusedLaunch({ user: learner, kind: 'deep-link', context: course }, 403, 'lti_teachers_only'));
  it('refuses a launch of another LTI version', () => refusedLaunch({ user: learner, messageVersion: '1.1' }, 400, 'lti_claims_invalid'));
  it('refuses roles it has no place for', () => refusedLaunch({ user: { sub: 'parent', roles: [ROLE.mentor] } }, 403, 'lti_role_unknown'));

  // Issue 39, item 6: a captured launch form signs no one else's browser in (login CSRF).
  it('refuses a launch posted from another browser than the one that started its login, and signs no one in', async () => {
    const student = new TestClient(ctx);
    const login = await student.request(
      'POST',
      '/api/lti/login',
      form(lms.loginFields({ targetLinkUri: LAUNCH_URL, user: { sub: 'csrf-kid', roles: [ROLE.learner] } })),
      formHeaders(lms),
    );
    // The cookie survives the platform's cross-site form post (SameSite=None, so Secure), for the LTI paths only.
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('classbots_lti_browser='))!;
    expect(cookie).toMatch(/; Path=\/api\/lti\/; Max-Age=600; HttpOnly; Secure; SameSite=None$/);
    const fields = await lms.authorize(login.headers.get('location')!);
    const classmate = new TestClient(ctx);
    const before = await users();
    const res = await classmate.request('POST', '/api/lti/launch', form(fields), formHeaders(lms));
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorJson).error.code).toBe('lti_launch_other_browser');
    expect(classmate.sessionCookie()).toBeUndefined();
    expect(await users()).toBe(before);
  });

  // Issue 39, item 6: the picker's signed request places one link, once.
  it('answers a deep-linking request once: a second choice from the same page is refused and places nothing', async () => {
    const email = teacherAddress();
    await ctx.database.db.insert(schema.schoolTeacher).values({ schoolId: school.id, email });
    const teacherUser = { sub: 'teacher-once', name: 'Mr Once', email, emailVerified: true, roles: [ROLE.instructor] };
    const picked = await launch(lms, { user: teacherUser, kind: 'deep-link', context: { id: 'course-once', title: 'Art' } });
    const request = new URL(picked.res.headers.get('location')!, TEST_ORIGIN).searchParams.get('request')!;
    const [cls] = await ctx.database.db.select().from(schema.ltiContext).where(eq(schema.ltiContext.contextId, 'course-once'));
    const assignment = await assign(picked.browser, { botId: await ownTutor(picked.browser), title: 'Colour', classIds: [cls!.classId] });
    const choose = () =>
      picked.browser.request('POST', '/api/lti/deep-link', form({ request, assignmentId: assignment.id }), {
        'content-type': 'application/x-www-form-urlencoded',
      });
    const links = async () =>
      (await ctx.database.db.select({ n: count() }).from(schema.ltiLink).where(eq(schema.ltiLink.contextId, 'course-once')))[0]!.n;
    // A choice refused (no such assignment) uses nothing up.
    const wrong = await picked.browser.request(
      'POST',
      '/api/lti/deep-link',
      form({ request, assignmentId: '00000000-0000-4000-8000-000000000000' }),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(wrong.status).toBe(404);
    expect((await choose()).status).toBe(200);
    const again = await choose();
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorJson).error.code).toBe('lti_link_used');
    expect(await links()).toBe(1);
  });

  it('refuses a replayed launch', async () => {
    const first = await launch(lms, { user: { sub: 'replay', roles: [ROLE.learner] } });
    expect(first.res.status).toBe(303);
    const again = await new TestClient(ctx).request('POST', '/api/lti/launch', form(first.fields), formHeaders(lms));
    expect(again.status).toBe(401);
    expect(((await again.json()) as ErrorJson).error.code).toBe('lti_launch_expired');
  });

  it("answers a person's browser with a page saying what went wrong, not the error's JSON", async () => {
    const first = await launch(lms, { user: { sub: 'replay-page', roles: [ROLE.learner] } });
    const again = await new TestClient(ctx).request('POST', '/api/lti/launch', form(first.fields), {
      ...formHeaders(lms),
      Accept: 'text/html',
    });
    expect(again.status).toBe(401);
    expect(again.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await again.text();
    expect(page).toContain('This launch has expired or was already used. Open the link again from your course.');
    expect(page).toContain('(lti_launch_expired)');
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a platform it does not know, a deployment it does not know and a target elsewhere, at the login', async () => {
    const browser = new TestClient(ctx);
    const fields = lms.loginFields({ targetLinkUri: LAUNCH_URL, user: learner });
    for (const [change, code] of [
      [{ iss: 'https://unknown.example.org' }, 'lti_platform_unknown'],
      [{ lti_deployment_id: 'deployment-9' }, 'lti_deployment_unknown'],
      [{ target_link_uri: 'https://evil.example.org/launch' }, 'lti_target_foreign'],
    ] as const) {
      const res = await browser.request('POST', '/api/lti/login', form({ ...fields, ...change }), formHeaders(lms));
      expect(((await res.json()) as ErrorJson).error.code).toBe(code);
    }
  });

  it("refuses a teacher's link when the account is a student's, and a course's teacher whose account is a student's", async () => {
    const { user } = await signedIn(ctx, { email: `pupil@${school.domain}`, role: 'student' });
    await refusedLaunch(
      { user: { sub: 'pupil-as-teacher', email: user.email, emailVerified: true, roles: [ROLE.instructor] } },
      403,
      'lti_role_mismatch',
    );
  });
});
