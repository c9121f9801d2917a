import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentDetail, AssignmentList, AssignmentSummary, StudentRecord } from '../../../contract/assignments';
import type { ClassSummary } from '../../../contract/classes';
import { schema } from '../../db/client';
import { createTestContext, signedIn, type TestContext } from '../../../tests/harness';
import { testDbKind } from '../../../tests/env';
import { createVia, docBot, tutorBot, type ErrorJson } from '../bots/bots.test-helpers';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { addClassStudentsToOpenAssignments } from './assignments.records';
import { assign, classWith, converse, liveEventsDuring, ownTutor, tutorTemplate } from './assignments.test-helpers';

// The teacher's side of assignments: create from a TutorBot (own, a template copied first, a
// colleague's public one copied), classes and single students merged into one record per address,
// late joiners, edits against a version, close and reopen, delete and Undo, feedback, completion,
// hand back, and the live events each write publishes.
type Client = Awaited<ReturnType<typeof signedIn>>['client'];

let ctx: TestContext;
let teacher: Awaited<ReturnType<typeof signedIn>>;
let client: Client;
let botId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  teacher = await premiumTeacher(ctx, { name: 'Ms Rivera' });
  client = teacher.client;
  botId = await ownTutor(client);
});
afterAll(() => ctx.close());

const emails = (d: AssignmentDetail) => d.students.map((s) => s.email).sort();
const record = (d: AssignmentDetail, email: string) => d.students.find((s) => s.email === email)!;
const detail = async (id: string) => (await client.json<AssignmentDetail>('GET', `/api/assignments/${id}`)).body;
const assignmentCount = async () => (await ctx.database.db.select().from(schema.assignment)).length;
/** Backends of this test's database waiting for a lock now. */
const lockWaiters = async () => {
  const result = (await ctx.database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  )) as { rows: { n: number }[] };
  return result.rows[0]!.n;
};

