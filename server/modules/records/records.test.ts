import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudentDataDeleted } from '../../../contract/records';
import { schema } from '../../db/client';
import { createTestContext, type TestContext } from '../../../tests/harness';
import { downloadRecord, recordsWorld, type RecordsWorld } from './records.test-helpers';

// The student's record: the teacher exports and deletes what they hold of one address (only theirs,
// nothing of another student); a school's admin does the same across the school's teachers (and
// no other school's). The zip holds record.json and a self-contained, escaped record.html.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const deletions = (studentId: string) =>
  db()
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.action, 'student_data.delete'), eq(schema.auditLog.subjectUserId, studentId)));

describe("the teacher's export", () => {
  let w: RecordsWorld;
  beforeAll(async () => {
    w = await recordsWorld(ctx);
  });

  it('is one zip of record.json and record.html, named for download, with no store', async () => {
    const { res, names } = await downloadRecord(w.a.client, `/api/students/${w.kimEntry}/export`);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="student-record-Kim-Park-\d{4}-\d{2}-\d{2}\.zip"; filename\*=UTF-8''/,
    );
    expect(names).toEqual(['record.html', 'record.json']);
  });

  it("holds the profile, classes, every assignment with its full transcript (a held reply's status without its text), flags and trophies, and nothing of another student's or teacher's", async () => {
    const { json, html, raw } = await downloadRecord(w.a.client, `/api/students/${w.kimEntry}/export`);
    expect(json.scope).toEqual({ kind: 'teacher', name: w.a.user.name });
    expect(json.student).toEqual({ email: w.kimEmail, names: ['Kim <Park>'], linked: true });
    expect(json.classes).toEqual([expect.objectContaining({ name: 'Period 3 Math', section: null, removedAt: null })]);
    expect(json.assignments.map((x) => [x.title, x.assignmentState, x.status])).toEqual([
      ['Fractions', 'open', 'in_progress'],
      ['Decimals', 'open', 'assigned'],
    ]);
    const [fractions, decimals] = json.assignments;
    expect(fractions!.transcript.map((t) => [t.seq, t.role, t.text, t.status])).toEqual([
      [0, 'user', 'A-KIM: is it <b>3/4</b>?', 'complete'],
      [1, 'assistant', 'A-TUTOR: what is 1/2 + 1/4?', 'complete'],
      [2, 'user', 'A-KIM-HELD-QUESTION', 'complete'],
      [3, 'assistant', '(held for the safety check; not shown)', 'held'],
    ]);
    expect(fractions!.feedback).toBe('A-FEEDBACK: good start');
    expect(fractions!.flags).toEqual([
      expect.objectContaining({ category: 'bullying', severity: 'high', reason: 'A-FLAG-REASON', reviewed: true, note: 'A-REVIEW-NOTE' }),
    ]);
    expect(fractions!.trophies.map((t) => t.reason)).toEqual(['A-TROPHY: kept at it']);
    expect(decimals!.transcript).toEqual([]);
    for (const foreign of ['LEE', 'B-KIM', 'B-TUTOR', 'Poetry', 'C-KIM', 'Other school', w.leeEmail, 'Kim P', 'Kim E']) {
      expect([foreign, raw.includes(foreign)]).toEqual([foreign, false]);
    }

    // The page: every value escaped, no script, a heading per assignment, the transcript's lines.
    expect(html).not.toMatch(/<script|<b>3\/4/i);
    expect(html).toContain('A-KIM: is it &lt;b&gt;3/4&lt;/b&gt;?');
    expect(html).toContain('Student record: Kim &lt;Park&gt;');
    expect(html).toContain('<h2>1. Fractions</h2>');
    expect(html).toContain('<h2>2. Decimals</h2>');
    expect(html).not.toContain('A-HELD-REPLY');
    expect(html).toContain('(held for the safety check; not shown)');
    expect(html).toContain('A-REVIEW-NOTE');
    expect(html).toContain('A-TROPHY: kept at it');
  });

  it("leaves a held reply's text out of record.json and record.html: it has not passed the safety check", async () => {
    const [chat] = await db()
      .select({ id: schema.studentAssignment.conversationId })
      .from(schema.studentAssignment)
      .where(eq(schema.studentAssignment.id, w.records.kimFractions));
    await db().insert(schema.aiMessage).values({
      conversationId: chat!.id!,
      seq: 4,
      role: 'assistant',
      text: 'A-SECOND-HELD-REPLY',
      status: 'held',
      errorCode: 'held_output',
    });
    const { json, html, raw } = await downloadRecord(w.a.client, `/api/students/${w.kimEntry}/export`);
    expect(json.assignments[0]!.transcript.at(-1)).toMatchObject({
      seq: 4,
      text: '(held for the safety check; not shown)',
      status: 'held',
    });
    expect(raw).not.toContain('A-SECOND-HELD-REPLY');
    expect(html).not.toContain('A-SECOND-HELD-REPLY');
    expect(html).toContain('(held for the safety check; not shown)');
    await db().delete(schema.aiMessage).where(eq(schema.aiMessage.text, 'A-SECOND-HELD-REPLY'));
  });

  it("exports Lee's record from Lee's entry, without Kim's", async () => {
    const { json, raw } = await downloadRecord(w.a.client, `/api/students/${w.leeEntry}/export`);
    expect(json.student.email).toBe(w.leeEmail);
    expect(json.assignments[0]!.transcript.map((t) => t.text)).toEqual(['LEE-ONLY-TEXT', 'LEE-TUTOR']);
    expect(raw).not.toContain('KIM');
    expect(raw).not.toContain(w.kimEmail);
  });
});

