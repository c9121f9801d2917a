import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { schema } from '../../db/client';
import { createTestContext, signedIn, SUPPORT_EMAIL, TEST_ORIGIN, TestClient, type TestContext } from '../../../tests/harness';
import { ROLE, startFakeLtiPlatform, type FakeLtiPlatform, type LaunchSpec } from '../../../tests/fakes/lti-platform';
import { makeSchool } from '../bots/bots.test-helpers';
import { assign, ownTutor } from '../assignments/assignments.test-helpers';
import { sendDueScores } from './lti.scores';
import { LTI_ROSTER_SYNC_MINUTES } from '../../../contract/lti';

// The member-list read runs beside the launch: on a machine under load it lands after expect.poll's
// default second (a full CI run saw it), so these waits allow 10 s; each ends as soon as it holds.
const SLOW = { timeout: 10_000 };

// Issue 29, item 1: LTI Advantage's services against the fake platform. Names and Role
// Provisioning keeps the course's class in step on each launch; Assignment and Grade Services takes
// "I'm done" and the teacher's review to the course's gradebook, again after a failure.

const LAUNCH_URL = `${TEST_ORIGIN}/api/lti/launch`;

let ctx: TestContext;
let lms: FakeLtiPlatform;
let school: Awaited<ReturnType<typeof makeSchool>>;