describe('creating an assignment', () => {
  it('gives whole classes and single students one record per address, and publishes one live event', async () => {
    const a = await classWith(client, 'Algebra', [
      ['ada@example.org', 'Ada'],
      ['bob@example.org', 'Bob'],
    ]);
    const b = await classWith(client, 'Biology', [
      ['bob@example.org', 'Bob B'],
      ['cy@example.org', 'Cy'],
    ]);
    const c = await classWith(client, 'Chemistry', [['dee@example.org', 'Dee']]);
    let created!: AssignmentDetail;
    const events = await liveEventsDuring(ctx, async () => {
      created = await assign(client, {
        botId,
        title: '  Fractions week  ',
        instructions: 'Work through the quiz.',
        dueAt: '2030-01-31T23:59:59+01:00',
        messageBudget: 20,
        classIds: [a.id, b.id, a.id],
        studentIds: [c.entries['dee@example.org']!, b.entries['bob@example.org']!],
      });
    });
    expect(created).toMatchObject({
      title: 'Fractions week',
      instructions: 'Work through the quiz.',
      dueAt: '2030-01-31T22:59:59.000Z',
      messageBudget: 20,
      status: 'open',
      closedAt: null,
      bot: { id: botId, name: 'Fractions tutor', deleted: false },
      counts: { assigned: 4, in_progress: 0, submitted: 0, completed: 0, total: 4 },
      flags: 0,
      version: 1,
    });
    expect(created.classes.map((k) => k.name)).toEqual(['Algebra', 'Biology']);
    expect(emails(created)).toEqual(['ada@example.org', 'bob@example.org', 'cy@example.org', 'dee@example.org']);
    // Bob is on Algebra and Biology, and named singly too: one record, through the first class given.
    expect(record(created, 'bob@example.org')).toMatchObject({
      name: 'Bob',
      className: 'Algebra',
      rosterEntryId: a.entries['bob@example.org'],
    });
    expect(record(created, 'dee@example.org')).toMatchObject({
      className: 'Chemistry',
      onRoster: true,
      status: 'assigned',
      late: false,
      hasTranscript: false,
      trophies: 0,
      flags: 0,
      feedback: '',
      version: 1,
    });
    expect(events).toEqual([
      {
        teacherId: teacher.user.id,
        event: { type: 'assignment.updated', assignmentId: created.id, studentAssignmentId: created.id },
      },
    ]);

    const list = (await client.json<AssignmentList>('GET', '/api/assignments')).body.assignments;
    expect(list[0]).toMatchObject({ id: created.id, counts: { total: 4 } });
    expect(await detail(created.id)).toEqual(created);
  });

  it('lists the newest first', async () => {
    const k = await classWith(client, 'Order', [['o@example.org', 'O']]);
    const first = await assign(client, { botId, title: 'First', classIds: [k.id] });
    const second = await assign(client, { botId, title: 'Second', classIds: [k.id] });
    const ids = (await client.json<AssignmentList>('GET', '/api/assignments')).body.assignments.map((x) => x.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
  });

  it('copies a TutorBot template to the teacher first, under its own name', async () => {
    const template = await tutorTemplate(ctx);
    const k = await classWith(client, 'Templates', [['t@example.org', 'T']]);
    const created = await assign(client, { botId: template.id, title: 'From a template', classIds: [k.id] });
    expect(created.bot.id).not.toBe(template.id);
    expect(created.bot.name).toBe(template.name);
    const [copy] = await ctx.database.db.select().from(schema.bot).where(eq(schema.bot.id, created.bot.id));
    expect(copy).toMatchObject({
      ownerId: teacher.user.id,
      copiedFrom: template.id,
      kind: 'TutorBot',
      visibility: 'private',
      templateKey: null,
    });
  });

  it("copies a colleague's public TutorBot, and refuses a private one, a DocBot and an unknown bot on botId", async () => {
    const colleague = await premiumTeacher(ctx);
    const shared = await createVia(colleague.client, { ...tutorBot({ name: 'Shared tutor' }), visibility: 'public' });
    const hidden = await createVia(colleague.client, tutorBot({ name: 'Hidden tutor' }));
    const doc = await createVia(client, docBot());
    const k = await classWith(client, 'Bots', [['b@example.org', 'B']]);

    const copied = await assign(client, { botId: shared.id, title: 'Shared', classIds: [k.id] });
    expect(copied.bot).toMatchObject({ name: 'Shared tutor' });
    expect(copied.bot.id).not.toBe(shared.id);

    const before = await assignmentCount();
    for (const [id, message] of [
      [hidden.id, /one of your TutorBots/],
      [doc.id, /use a TutorBot/],
      ['00000000-0000-4000-8000-000000000000', /one of your TutorBots/],
    ] as const) {
      const res = await client.json<ErrorJson>('POST', '/api/assignments', { botId: id, title: 'No', classIds: [k.id] });
      expect(res.status).toBe(422);
      expect(res.body.error.fields?.botId).toMatch(message);
    }
    expect(await assignmentCount()).toBe(before);
  });

  it("refuses another teacher's class, a removed student and an empty target list, naming the field; nothing is written", async () => {
    const other = await premiumTeacher(ctx);
    const theirs = await classWith(other.client, 'Theirs', [['x@example.org', 'X']]);
    const mine = await classWith(client, 'Mine', [
      ['gone@example.org', 'Gone'],
      ['here@example.org', 'Here'],
    ]);
    await client.request('DELETE', `/api/classes/${mine.id}/students/${mine.entries['gone@example.org']}`);
    const before = await assignmentCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ classIds: [theirs.id] }, 'classIds'],
      [{ studentIds: [theirs.entries['x@example.org']] }, 'studentIds'],
      [{ studentIds: [mine.entries['gone@example.org']] }, 'studentIds'],
      [{ classIds: [mine.id], studentIds: ['00000000-0000-4000-8000-000000000000'] }, 'studentIds'],
      [{}, 'classIds'],
    ];
    for (const [targets, field] of cases) {
      const res = await client.json<ErrorJson>('POST', '/api/assignments', { botId, title: 'No', ...targets });
      expect([res.status, Object.keys(res.body.error.fields ?? {})]).toEqual([422, [field]]);
    }
    expect(await assignmentCount()).toBe(before);
  });
});