describe("the school admin's export", () => {
  it("gathers the school's teachers' records of the address, not another school's", async () => {
    const w = await recordsWorld(ctx);
    const { json, raw } = await downloadRecord(
      w.admin,
      `/api/school/students/export?email=${encodeURIComponent(` ${w.kimEmail.toUpperCase()} `)}`,
    );
    expect(json.scope).toEqual({ kind: 'school', name: w.school.schoolname });
    expect(json.assignments.map((x) => [x.teacher, x.title])).toEqual([
      [w.a.user.name, 'Fractions'],
      [w.a.user.name, 'Decimals'],
      [w.b.user.name, 'Poetry'],
    ]);
    expect(json.classes.map((c) => c.name).sort()).toEqual(['Period 3 Math', 'Poetry club']);
    expect(json.student.names.sort()).toEqual(['Kim <Park>', 'Kim P']);
    for (const foreign of ['LEE', 'C-KIM', 'C-TUTOR', 'Other school', 'Elsewhere'])
      expect([foreign, raw.includes(foreign)]).toEqual([foreign, false]);
    expect(raw).toContain('B-KIM: a haiku');
  });
});

/** Everything of the world's records, by id, that still exists. */
async function remaining(w: RecordsWorld) {
  const records = await db()
    .select({ id: schema.studentAssignment.id })
    .from(schema.studentAssignment)
    .where(inArray(schema.studentAssignment.id, Object.values(w.records)));
  const chats = await db()
    .select({ id: schema.conversation.id })
    .from(schema.conversation)
    .where(inArray(schema.conversation.id, Object.values(w.chats)));
  const entries = await db()
    .select({ classOwner: schema.teacherClass.ownerId, email: schema.rosterEntry.email })
    .from(schema.rosterEntry)
    .innerJoin(schema.teacherClass, eq(schema.teacherClass.id, schema.rosterEntry.classId))
    .where(inArray(schema.rosterEntry.email, [w.kimEmail, w.leeEmail]));
  const names = Object.fromEntries(Object.entries(w.records).map(([k, v]) => [v, k]));
  const chatNames = Object.fromEntries(Object.entries(w.chats).map(([k, v]) => [v, k]));
  const owners = new Map([
    [w.a.user.id, 'a'],
    [w.b.user.id, 'b'],
    [w.c.user.id, 'c'],
  ]);
  return {
    records: records.map((r) => names[r.id]).sort(),
    chats: chats.map((c) => chatNames[c.id]).sort(),
    entries: entries.map((e) => `${owners.get(e.classOwner)}:${e.email === w.kimEmail ? 'kim' : 'lee'}`).sort(),
  };
}

