import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { schema } from '../../db/client';
import { createTestContext, signedIn, SUPPORT_EMAIL, TEST_ORIGIN, TestClient, type TestContext } from '../../../tests/harness';
import { ROLE, startFakeLtiPlatform, type FakeLtiPlatform } from '../../../tests/fakes/lti-platform';
import { adminOf, makeSchool, teacherAt } from '../bots/bots.test-helpers';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { assign, classWith, ownTutor } from '../assignments/assignments.test-helpers';

// Issue 29, item 4: the registrations are the support account's only, and a deep-linking answer is
// the launching teacher's only. Every refused caller changes nothing.
type ErrorJson = { error: { code: string } };

let ctx: TestContext;
let lms: FakeLtiPlatform;
let support: TestClient;
let school: Awaited<ReturnType<typeof makeSchool>>;
let platformId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  lms = await startFakeLtiPlatform();
  school = await makeSchool(ctx);
  support = (await signedIn(ctx, { email: SUPPORT_EMAIL, role: 'teacher' })).client;
  platformId = (await support.json<{ id: string }>('POST', '/api/superdash/lti-platforms', lms.registration(school.id))).body.id;
});
afterAll(async () => {
  await lms.close();
  await ctx.close();
});

const snapshot = async () => ({
  platforms: await ctx.database.db.select().from(schema.ltiPlatform).orderBy(schema.ltiPlatform.id),
  keys: (await ctx.database.db.select({ n: count() }).from(schema.ltiKey))[0]!.n,
  links: (await ctx.database.db.select({ n: count() }).from(schema.ltiLink))[0]!.n,
  audit: (await ctx.database.db.select({ n: count() }).from(schema.auditLog))[0]!.n,
});

async function refusals(caller: TestClient) {
  const out: [string, number, string][] = [];
  for (const [method, url, body] of [
    ['GET', '/api/superdash/lti-platforms'],
    ['POST', '/api/superdash/lti-platforms', { ...lms.registration(school.id), clientId: 'another' }],
    ['POST', '/api/superdash/lti-platforms/keys/rotate'],
    ['DELETE', `/api/superdash/lti-platforms/${platformId}`],
  ] as [string, string, unknown?][]) {
    const res = await caller.request(method, url, body);
    out.push([`${method} ${url}`, res.status, ((await res.json()) as ErrorJson).error.code]);
  }
  return out;
}

describe('LTI registrations', () => {
  it('refuse everyone but the support account, and change nothing', async () => {
    const callers: [string, TestClient, number][] = [
      ['signed out', new TestClient(ctx), 401],
      ['a free teacher', (await signedIn(ctx, { role: 'teacher' })).client, 403],
      ['a premium teacher', (await premiumTeacher(ctx)).client, 403],
      ['a student', (await signedIn(ctx, { role: 'student' })).client, 403],
      ["the school's admin", await adminOf(ctx, school), 403],
    ];
    const before = await snapshot();
    for (const [who, client, status] of callers) {
      for (const [route, got] of await refusals(client)) expect([who, route, got]).toEqual([who, route, status]);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('Answering a deep link', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const formType = { 'content-type': 'application/x-www-form-urlencoded' };

  /** A teacher of the school launches "add a link" from a course: their browser and the picker's request token. */
  async function deepLinkLaunch(sub: string) {
    const email = `${sub}@${school.domain}`;
    await ctx.database.db.insert(schema.schoolTeacher).values({ schoolId: school.id, email });
    const browser = new TestClient(ctx);
    const fields = lms.loginFields({
      targetLinkUri: `${TEST_ORIGIN}/api/lti/launch`,
      kind: 'deep-link',
      user: { sub, email, emailVerified: true, roles: [ROLE.instructor] },
      context: { id: `course-${sub}`, title: 'Course' },
    });
    const login = await browser.request('POST', '/api/lti/login', form(fields), { ...formType, Origin: lms.issuer });
    const launch = await browser.request('POST', '/api/lti/launch', form(await lms.authorize(login.headers.get('location')!)), {
      ...formType,
      Origin: lms.issuer,
    });
    const request = new URL(launch.headers.get('location')!, TEST_ORIGIN).searchParams.get('request')!;
    return { browser, request };
  }

  it('is refused to anyone but the teacher who launched it, and for an assignment not theirs', async () => {
    const owner = await deepLinkLaunch('owner-teacher');
    const mine = await assign(owner.browser, {
      botId: await ownTutor(owner.browser),
      title: 'Mine',
      classIds: [(await classWith(owner.browser, 'P1', [['a@example.org', 'A']])).id],
    });
    const colleague = (await teacherAt(ctx, school)).client;
    const theirs = await assign(colleague, {
      botId: await ownTutor(colleague),
      title: 'Theirs',
      classIds: [(await classWith(colleague, 'P9', [['b@example.org', 'B']])).id],
    });
    const cases: [string, TestClient, string, number, string][] = [
      ['signed out', new TestClient(ctx), mine.id, 401, 'unauthenticated'],
      ['a student', (await signedIn(ctx, { role: 'student' })).client, mine.id, 403, 'forbidden'],
      ['a free teacher', (await signedIn(ctx, { role: 'teacher' })).client, mine.id, 402, 'premium_required'],
      ['another teacher of the school', colleague, mine.id, 403, 'forbidden'],
      ["the launching teacher, another teacher's assignment", owner.browser, theirs.id, 404, 'not_found'],
      ['the launching teacher, a forged request', owner.browser, mine.id, 400, 'lti_link_expired'],
    ];
    const before = await snapshot();
    for (const [who, client, assignmentId, status, code] of cases) {
      const request = who.endsWith('forged request') ? `${owner.request.slice(0, -4)}AAAA` : owner.request;
      const res = await client.request('POST', '/api/lti/deep-link', form({ request, assignmentId }), formType);
      expect([who, res.status, ((await res.json()) as ErrorJson).error.code]).toEqual([who, status, code]);
    }
    expect(await snapshot()).toEqual(before);
    // The picker's form is a browser's: the refusal it meets is a page, with the headers the app's pages have.
    const page = await colleague.request('POST', '/api/lti/deep-link', form({ request: owner.request, assignmentId: mine.id }), {
      ...formType,
      Accept: 'text/html',
    });
    expect(page.status).toBe(403);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(await page.text()).toContain('(forbidden)');
    const ok = await owner.browser.request('POST', '/api/lti/deep-link', form({ request: owner.request, assignmentId: mine.id }), formType);
    expect(ok.status).toBe(200);
    expect((await snapshot()).links).toBe(before.links + 1);
  });
});