describe('a double submit', () => {
  it('with one idempotency key makes one assignment: the repeat answers it with 200, at once or racing', async () => {
    const k = await classWith(client, 'Idempotent', [['ida@example.org', 'Ida']]);
    const input = { botId, title: 'Once only', classIds: [k.id], idempotencyKey: 'new-assignment-1234' };
    const before = await assignmentCount();
    const first = await client.json<AssignmentDetail>('POST', '/api/assignments', input);
    const again = await client.json<AssignmentDetail>('POST', '/api/assignments', input);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toEqual(first.body);
    // Two at once, as a double click sends them.
    const raced = await Promise.all(
      [1, 2].map(() => client.json<AssignmentDetail>('POST', '/api/assignments', { ...input, idempotencyKey: 'new-assignment-5678' })),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(raced[0]!.body.id).toBe(raced[1]!.body.id);
    expect(await assignmentCount()).toBe(before + 2);
    expect(
      (await ctx.database.db.select().from(schema.studentAssignment).where(eq(schema.studentAssignment.assignmentId, first.body.id)))
        .length,
    ).toBe(1);
    // Another teacher's same key is their own; a bad key is a 422 that writes nothing.
    const other = await premiumTeacher(ctx);
    const theirs = await classWith(other.client, 'Theirs', [['ida@example.org', 'Ida']]);
    const mine = await other.client.json<AssignmentDetail>('POST', '/api/assignments', {
      ...input,
      botId: await ownTutor(other.client),
      classIds: [theirs.id],
    });
    expect([mine.status, mine.body.id === first.body.id]).toEqual([201, false]);
    for (const idempotencyKey of ['short', 'x'.repeat(101), 'has spaces in it', 12345678]) {
      const bad = await client.json<ErrorJson>('POST', '/api/assignments', { ...input, idempotencyKey });
      expect([idempotencyKey, bad.status, Object.keys(bad.body.error.fields ?? {})]).toEqual([idempotencyKey, 422, ['idempotencyKey']]);
    }
    expect(await assignmentCount()).toBe(before + 3);
    // The repeat of a deleted one says so rather than making another.
    expect((await client.request('DELETE', `/api/assignments/${first.body.id}`)).status).toBe(200);
    expect((await client.json<ErrorJson>('POST', '/api/assignments', input)).status).toBe(409);
    expect(await assignmentCount()).toBe(before + 3);
  });
});

describe('students who join a class later', () => {
  it('get records on the open assignments given to that whole class, by add, import and join code', async () => {
    const k = await classWith(client, 'Late joiners', [['first@example.org', 'First']]);
    const single = await classWith(client, 'Singles', [['solo@example.org', 'Solo']]);
    const open = await assign(client, { botId, title: 'Open', classIds: [k.id] });
    const closed = await assign(client, { botId, title: 'Closed', classIds: [k.id] });
    await client.post(`/api/assignments/${closed.id}/close`);
    const singly = await assign(client, { botId, title: 'Singly', studentIds: [single.entries['solo@example.org']!] });

    const events = await liveEventsDuring(ctx, () =>
      client.json('POST', `/api/classes/${k.id}/students`, { students: [{ email: 'added@example.org', name: 'Added' }] }),
    );
    expect(events.map((e) => e.event)).toEqual([{ type: 'assignment.updated', assignmentId: open.id, studentAssignmentId: open.id }]);

    const imported = await client.json('POST', '/api/classes/import', {
      classId: k.id,
      rows: [{ line: 2, email: 'imported@example.org', name: 'Imported', className: null, period: null }],
    });
    expect(imported.status).toBe(201);

    const code = (await client.json<ClassSummary>('PUT', `/api/classes/${k.id}/join-code`, { enabled: true })).body.joinCode!;
    const joiner = await signedIn(ctx, { role: 'student', email: 'joiner@example.org', name: 'Joiner' });
    expect((await joiner.client.json('POST', '/api/classes/join', { code })).status).toBe(200);

    expect(emails(await detail(open.id))).toEqual(['added@example.org', 'first@example.org', 'imported@example.org', 'joiner@example.org']);
    expect(record(await detail(open.id), 'joiner@example.org')).toMatchObject({ name: 'Joiner', className: 'Late joiners' });
    expect(emails(await detail(closed.id))).toEqual(['first@example.org']);
    expect(emails(await detail(singly.id))).toEqual(['solo@example.org']);

    // Reopening catches up with the students who joined while it was closed.
    const reopened = (await client.json<AssignmentDetail>('POST', `/api/assignments/${closed.id}/reopen`)).body;
    expect(emails(reopened)).toEqual(emails(await detail(open.id)));
  });
});

describe('students added while an assignment is being made', () => {
  it('all get records, whichever commits first', async () => {
    const k = await classWith(client, 'Race', [['r0@example.org', 'R0']]);
    const adds = Array.from({ length: 4 }, (_, i) =>
      client.json('POST', `/api/classes/${k.id}/students`, { students: [{ email: `race${i}@example.org`, name: `Race ${i}` }] }),
    );
    const [created] = await Promise.all([assign(client, { botId, title: 'Race', classIds: [k.id] }), ...adds]);
    const roster = (await client.json<{ students: { email: string }[] }>('GET', `/api/classes/${k.id}/students`)).body.students;
    expect(emails(await detail(created.id))).toEqual(roster.map((x) => x.email).sort());
    expect(roster).toHaveLength(5);
  });

  // PGlite is one connection: concurrent transactions only interleave on PostgreSQL.
  it.skipIf(testDbKind() !== 'postgres')(
    'PostgreSQL only: an edit naming a class again while a student joins it neither deadlocks nor loses the joiner',
    async () => {
      const k = await classWith(client, 'Deadlock A', [['d0@example.org', 'D0']]);
      const more = await classWith(client, 'Deadlock B', [['d1@example.org', 'D1']]);
      const created = await assign(client, { botId, title: 'Deadlock', classIds: [k.id] });
      const db = ctx.database.db;
      let patch!: Promise<{ status: number; body: AssignmentDetail }>;
      let settled = false;
      await db.transaction(async (tx) => {
        // A join in progress: it holds the class row, as joinClass and addStudents do.
        await tx.select({ id: schema.teacherClass.id }).from(schema.teacherClass).where(eq(schema.teacherClass.id, k.id)).for('update');
        patch = client.json<AssignmentDetail>('PATCH', `/api/assignments/${created.id}`, {
          version: created.version,
          title: 'Deadlock, renamed',
          addClassIds: [k.id, more.id],
        });
        void patch.finally(() => (settled = true));
        // Until the edit has finished or waits on a lock (the class row, in the old order).
        await expect.poll(async () => settled || (await lockWaiters()) > 0, { timeout: 5000 }).toBe(true);
        // The join then stores the student and gives them a record of the open assignment.
        const [entry] = await tx
          .insert(schema.rosterEntry)
          .values({ classId: k.id, email: 'd-joiner@example.org', name: 'Joiner' })
          .returning();
        await addClassStudentsToOpenAssignments(tx, k.id, [entry!]);
      });
      const res = await patch;
      expect(res.status).toBe(200);
      const after = await detail(created.id);
      expect(after.title).toBe('Deadlock, renamed');
      expect(after.classes.map((c) => c.name)).toEqual(['Deadlock A', 'Deadlock B']);
      expect(emails(after)).toEqual(['d-joiner@example.org', 'd0@example.org', 'd1@example.org']);
    },
  );
});

describe('editing', () => {
  it('saves against the version, 409 when stale, and adds classes and students without removing anyone', async () => {
    const k = await classWith(client, 'Edit A', [['e1@example.org', 'E1']]);
    const more = await classWith(client, 'Edit B', [
      ['e1@example.org', 'E1 again'],
      ['e2@example.org', 'E2'],
    ]);
    const extra = await classWith(client, 'Edit C', [['e3@example.org', 'E3']]);
    const created = await assign(client, { botId, title: 'Draft', classIds: [k.id] });

    const saved = await client.json<AssignmentDetail>('PATCH', `/api/assignments/${created.id}`, {
      version: 1,
      title: 'Final',
      instructions: '',
      dueAt: '2001-01-01T00:00:00Z',
      messageBudget: null,
      addClassIds: [more.id],
      addStudentIds: [extra.entries['e3@example.org']],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      title: 'Final',
      instructions: '',
      dueAt: '2001-01-01T00:00:00.000Z',
      messageBudget: null,
      version: 2,
    });
    expect(saved.body.classes.map((c) => c.name)).toEqual(['Edit A', 'Edit B']);
    expect(emails(saved.body)).toEqual(['e1@example.org', 'e2@example.org', 'e3@example.org']);
    expect(record(saved.body, 'e1@example.org')).toMatchObject({ name: 'E1', className: 'Edit A' });
    // Past the due date and not handed in: late.
    expect(saved.body.students.every((s) => s.late)).toBe(true);

    const stale = await client.json<ErrorJson>('PATCH', `/api/assignments/${created.id}`, { version: 1, title: 'Lost' });
    expect([stale.status, stale.body.error.code]).toEqual([409, 'conflict']);
    expect((await detail(created.id)).title).toBe('Final');

    const bad = await client.json<ErrorJson>('PATCH', `/api/assignments/${created.id}`, { version: 2, title: '' });
    expect([bad.status, Object.keys(bad.body.error.fields ?? {})]).toEqual([422, ['title']]);
  });
});

describe('close, reopen, delete and Undo', () => {
  it('closes and reopens without changing the version', async () => {
    const k = await classWith(client, 'Close', [['c@example.org', 'C']]);
    const created = await assign(client, { botId, title: 'Closing', classIds: [k.id] });
    const closed = (await client.json<AssignmentDetail>('POST', `/api/assignments/${created.id}/close`)).body;
    expect(closed).toMatchObject({ status: 'closed', version: 1 });
    expect(closed.closedAt).not.toBeNull();
    const again = (await client.json<AssignmentDetail>('POST', `/api/assignments/${created.id}/close`, {})).body;
    expect(again.closedAt).toBe(closed.closedAt);
    const reopened = (await client.json<AssignmentDetail>('POST', `/api/assignments/${created.id}/reopen`)).body;
    expect(reopened).toMatchObject({ status: 'open', closedAt: null, version: 1 });
  });

  it('deletes out of sight (list, page, edits) and restores with Undo', async () => {
    const k = await classWith(client, 'Delete', [['d@example.org', 'D']]);
    const created = await assign(client, { botId, title: 'Doomed', classIds: [k.id] });
    const deleted = await client.json<AssignmentSummary>('DELETE', `/api/assignments/${created.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: created.id, title: 'Doomed' });

    const listed = (await client.json<AssignmentList>('GET', '/api/assignments')).body.assignments.map((x) => x.id);
    expect(listed).not.toContain(created.id);
    for (const [method, url, body] of [
      ['GET', `/api/assignments/${created.id}`],
      ['PATCH', `/api/assignments/${created.id}`, { version: 1, title: 'x' }],
      ['POST', `/api/assignments/${created.id}/close`],
      ['DELETE', `/api/assignments/${created.id}`],
      ['PATCH', `/api/assignments/${created.id}/students/${created.students[0]!.id}`, { version: 1, feedback: 'x' }],
      ['GET', `/api/assignments/${created.id}/students/${created.students[0]!.id}/transcript`],
    ] as const) {
      expect([url, (await client.request(method, url, body)).status]).toEqual([url, 404]);
    }

    // A student who joins meanwhile gets a record when it comes back.
    await client.json('POST', `/api/classes/${k.id}/students`, { students: [{ email: 'meanwhile@example.org', name: 'M' }] });
    const restored = await client.json<AssignmentDetail>('POST', `/api/assignments/${created.id}/restore`);
    expect(restored.status).toBe(200);
    expect(emails(restored.body)).toEqual(['d@example.org', 'meanwhile@example.org']);
    expect((await client.json<AssignmentList>('GET', '/api/assignments')).body.assignments.map((x) => x.id)).toContain(created.id);
    // Restoring one that is not deleted changes nothing.
    expect((await client.json<AssignmentDetail>('POST', `/api/assignments/${created.id}/restore`)).body).toEqual(await detail(created.id));
  });

  it('shows a bot deleted since as deleted', async () => {
    const bot = await ownTutor(client, 'Soon gone');
    const k = await classWith(client, 'Bot gone', [['g@example.org', 'G']]);
    const created = await assign(client, { botId: bot, title: 'Bot', classIds: [k.id] });
    await client.request('DELETE', `/api/bots/${bot}`);
    expect((await detail(created.id)).bot).toMatchObject({ id: bot, deleted: true });
  });
});

describe("a student's record", () => {
  it('takes feedback, is marked completed and handed back, against its version, with one live event naming it', async () => {
    const k = await classWith(client, 'Records', [
      ['r1@example.org', 'R1'],
      ['r2@example.org', 'R2'],
    ]);
    const created = await assign(client, { botId, title: 'Records', classIds: [k.id] });
    const r1 = record(created, 'r1@example.org');
    const student = await signedIn(ctx, { role: 'student', email: 'r1@example.org' });
    await converse(ctx, r1.id, student.user.id, ['Hi', 'Hello!']);
    await ctx.database.db
      .update(schema.studentAssignment)
      .set({ status: 'submitted', submittedAt: new Date(), version: 2 })
      .where(eq(schema.studentAssignment.id, r1.id));
    const url = `/api/assignments/${created.id}/students/${r1.id}`;

    let done!: StudentRecord;
    const events = await liveEventsDuring(ctx, async () => {
      const res = await client.json<StudentRecord>('PATCH', url, { version: 2, feedback: '  Well argued.  ', status: 'completed' });
      expect(res.status).toBe(200);
      done = res.body;
    });
    expect(done).toMatchObject({ status: 'completed', feedback: 'Well argued.', version: 3, hasTranscript: true });
    expect(done.feedbackAt).not.toBeNull();
    expect(done.completedAt).not.toBeNull();
    expect(events.map((e) => e.event)).toEqual([{ type: 'assignment.updated', assignmentId: created.id, studentAssignmentId: r1.id }]);

    const stale = await client.json<ErrorJson>('PATCH', url, { version: 2, status: 'in_progress' });
    expect([stale.status, stale.body.error.code]).toEqual([409, 'conflict']);

    const back = (await client.json<StudentRecord>('PATCH', url, { version: 3, status: 'in_progress' })).body;
    expect(back).toMatchObject({ status: 'in_progress', submittedAt: null, completedAt: null, feedback: 'Well argued.', version: 4 });
    expect(back.feedbackAt).toBe(done.feedbackAt);

    const cleared = (await client.json<StudentRecord>('PATCH', url, { version: 4, feedback: '' })).body;
    expect(cleared).toMatchObject({ feedback: '', feedbackAt: null });

    // A record never started goes back to assigned.
    const r2 = record(created, 'r2@example.org');
    const r2url = `/api/assignments/${created.id}/students/${r2.id}`;
    expect((await client.json<StudentRecord>('PATCH', r2url, { version: 1, status: 'completed' })).body.status).toBe('completed');
    expect((await client.json<StudentRecord>('PATCH', r2url, { version: 2, status: 'in_progress' })).body.status).toBe('assigned');

    const nothing = await client.json<ErrorJson>('PATCH', r2url, { version: 3 });
    expect(nothing.status).toBe(422);
    const other = await assign(client, { botId, title: 'Other', classIds: [k.id] });
    expect((await client.request('PATCH', `/api/assignments/${other.id}/students/${r1.id}`, { version: 4, feedback: 'x' })).status).toBe(
      404,
    );

    const counts = (await detail(created.id)).counts;
    expect(counts).toEqual({ assigned: 1, in_progress: 1, submitted: 0, completed: 0, total: 2 });
  });

  it("counts the records' unreviewed safety flags, per record and per assignment", async () => {
    const k = await classWith(client, 'Flags', [['f@example.org', 'F']]);
    const created = await assign(client, { botId, title: 'Flags', classIds: [k.id] });
    const student = await signedIn(ctx, { role: 'student', email: 'f@example.org' });
    const conversationId = await converse(ctx, created.students[0]!.id, student.user.id, ['Hi', 'Hello']);
    await ctx.database.db.insert(schema.safetyFlag).values(
      ['violence', 'bullying', 'sexual'].map((category) => ({
        conversationId,
        studentAssignmentId: created.students[0]!.id,
        studentId: student.user.id,
        teacherId: teacher.user.id,
        category,
        source: 'input' as const,
        // A reviewed flag no longer asks for the teacher's attention: it is not counted.
        reviewedAt: category === 'sexual' ? new Date() : null,
      })),
    );
    const d = await detail(created.id);
    expect([d.flags, d.students[0]!.flags, d.students[0]!.status]).toEqual([2, 2, 'in_progress']);
    const listed = (await client.json<AssignmentList>('GET', '/api/assignments')).body.assignments.find((x) => x.id === created.id);
    expect(listed?.flags).toBe(2);
  });

  it('shows a student taken off every roster as off the roster', async () => {
    const k = await classWith(client, 'Roster', [['off@example.org', 'Off']]);
    const created = await assign(client, { botId, title: 'Roster', classIds: [k.id] });
    await client.request('DELETE', `/api/classes/${k.id}/students/${k.entries['off@example.org']}`);
    expect(record(await detail(created.id), 'off@example.org')).toMatchObject({ onRoster: false, className: 'Roster' });
    await client.request('DELETE', `/api/classes/${k.id}`);
    expect(record(await detail(created.id), 'off@example.org')).toMatchObject({ onRoster: false, className: null, rosterEntryId: null });
  });
});