describe("deleting a student's data", () => {
  it("as the teacher: their records of the address with transcripts, flags, trophies and roster entries go; the account, other students and other teachers' records stay", async () => {
    const w = await recordsWorld(ctx);
    // A deleted assignment's record is still held: it goes too.
    expect((await w.a.client.request('DELETE', `/api/assignments/${w.assignments.decimals.id}`)).status).toBe(200);
    const before = await downloadRecord(w.a.client, `/api/students/${w.kimEntry}/export`);
    expect(before.json.assignments.map((x) => [x.title, x.assignmentState])).toEqual([
      ['Fractions', 'open'],
      ['Decimals', 'deleted'],
    ]);
    const res = await w.a.client.json<StudentDataDeleted>('DELETE', `/api/students/${w.kimEntry}/data`);
    expect(res).toEqual({ status: 200, body: { records: 2, transcripts: 1, rosterEntries: 1 } });
    expect(await remaining(w)).toEqual({
      records: ['kimFar', 'kimPoetry', 'leeFractions'],
      chats: ['kimFarChat', 'kimPoetryChat', 'leeChat'],
      entries: ['a:lee', 'b:kim', 'c:kim'],
    });
    const kimRecordIds = [w.records.kimFractions, w.records.kimDecimals];
    expect(await db().select().from(schema.trophy).where(inArray(schema.trophy.studentAssignmentId, kimRecordIds))).toEqual([]);
    expect(await db().select().from(schema.safetyFlag).where(eq(schema.safetyFlag.studentId, w.kim.user.id))).toEqual([]);
    expect(await db().select().from(schema.aiMessage).where(eq(schema.aiMessage.conversationId, w.chats.kimFractionsChat))).toEqual([]);
    expect(await db().select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.id, w.kim.user.id))).toHaveLength(1);
    // Gone from the teacher's lists: the page, the assignment's table and a second delete.
    expect((await w.a.client.get(`/api/students/${w.kimEntry}`)).status).toBe(404);
    const table = await w.a.client.json<{ students: { email: string }[] }>('GET', `/api/assignments/${w.assignments.fractions.id}`);
    expect(table.body.students.map((s) => s.email)).toEqual([w.leeEmail]);
    expect((await w.a.client.request('DELETE', `/api/students/${w.kimEntry}/data`)).status).toBe(404);
    // Teacher B still has Kim.
    expect((await w.b.client.get(`/api/students/${w.kimBEntry}`)).status).toBe(200);
    // One audit entry (issue 25): the teacher by id and address, Kim's account, the counts; no names.
    const audit = await deletions(w.kim.user.id);
    expect(audit.map((e) => [e.actorKind, e.actorUserId, e.actorLabel, e.entity, e.entityId, e.before, e.after])).toEqual([
      ['user', w.a.user.id, w.a.user.email, 'roster_entry', w.kimEntry, { records: 2, transcripts: 1, rosterEntries: 1 }, null],
    ]);
    expect(JSON.stringify(audit)).not.toMatch(/Kim|kim-/);
  });

  it("as the school admin: every teacher of the school's, not another school's", async () => {
    const w = await recordsWorld(ctx);
    const res = await w.admin.json<StudentDataDeleted>('DELETE', `/api/school/students?email=${encodeURIComponent(w.kimEmail)}`);
    expect(res).toEqual({ status: 200, body: { records: 3, transcripts: 2, rosterEntries: 2 } });
    expect(await remaining(w)).toEqual({
      records: ['kimFar', 'leeFractions'],
      chats: ['kimFarChat', 'leeChat'],
      entries: ['a:lee', 'c:kim'],
    });
    // Nothing left at the school: the same 404 as an address it never had.
    expect((await w.admin.request('DELETE', `/api/school/students?email=${encodeURIComponent(w.kimEmail)}`)).status).toBe(404);
    // One audit entry, the admin's, for the school (the refused repeat writes none).
    const audit = await deletions(w.kim.user.id);
    expect(audit.map((e) => [e.actorKind, e.entity, e.entityId, e.before, e.after])).toEqual([
      ['admin', 'school_licence', w.school.id, { records: 3, transcripts: 2, rosterEntries: 2 }, null],
    ]);
    const [admin] = await db().select().from(schema.user).where(eq(schema.user.id, audit[0]!.actorUserId!));
    expect(audit[0]!.actorLabel).toBe(admin!.email);
  });

  it('a student with no account: the entry names the teacher and the roster entry, no subject', async () => {
    const w = await recordsWorld(ctx);
    const email = `nobody-${w.school.domain}@pupils.example.org`;
    const [kimRow] = await db().select().from(schema.rosterEntry).where(eq(schema.rosterEntry.id, w.kimEntry));
    await db().insert(schema.rosterEntry).values({ classId: kimRow!.classId, email, name: 'Nobody Yet' });
    const [entry] = await db().select().from(schema.rosterEntry).where(eq(schema.rosterEntry.email, email));
    const res = await w.a.client.json<StudentDataDeleted>('DELETE', `/api/students/${entry!.id}/data`);
    expect(res.body).toEqual({ records: 0, transcripts: 0, rosterEntries: 1 });
    const audit = await db().select().from(schema.auditLog).where(eq(schema.auditLog.entityId, entry!.id));
    expect(audit.map((e) => [e.action, e.actorUserId, e.subjectUserId])).toEqual([['student_data.delete', w.a.user.id, null]]);
    expect(JSON.stringify(audit)).not.toContain('Nobody');
    expect(JSON.stringify(audit)).not.toContain(email);
  });
});
