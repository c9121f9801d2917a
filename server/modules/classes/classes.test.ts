import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddStudentsResult, ClassList, ClassSummary, JoinClassResult, RosterList } from '../../../contract/classes';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import { buildUser, createTestContext, signedIn, type TestContext } from '../../../tests/harness';
import { premiumTeacher } from './classes.test-helpers';

type Client = Awaited<ReturnType<typeof signedIn>>['client'];
type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };

let ctx: TestContext;
let teacher: Client;

beforeAll(async () => {
  ctx = await createTestContext();
  teacher = (await premiumTeacher(ctx, { name: 'Ms Rivera' })).client;
});
afterAll(() => ctx.close());

async function newClass(name = 'Biology', section?: string) {
  const res = await teacher.json<ClassSummary>('POST', '/api/classes', { name, section });
  expect(res.status).toBe(201);
  return res.body;
}
const roster = async (id: string) => (await teacher.json<RosterList>('GET', `/api/classes/${id}/students`)).body.students;

describe('classes', () => {
  it('creates, renames and lists classes with their student counts', async () => {
    const a = await newClass('  Algebra  ', 'P1');
    const b = await newClass('Chemistry');
    await teacher.json('POST', `/api/classes/${a.id}/students`, {
      students: [
        { email: 'x@example.org', name: 'X' },
        { email: 'y@example.org', name: 'Y' },
      ],
    });
    const renamed = await teacher.json<ClassSummary>('PATCH', `/api/classes/${b.id}`, { name: 'Chem 2', section: 'B' });
    expect(renamed.body).toMatchObject({ name: 'Chem 2', section: 'B' });
    const list = (await teacher.json<ClassList>('GET', '/api/classes')).body.classes;
    const mine = list.filter((c) => [a.id, b.id].includes(c.id)).map((c) => [c.name, c.section, c.studentCount]);
    expect(mine).toEqual([
      ['Algebra', 'P1', 2],
      ['Chem 2', 'B', 0],
    ]);
  });

  it('refuses a too-long class name with the field named', async () => {
    const res = await teacher.json<ErrorJson>('POST', '/api/classes', { name: 'x'.repeat(101) });
    expect(res.status).toBe(422);
    expect(res.body.error.fields?.name).toMatch(/100 characters/);
  });

  it('deletes a class with its roster entries', async () => {
    const c = await newClass('Doomed');
    await teacher.json('POST', `/api/classes/${c.id}/students`, { students: [{ email: 'z@example.org', name: 'Z' }] });
    expect((await teacher.request('DELETE', `/api/classes/${c.id}`)).status).toBe(204);
    expect((await teacher.json('GET', `/api/classes/${c.id}/students`)).status).toBe(404);
    const left = await ctx.database.db.query.rosterEntry.findMany({ where: (r, { eq }) => eq(r.classId, c.id) });
    expect(left).toEqual([]);
  });
});

