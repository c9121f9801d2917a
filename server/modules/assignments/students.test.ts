import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudentPage } from '../../../contract/assignments';
import { schema } from '../../db/client';
import { createTestContext, signedIn, type TestContext } from '../../../tests/harness';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { assign, classWith, converse, ownTutor } from './assignments.test-helpers';

// A teacher's page of one student: found by any roster entry of theirs (a removed one too), it
// lists the classes that have the address now, the student's records on the teacher's assignments
// (deleted ones left out), and their activity, messages and flags added up.
let ctx: TestContext;
let teacher: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await createTestContext();
  teacher = await premiumTeacher(ctx);
});
afterAll(() => ctx.close());

describe('the student page', () => {
  it("gathers the student's classes, records, activity and flags across the teacher's classes", async () => {
    const client = teacher.client;
    const botId = await ownTutor(client);
    const algebra = await classWith(client, 'Algebra', [
      ['kim@example.org', 'Kim'],
      ['lee@example.org', 'Lee'],
    ]);
    const biology = await classWith(client, 'Biology', [['kim@example.org', 'Kim B']]);
    const old = await classWith(client, 'Old', [['kim@example.org', 'Kim O']]);
    const oldEntry = old.entries['kim@example.org']!;
    await client.request('DELETE', `/api/classes/${old.id}/students/${oldEntry}`);

    const first = await assign(client, { botId, title: 'First', dueAt: '2001-01-01T00:00:00Z', classIds: [algebra.id] });
    const second = await assign(client, { botId, title: 'Second', classIds: [biology.id] });
    const gone = await assign(client, { botId, title: 'Gone', classIds: [algebra.id] });
    await client.request('DELETE', `/api/assignments/${gone.id}`);
    // Another teacher's assignment to the same address is not this teacher's business.
    const other = await premiumTeacher(ctx);
    const theirs = await classWith(other.client, 'Theirs', [['kim@example.org', 'Kim T']]);
    await assign(other.client, { botId: await ownTutor(other.client), title: 'Theirs', classIds: [theirs.id] });

    const kim = await signedIn(ctx, { role: 'student', email: 'kim@example.org' });
    const kimFirst = first.students.find((s) => s.email === 'kim@example.org')!;
    const conversationId = await converse(ctx, kimFirst.id, kim.user.id, ['a', 'b', 'c', 'd']);
    const when = new Date('2029-05-01T10:00:00Z');
    await ctx.database.db.update(schema.studentAssignment).set({ lastActiveAt: when }).where(eq(schema.studentAssignment.id, kimFirst.id));
    // Two flags on the record, one of them reviewed: the page counts the one still to act on.
    await ctx.database.db.insert(schema.safetyFlag).values(
      [null, new Date()].map((reviewedAt) => ({
        conversationId,
        studentAssignmentId: kimFirst.id,
        studentId: kim.user.id,
        teacherId: teacher.user.id,
        category: 'bullying',
        source: 'input' as const,
        reviewedAt,
      })),
    );

    for (const entryId of [algebra.entries['kim@example.org']!, oldEntry]) {
      const res = await client.json<StudentPage>('GET', `/api/students/${entryId}`);
      expect(res.status).toBe(200);
      // Kim signed in after being rostered, which linked the current entries to the account.
      expect(res.body.student).toMatchObject({ email: 'kim@example.org', linked: true });
      expect(res.body.classes).toEqual([
        { id: algebra.id, name: 'Algebra', section: null, entryId: algebra.entries['kim@example.org'] },
        { id: biology.id, name: 'Biology', section: null, entryId: biology.entries['kim@example.org'] },
      ]);
      expect(res.body.assignments).toEqual([
        {
          assignmentId: second.id,
          recordId: second.students[0]!.id,
          title: 'Second',
          dueAt: null,
          status: 'assigned',
          late: false,
          lastActiveAt: null,
          messageCount: 0,
          hasTranscript: false,
          flags: 0,
        },
        {
          assignmentId: first.id,
          recordId: kimFirst.id,
          title: 'First',
          dueAt: '2001-01-01T00:00:00.000Z',
          status: 'in_progress',
          late: true,
          lastActiveAt: when.toISOString(),
          messageCount: 2,
          hasTranscript: true,
          flags: 1,
        },
      ]);
      expect(res.body).toMatchObject({ lastActiveAt: when.toISOString(), messageCount: 2, trophies: 0, flags: 1 });
    }
  });

  it("answers 404 for another teacher's entry and an unknown or malformed id", async () => {
    const other = await premiumTeacher(ctx);
    const theirs = await classWith(other.client, 'Theirs', [['x@example.org', 'X']]);
    for (const id of [theirs.entries['x@example.org']!, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await teacher.client.json<{ error: { code: string } }>('GET', `/api/students/${id}`);
      expect([id, res.status, res.body.error.code]).toEqual([id, 404, 'not_found']);
    }
  });
});
