import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassSummary, JoinClassResult, RosterList } from '../../../contract/classes';
import { createTestContext, signedIn, type TestContext } from '../../../tests/harness';
import { grantSubscription, revokeSubscription } from '../operator/subscriptions.service';
import { premiumTeacher } from './classes.test-helpers';

// Issue 14, item 6 (docs/product/billing.md#when-premium-ends): when a teacher's plan lapses, roster changes wait for Premium,
// and that includes students joining one of their classes by code.

type ErrorJson = { error: { code: string; message: string } };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('joining by code when the teacher has no Premium any more', () => {
  it('refuses a new student with a plain message and writes nothing; a student already there is still linked', async () => {
    const teacher = await premiumTeacher(ctx, { name: 'Mr Okafor' });
    const made = await teacher.client.json<ClassSummary>('POST', '/api/classes', { name: 'Geography', section: 'P2' });
    const cls = (await teacher.client.json<ClassSummary>('PUT', `/api/classes/${made.body.id}/join-code`, { enabled: true })).body;
    const early = await signedIn(ctx, { role: 'student' });
    expect((await early.client.json<JoinClassResult>('POST', '/api/classes/join', { code: cls.joinCode })).status).toBe(200);

    await revokeSubscription(ctx.database.db, { email: teacher.user.email }, { kind: 'cli' }, ctx.config);
    const late = await signedIn(ctx, { role: 'student' });
    const refused = await late.client.json<ErrorJson>('POST', '/api/classes/join', { code: cls.joinCode });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'class_not_accepting',
      message: "This class can't take new students right now. Ask your teacher.",
    });
    // Neither the class nor the teacher is named to someone who did not get in.
    expect(refused.body.error.message).not.toContain('Geography');
    const rows = await ctx.database.db.query.rosterEntry.findMany({ where: (r, { eq }) => eq(r.classId, cls.id) });
    expect(rows.map((r) => r.email)).toEqual([early.user.email.toLowerCase()]);

    // Someone already on the roster changes nothing by entering the code again.
    const again = await early.client.json<JoinClassResult>('POST', '/api/classes/join', { code: cls.joinCode });
    expect([again.status, again.body.alreadyOnRoster]).toEqual([200, true]);

    // Premium again: the code works as before.
    await grantSubscription(ctx.database.db, { email: teacher.user.email, status: 'active' }, { kind: 'cli' });
    const joined = await late.client.json<JoinClassResult>('POST', '/api/classes/join', { code: cls.joinCode });
    expect([joined.status, joined.body.alreadyOnRoster]).toEqual([200, false]);
    const roster = (await teacher.client.json<RosterList>('GET', `/api/classes/${cls.id}/students`)).body.students;
    expect(roster).toHaveLength(2);
  });
});

describe("the teacher's name in the answer", () => {
  it('is their display name, never an address a name may have been left as', async () => {
    for (const [name, shown] of [
      ['  Ms Rivera ', 'Ms Rivera'],
      ['rivera@school.example.org', 'your teacher'],
    ] as const) {
      const teacher = await premiumTeacher(ctx, { name });
      const made = await teacher.client.json<ClassSummary>('POST', '/api/classes', { name: 'Algebra' });
      const cls = (await teacher.client.json<ClassSummary>('PUT', `/api/classes/${made.body.id}/join-code`, { enabled: true })).body;
      const student = await signedIn(ctx, { role: 'student' });
      const joined = await student.client.json<JoinClassResult>('POST', '/api/classes/join', { code: cls.joinCode });
      expect([joined.status, joined.body.teacherName]).toEqual([200, shown]);
      const again = await student.client.json<JoinClassResult>('POST', '/api/classes/join', { code: cls.joinCode });
      expect(again.body.teacherName).toBe(shown);
      expect(JSON.stringify(joined.body)).not.toContain('@');
    }
  });
});