beforeAll(async () => {
  ctx = await createTestContext();
  lms = await startFakeLtiPlatform();
  lms.trustTool(async () => (await new TestClient(ctx).json<{ keys: never[] }>('GET', '/api/lti/jwks')).body);
  school = await makeSchool(ctx);
  const support = (await signedIn(ctx, { email: SUPPORT_EMAIL, role: 'teacher' })).client;
  expect((await support.json('POST', '/api/superdash/lti-platforms', lms.registration(school.id))).status).toBe(201);
});
afterAll(async () => {
  await lms.close();
  await ctx.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formType = { 'content-type': 'application/x-www-form-urlencoded' };

async function launch(spec: Omit<LaunchSpec, 'targetLinkUri'>, browser = new TestClient(ctx)) {
  const login = await browser.request('POST', '/api/lti/login', form(lms.loginFields({ targetLinkUri: LAUNCH_URL, ...spec })), {
    ...formType,
    Origin: lms.issuer,
  });
  const fields = await lms.authorize(login.headers.get('location')!);
  const res = await browser.request('POST', '/api/lti/launch', form(fields), { ...formType, Origin: lms.issuer });
  expect(res.status).toBe(303);
  return { res, browser };
}

async function schoolTeacher(sub: string) {
  const email = `${sub}@${school.domain}`;
  await ctx.database.db.insert(schema.schoolTeacher).values({ schoolId: school.id, email });
  return { sub, name: 'Ms Chen', email, emailVerified: true, roles: [ROLE.instructor] };
}

const learner = (sub: string, name: string) => ({ sub, name, roles: [ROLE.learner] });

/** The course's last member-list read claimed longer ago than the window (LTI_ROSTER_SYNC_MINUTES). */
async function windowPassed(contextId: string) {
  await ctx.database.db
    .update(schema.ltiContext)
    .set({ membersClaimedAt: new Date(Date.now() - (LTI_ROSTER_SYNC_MINUTES + 1) * 60_000) })
    .where(eq(schema.ltiContext.contextId, contextId));
}

async function rosterOf(contextId: string) {
  const rows = await ctx.database.db
    .select({ name: schema.rosterEntry.name, source: schema.rosterEntry.source })
    .from(schema.rosterEntry)
    .innerJoin(schema.ltiContext, eq(schema.ltiContext.classId, schema.rosterEntry.classId))
    .where(and(eq(schema.ltiContext.contextId, contextId), isNull(schema.rosterEntry.removedAt)));
  return rows.map((r) => r.name).sort();
}

describe('Names and Role Provisioning', () => {
  it("puts the course's learners on its class at a launch, and adds and takes off students at the next, following the list's pages", async () => {
    const teacher = await schoolTeacher('nrps-teacher');
    const course = { id: 'nrps-course', title: 'History 9' };
    lms.membersPerPage = 2;
    lms.setMembers(course.id, [learner('s1', 'Ana'), learner('s2', 'Ben'), learner('s3', 'Cy'), teacher]);
    const { browser } = await launch({ user: teacher, context: course });
    await expect.poll(() => rosterOf(course.id), SLOW).toEqual(['Ana', 'Ben', 'Cy']);

    // An assignment given to the course's class: a student who joins the course gets a record of it.
    const [cls] = await ctx.database.db.select().from(schema.ltiContext).where(eq(schema.ltiContext.contextId, course.id));
    const given = await assign(browser, { botId: await ownTutor(browser), title: 'Revolutions', classIds: [cls!.classId] });
    const recordNames = async () =>
      (
        await ctx.database.db
          .select({ name: schema.studentAssignment.name })
          .from(schema.studentAssignment)
          .where(eq(schema.studentAssignment.assignmentId, given.id))
      )
        .map((r) => r.name)
        .sort();
    await expect.poll(recordNames, SLOW).toEqual(['Ana', 'Ben', 'Cy']);

    lms.setMembers(course.id, [learner('s1', 'Ana'), learner('s3', 'Cy'), learner('s4', 'Dee'), teacher]);
    await windowPassed(course.id);
    await launch({ user: learner('s1', 'Ana'), context: course });
    await expect.poll(() => rosterOf(course.id), SLOW).toEqual(['Ana', 'Cy', 'Dee']);
    // Ben keeps his record (his work stays with the teacher); Dee gets one.
    await expect.poll(recordNames, SLOW).toEqual(['Ana', 'Ben', 'Cy', 'Dee']);
    // Each change to the class is in the audit log, by whom and how much: its making, then each sync.
    const audit = await ctx.database.db
      .select({ action: schema.auditLog.action, after: schema.auditLog.after })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, cls!.classId))
      .orderBy(schema.auditLog.at);
    expect(audit.map((a) => [a.action, a.after?.added ?? null, a.after?.removed ?? null])).toEqual([
      ['lti_course.link', null, null],
      ['lti_course.sync', 3, 0],
      ['lti_course.sync', 1, 1],
    ]);
    lms.membersPerPage = 50;
  });

  // Issue 39, item 5: the member list is read beside the launch, once per course in a window, with
  // the platform's token reused; no launch (a student's least of all) waits for it.
  it('answers launches while the member list is still on its way, reads it once for a crowd of launches, and reuses the token', async () => {
    const teacher = await schoolTeacher('bell-teacher');
    const course = { id: 'bell-course', title: 'Period 1' };
    const kids = Array.from({ length: 6 }, (_, i) => learner(`bell-${i}`, `Kid ${i}`));
    lms.setMembers(course.id, [...kids.slice(0, 3), teacher]);
    const reads = lms.memberReads;
    await launch({ user: teacher, context: course });
    await expect.poll(() => rosterOf(course.id), SLOW).toEqual(['Kid 0', 'Kid 1', 'Kid 2']);
    expect(lms.memberReads - reads).toBe(1);
    const tokens = lms.tokensIssued;

    // The bell: the platform's member list is slow, and six students launch at once.
    lms.setMembers(course.id, [...kids, teacher]);
    await windowPassed(course.id);
    const release = lms.holdMembers();
    const launches = await Promise.all(kids.map((kid) => launch({ user: kid, context: course })));
    expect(launches.map((l) => l.res.status)).toEqual(kids.map(() => 303));
    // Every student is in, by their own launch; the one read claimed is still held by the platform.
    expect(await rosterOf(course.id)).toEqual(kids.map((k) => k.name));
    await expect.poll(() => lms.memberReads - reads, SLOW).toBe(2);
    release();
    // The read applied a list that has everyone: nobody taken off, one sync audited per read.
    await expect
      .poll(
        async () => (await ctx.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'lti_course.sync'))).length,
        SLOW,
      )
      .toBeGreaterThan(0);
    expect(await rosterOf(course.id)).toEqual(kids.map((k) => k.name));
    // More launches inside the window read nothing; the second read used the first read's token.
    await launch({ user: kids[0]!, context: course });
    expect(lms.memberReads - reads).toBe(2);
    expect(lms.tokensIssued).toBe(tokens);
  });
});

