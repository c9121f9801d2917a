import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AddStudentsResult, ClassSummary, ImportRosterResult, JoinClassResult, RosterList } from '../../../contract/classes';
import type { StudentPage } from '../../../contract/assignments';
import { schema } from '../../db/client';
import { buildUser, createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { ROSTER_ADD_RULE } from './classes.roster-limit';
import { premiumTeacher } from './classes.test-helpers';

// Issue 25, item 5: a roster's `linked` told a premium teacher, for any address they typed (500 a
// request, without limit), whether it had an account. Now it says only that the student came in
// since being added (joined with the code, or signed in after the teacher added them), and a
// teacher adds at most ROSTER_ADD_RULE.max students a day.

type ErrorJson = { error: { code: string; message: string } };

let ctx: TestContext;
let teacher: Awaited<ReturnType<typeof premiumTeacher>>;
beforeAll(async () => {
  ctx = await createTestContext();
  teacher = await premiumTeacher(ctx);
});
afterAll(() => ctx.close());

async function newClass(name: string, by = teacher) {
  return (await by.client.json<ClassSummary>('POST', '/api/classes', { name })).body;
}
const roster = async (classId: string) =>
  (await teacher.client.json<RosterList>('GET', `/api/classes/${classId}/students`)).body.students.map((s) => [s.name, s.linked]);

describe('what `linked` tells the teacher', () => {
  it('does not tell whether an added address has an account, until the student signs in; the entry is linked all the same', async () => {
    const kim = await buildUser(ctx, { role: 'student', email: 'kim-linked@example.org' });
    const c = await newClass('Art');
    const added = await teacher.client.json<AddStudentsResult>('POST', `/api/classes/${c.id}/students`, {
      students: [
        { email: kim.email, name: 'Kim' },
        { email: 'nobody-linked@example.org', name: 'Nobody' },
      ],
    });
    expect(added.status).toBe(201);
    expect(added.body.added.map((s) => [s.name, s.linked])).toEqual([
      ['Kim', false],
      ['Nobody', false],
    ]);
    expect(await roster(c.id)).toEqual([
      ['Kim', false],
      ['Nobody', false],
    ]);
    const kimEntry = added.body.added.find((s) => s.name === 'Kim')!;
    const page = await teacher.client.json<StudentPage>('GET', `/api/students/${kimEntry.id}`);
    expect(page.body.student.linked).toBe(false);
    // Linked in the database, so the class's assignments reach Kim at once.
    const [row] = await ctx.database.db.select().from(schema.rosterEntry).where(eq(schema.rosterEntry.id, kimEntry.id));
    expect(row!.userId).toBe(kim.id);

    // Kim signs in: now the teacher sees it.
    await new TestClient(ctx).signIn(kim.email);
    expect(await roster(c.id)).toEqual([
      ['Kim', true],
      ['Nobody', false],
    ]);
    expect((await teacher.client.json<StudentPage>('GET', `/api/students/${kimEntry.id}`)).body.student.linked).toBe(true);
  });

  it('shows a student already on the roster who enters the class code as signed in', async () => {
    const ben = await signedIn(ctx, { role: 'student', email: 'ben-linked@example.org' });
    const c = await newClass('Music');
    await teacher.client.json('POST', `/api/classes/${c.id}/students`, { students: [{ email: ben.user.email, name: 'Ben' }] });
    expect(await roster(c.id)).toEqual([['Ben', false]]);
    const code = (await teacher.client.json<ClassSummary>('PUT', `/api/classes/${c.id}/join-code`, { enabled: true })).body.joinCode;
    const joined = await ben.client.json<JoinClassResult>('POST', '/api/classes/join', { code });
    expect(joined.body.alreadyOnRoster).toBe(true);
    expect(await roster(c.id)).toEqual([['Ben', true]]);
  });

  it('says nothing of accounts in an import either', async () => {
    await buildUser(ctx, { role: 'student', email: 'cleo-linked@example.org' });
    const c = await newClass('Drama');
    const res = await teacher.client.json<ImportRosterResult>('POST', '/api/classes/import', {
      rows: [{ line: 2, email: 'cleo-linked@example.org', name: 'Cleo', className: null, period: null }],
      classId: c.id,
    });
    expect(res.body.added).toBe(1);
    expect(await roster(c.id)).toEqual([['Cleo', false]]);
  });
});

describe('the daily bound on new roster entries', () => {
  it('refuses (429, nothing written) an add or import past the day’s room, and counts only what was added', async () => {
    const t = await premiumTeacher(ctx);
    const c = await newClass('Latin', t);
    const key = `classes/roster-add:user:${t.user.id}`;
    await ctx.database.db.insert(schema.rateLimit).values({ key, windowStart: Date.now(), count: ROSTER_ADD_RULE.max - 1 });
    const two = [
      { email: 'l1@example.org', name: 'L1' },
      { email: 'l2@example.org', name: 'L2' },
    ];
    const refused = await t.client.json<ErrorJson>('POST', `/api/classes/${c.id}/students`, { students: two });
    expect([refused.status, refused.body.error.code]).toEqual([429, 'rate_limited']);
    expect(refused.body.error.message).toMatch(/Add these in \d+ hours?/);
    const imported = await t.client.json<ErrorJson>('POST', '/api/classes/import', {
      rows: two.map((s, i) => ({ line: i + 2, email: s.email, name: s.name, className: null, period: null })),
      classId: c.id,
    });
    expect(imported.status).toBe(429);
    // A preview writes nothing and is not bounded.
    const preview = await t.client.request('POST', '/api/classes/import', {
      rows: two.map((s, i) => ({ line: i + 2, email: s.email, name: s.name, className: null, period: null })),
      classId: c.id,
      dryRun: true,
    });
    expect(preview.status).toBe(200);
    expect(await ctx.database.db.select().from(schema.rosterEntry).where(eq(schema.rosterEntry.classId, c.id))).toEqual([]);
    // One fits; an address already there costs nothing.
    expect((await t.client.json('POST', `/api/classes/${c.id}/students`, { students: [two[0]] })).status).toBe(201);
    const [counter] = await ctx.database.db.select().from(schema.rateLimit).where(eq(schema.rateLimit.key, key));
    expect(counter!.count).toBe(ROSTER_ADD_RULE.max);
    // Another teacher has their own day.
    const other = await newClass('Greek');
    expect((await teacher.client.json('POST', `/api/classes/${other.id}/students`, { students: two })).status).toBe(201);
  });

  it('reserves the room and writes in one step: three pastes of 500 at once with room for 1,000 add 1,000 (issue 39, item 2)', async () => {
    const t = await premiumTeacher(ctx);
    const c = await newClass('Music', t);
    const key = `classes/roster-add:user:${t.user.id}`;
    await ctx.database.db.insert(schema.rateLimit).values({ key, windowStart: Date.now(), count: ROSTER_ADD_RULE.max - 1000 });
    const list = (n: number) => Array.from({ length: 500 }, (_, i) => `s${n}-${i}@room.test`).join('\n');
    const answers = await Promise.all(
      [1, 2, 3].map((n) => t.client.request('POST', `/api/classes/${c.id}/students/paste`, { text: list(n) })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 429]);
    expect(await ctx.database.db.select().from(schema.rosterEntry).where(eq(schema.rosterEntry.classId, c.id))).toHaveLength(1000);
    const [counter] = await ctx.database.db.select().from(schema.rateLimit).where(eq(schema.rateLimit.key, key));
    expect(counter!.count).toBe(ROSTER_ADD_RULE.max);
  });
});