describe('adding students', () => {
  it('writes nothing when one row of many is bad, and names each bad row and field', async () => {
    const c = await newClass();
    const res = await teacher.json<ErrorJson>('POST', `/api/classes/${c.id}/students`, {
      students: [
        { email: 'good@example.org', name: 'Good' },
        { email: 'not-an-address', name: 'Bad' },
        { email: 'fine@example.org', name: '' },
      ],
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.error.fields ?? {}).sort()).toEqual(['students.1.email', 'students.2.name']);
    expect(await roster(c.id)).toEqual([]);
  });

  it('refuses more than 500 students in one request', async () => {
    const c = await newClass();
    const students = Array.from({ length: 501 }, (_, i) => ({ email: `s${i}@example.org`, name: `S${i}` }));
    const res = await teacher.json<ErrorJson>('POST', `/api/classes/${c.id}/students`, { students });
    expect(res.status).toBe(422);
    expect(await roster(c.id)).toEqual([]);
  });

  it('lower-cases addresses and reports the ones already there instead of duplicating them', async () => {
    const c = await newClass();
    await teacher.json('POST', `/api/classes/${c.id}/students`, { students: [{ email: 'Ana@Example.org', name: 'Ana' }] });
    const res = await teacher.json<AddStudentsResult>('POST', `/api/classes/${c.id}/students`, {
      students: [
        { email: ' ANA@example.org ', name: 'Ana again' },
        { email: 'ben@example.org', name: 'Ben' },
        { email: 'BEN@example.org', name: 'Ben twice' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.added.map((s) => s.email)).toEqual(['ben@example.org']);
    expect(res.body.alreadyOnRoster).toEqual([
      { email: 'ana@example.org', name: 'Ana again' },
      { email: 'ben@example.org', name: 'Ben twice' },
    ]);
    expect((await roster(c.id)).map((s) => [s.email, s.name])).toEqual([
      ['ana@example.org', 'Ana'],
      ['ben@example.org', 'Ben'],
    ]);
  });

  it('links a new entry to the verified account with that address, and not to an unverified one', async () => {
    const verified = { user: await buildUser(ctx, { role: 'student' }) };
    const unverified = { user: await buildUser(ctx, { role: 'student', verified: false }) };
    const c = await newClass();
    const res = await teacher.json<AddStudentsResult>('POST', `/api/classes/${c.id}/students`, {
      students: [
        { email: verified.user.email.toUpperCase(), name: 'V' },
        { email: unverified.user.email, name: 'U' },
      ],
    });
    // Linked in the database; the answer does not tell whether an address has an account (classes.linked.test).
    const rows = await ctx.database.db.select().from(schema.rosterEntry).where(eq(schema.rosterEntry.classId, c.id));
    expect(rows.map((row) => [row.name, row.userId]).sort()).toEqual([
      ['U', null],
      ['V', verified.user.id],
    ]);
    expect(res.body.added.map((s) => s.linked)).toEqual([false, false]);
  });
});

describe('removing students', () => {
  it("takes the student off one class and keeps their entries in the teacher's other classes", async () => {
    const a = await newClass('A');
    const b = await newClass('B');
    for (const c of [a, b])
      await teacher.json('POST', `/api/classes/${c.id}/students`, { students: [{ email: 'kim@example.org', name: 'Kim' }] });
    const [entry] = await roster(a.id);
    expect((await teacher.request('DELETE', `/api/classes/${a.id}/students/${entry!.id}`)).status).toBe(204);
    expect(await roster(a.id)).toEqual([]);
    expect((await roster(b.id)).map((s) => s.email)).toEqual(['kim@example.org']);
    // Removing twice, or through the other class, is not found.
    expect((await teacher.request('DELETE', `/api/classes/${a.id}/students/${entry!.id}`)).status).toBe(404);
    expect((await teacher.request('DELETE', `/api/classes/${b.id}/students/${entry!.id}`)).status).toBe(404);
    // The address may be added back as a new entry.
    const again = await teacher.json<AddStudentsResult>('POST', `/api/classes/${a.id}/students`, {
      students: [{ email: 'kim@example.org', name: 'Kim' }],
    });
    expect(again.body.added).toHaveLength(1);
  });
});

describe('join codes', () => {
  it('lets a signed-in student join with the code, once, and refuses an old or turned-off code clearly', async () => {
    const c = await newClass('Physics', 'P4');
    const on = (await teacher.json<ClassSummary>('PUT', `/api/classes/${c.id}/join-code`, { enabled: true })).body;
    expect(on.joinCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

    const student = await signedIn(ctx, { role: 'student', name: 'Sam Lee' });
    const joined = await student.client.json<JoinClassResult>('POST', '/api/classes/join', { code: ` ${on.joinCode!.toLowerCase()} ` });
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ classId: c.id, className: 'Physics', section: 'P4', teacherName: 'Ms Rivera', alreadyOnRoster: false });
    const again = await student.client.json<JoinClassResult>('POST', '/api/classes/join', { code: on.joinCode });
    expect(again.body.alreadyOnRoster).toBe(true);
    expect((await roster(c.id)).map((s) => [s.email, s.name, s.linked, s.source])).toEqual([
      [student.user.email.toLowerCase(), 'Sam Lee', true, 'code'],
    ]);

    // A new code replaces the old one; turning it off stops joining.
    const renewed = (await teacher.json<ClassSummary>('PUT', `/api/classes/${c.id}/join-code`, { enabled: true })).body;
    expect(renewed.joinCode).not.toBe(on.joinCode);
    const late = await signedIn(ctx, { role: 'student' });
    const old = await late.client.json<ErrorJson>('POST', '/api/classes/join', { code: on.joinCode });
    expect([old.status, old.body.error.code]).toEqual([404, 'not_found']);
    expect(old.body.error.message).toMatch(/not in use.*teacher/);
    const off = (await teacher.json<ClassSummary>('PUT', `/api/classes/${c.id}/join-code`, { enabled: false })).body;
    expect(off.joinCode).toBeNull();
    const refused = await late.client.json<ErrorJson>('POST', '/api/classes/join', { code: renewed.joinCode });
    expect(refused.status).toBe(404);
    expect(await roster(c.id)).toHaveLength(1);
  });
});