describe('Assignment and Grade Services', () => {
  it("sends \"I'm done\" and the teacher's review to the course's gradebook, and sends again after the platform failed", async () => {
    const teacherUser = await schoolTeacher('ags-teacher');
    const course = { id: 'ags-course', title: 'Biology' };
    lms.setMembers(course.id, [teacherUser]);
    const picked = await launch({ user: teacherUser, kind: 'deep-link', context: course });
    const teacher = picked.browser;
    const request = new URL(picked.res.headers.get('location')!, TEST_ORIGIN).searchParams.get('request')!;
    const [cls] = await ctx.database.db.select().from(schema.ltiContext).where(eq(schema.ltiContext.contextId, course.id));
    const assignment = await assign(teacher, { botId: await ownTutor(teacher), title: 'Cells', classIds: [cls!.classId] });
    const answer = await teacher.request('POST', '/api/lti/deep-link', form({ request, assignmentId: assignment.id }), formType);
    const jwt = /name="JWT" value="([^"]+)"/.exec(await answer.text())![1]!;
    const [placed] = await lms.acceptDeepLink(jwt);
    expect(placed!.lineItemUrl).toBeDefined();

    const student = await launch({
      user: learner('ags-kid', 'Kim'),
      context: course,
      custom: placed!.custom,
      lineItem: placed!.lineItemUrl,
    });
    const asid = new URL(student.res.headers.get('location')!, TEST_ORIGIN).searchParams.get('open')!;
    expect((await student.browser.json('POST', `/api/my-assignments/${asid}/submit`)).status).toBe(200);
    await expect.poll(() => lms.gradebook(placed!.lineItemUrl!).get('ags-kid')?.activityProgress, SLOW).toBe('Submitted');
    expect(lms.gradebook(placed!.lineItemUrl!).get('ags-kid')).toMatchObject({
      scoreGiven: 1,
      scoreMaximum: 1,
      gradingProgress: 'FullyGraded',
    });

    // The platform is down for the review: the score waits, and goes once it is due again.
    lms.failScores(1);
    const [record] = await ctx.database.db.select().from(schema.studentAssignment).where(eq(schema.studentAssignment.id, asid));
    const reviewed = await teacher.json('PATCH', `/api/assignments/${assignment.id}/students/${asid}`, {
      version: record!.version,
      status: 'completed',
      feedback: 'Clear diagrams.',
    });
    expect(reviewed.status).toBe(200);
    await expect
      .poll(async () => (await ctx.database.db.select().from(schema.ltiScore).where(eq(schema.ltiScore.recordId, asid)))[0]?.lastError)
      .toBe('http_503');
    expect(lms.gradebook(placed!.lineItemUrl!).get('ags-kid')?.activityProgress).toBe('Submitted');
    await ctx.database.db.update(schema.ltiScore).set({ nextAttemptAt: new Date() }).where(eq(schema.ltiScore.recordId, asid));
    expect(await sendDueScores(ctx)).toBe(1);
    expect(lms.gradebook(placed!.lineItemUrl!).get('ags-kid')).toMatchObject({
      activityProgress: 'Completed',
      comment: 'Clear diagrams.',
      scoreGiven: 1,
    });
    const [sent] = await ctx.database.db.select().from(schema.ltiScore).where(eq(schema.ltiScore.recordId, asid));
    expect(sent!.sentAt).not.toBeNull();
    expect(await sendDueScores(ctx)).toBe(0);
  });
});
