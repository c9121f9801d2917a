import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PASTE_BAD_SHOWN, type ClassSummary, type PasteStudentsResult, type RosterList } from '../../../contract/classes';
import { nameFromAddress, PASTE_MAX_CHARS, PASTE_REASONS } from '../../../contract/roster';
import { schema } from '../../db/client';
import { buildUser, createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { createVia, makeSchool, teacherAt, tutorBot } from '../bots/bots.test-helpers';
import { premiumTeacher } from './classes.test-helpers';

// "Paste a list" on the server: POST /api/classes/:id/students/paste reads the text with the page's
// own reader, adds the good lines and answers the bad ones with why; a bare address gets a name
// from the address until its owner signs in.
type Client = Awaited<ReturnType<typeof signedIn>>['client'];
type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };

let ctx: TestContext;
let teacherAccount: Awaited<ReturnType<typeof premiumTeacher>>;
let teacher: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  teacherAccount = await premiumTeacher(ctx);
  teacher = teacherAccount.client;
});
afterAll(() => ctx.close());

const newClass = async (client: Client = teacher, name = 'Biology') =>
  (await client.json<ClassSummary>('POST', '/api/classes', { name, section: 'P3' })).body;
const paste = (client: Client, id: string, text: unknown) =>
  client.json<PasteStudentsResult & ErrorJson>('POST', `/api/classes/${id}/students/paste`, { text });
const roster = async (id: string, client: Client = teacher) =>
  (await client.json<RosterList>('GET', `/api/classes/${id}/students`)).body.students.map((s) => [s.email, s.name, s.linked]);
const rosterRows = async () => (await ctx.database.db.query.rosterEntry.findMany()).length;

describe('pasting a list of students', () => {
  it('adds the good lines (bare addresses named from the address) and answers each bad line with why', async () => {
    const c = await newClass();
    await teacher.json('POST', `/api/classes/${c.id}/students`, { students: [{ email: 'ana@school.test', name: 'Ana' }] });
    const res = await paste(
      teacher,
      c.id,
      [
        'maria.lopez@school.test',
        'Ben Okafor <ben@school.test>',
        'not an address',
        'Cy\tLee\tcy@school.test',
        'ana@school.test',
        'dee@school',
      ].join('\n'),
    );
    expect(res.status).toBe(201);
    expect(res.body.added.map((s) => [s.email, s.name, s.linked])).toEqual([
      ['maria.lopez@school.test', 'Maria Lopez', false],
      ['ben@school.test', 'Ben Okafor', false],
      ['cy@school.test', 'Cy Lee', false],
    ]);
    expect(res.body.alreadyOnRoster).toEqual([{ email: 'ana@school.test', name: 'Ana' }]);
    expect(res.body.bad).toEqual([
      { line: 3, text: 'not an address', reason: PASTE_REASONS.noAddress },
      { line: 6, text: 'dee@school', reason: 'This is not an e-mail address.' },
    ]);
    expect(await roster(c.id)).toEqual([
      ['ana@school.test', 'Ana', false],
      ['ben@school.test', 'Ben Okafor', false],
      ['cy@school.test', 'Cy Lee', false],
      ['maria.lopez@school.test', 'Maria Lopez', false],
    ]);
  });

  it("links a bare address of a verified account without showing the account's name or that it exists", async () => {
    const student = await buildUser(ctx, { role: 'student', name: 'Rosa Díaz', email: `rosa.d.${Date.now()}@school.test` });
    const c = await newClass();
    const res = await paste(teacher, c.id, student.email);
    // Named from the address and not shown as linked: the account's name would tell the teacher
    // that the address has an account, and whose it is (issue 25, item 5).
    expect(res.body.added.map((s) => [s.name, s.linked])).toEqual([[nameFromAddress(student.email), false]]);
    expect(res.body.added[0]!.name).not.toContain('Díaz');
    const [row] = await ctx.database.db.select().from(schema.rosterEntry).where(eq(schema.rosterEntry.id, res.body.added[0]!.id));
    expect(row!.userId).toBe(student.id);
  });

  it('answers the first bad lines of a paste at the size limit and how many there were, not every one (issue 39, item 3)', async () => {
    const c = await newClass();
    const badLines = Math.floor((PASTE_MAX_CHARS - 40) / 2);
    const res = await paste(teacher, c.id, `${'x\n'.repeat(badLines)}zed@school.test`);
    expect(res.status).toBe(201);
    expect(res.body.added.map((s) => s.email)).toEqual(['zed@school.test']);
    expect(res.body.badCount).toBe(badLines);
    expect(res.body.bad).toHaveLength(PASTE_BAD_SHOWN);
    expect(res.body.bad[0]).toEqual({ line: 1, text: 'x', reason: PASTE_REASONS.noAddress });
    expect(JSON.stringify(res.body).length).toBeLessThan(20_000);
  });

  it('answers 422 and writes nothing when no line can be added, or the text is not text or too long', async () => {
    const c = await newClass();
    const before = await rosterRows();
    const none = await paste(teacher, c.id, 'just a name\n\nanother@@one');
    expect([none.status, none.body.error.code]).toEqual([422, 'validation_failed']);
    expect(none.body.error.message).toMatch(/No line of this list can be added/);
    expect(none.body.error.fields).toEqual({ text: '2 lines cannot be added.' });
    const blank = await paste(teacher, c.id, ' \n ');
    expect(blank.status).toBe(422);
    for (const text of [42, null, 'a@school.test\n'.repeat(PASTE_MAX_CHARS / 10)]) {
      const res = await paste(teacher, c.id, text);
      expect([res.status, res.body.error.code]).toEqual([422, 'validation_failed']);
      expect(res.body.error.fields?.text).toBeTruthy();
    }
    expect(await rosterRows()).toBe(before);
  });
});

describe('paste: access', () => {
  let owner: Client;
  let cls: ClassSummary;
  beforeAll(async () => {
    owner = (await teacherAt(ctx, await makeSchool(ctx))).client;
    cls = await newClass(owner, 'Owned');
  });

  it('refuses signed out (401), a student (403), a free teacher (402) and any other teacher (404), writing nothing', async () => {
    const before = await rosterRows();
    const url = `/api/classes/${cls.id}/students/paste`;
    expect((await new TestClient(ctx).request('POST', url, { text: 'eve@school.test' })).status).toBe(401);
    const student = (await signedIn(ctx, { role: 'student' })).client;
    const s = await paste(student, cls.id, 'eve@school.test');
    expect([s.status, s.body.error.code]).toEqual([403, 'forbidden']);
    const free = (await signedIn(ctx, { role: 'teacher' })).client;
    const f = await paste(free, cls.id, 'eve@school.test');
    expect([f.status, f.body.error.code]).toEqual([402, 'premium_required']);
    for (const other of [(await teacherAt(ctx, await makeSchool(ctx))).client, (await premiumTeacher(ctx)).client]) {
      // Not found whether or not the text has a good line (a bad-only paste does not reveal the class either).
      for (const text of ['eve@school.test', 'no address']) {
        const res = await paste(other, cls.id, text);
        expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
      }
      expect((await paste(other, 'not-an-id', 'eve@school.test')).status).toBe(404);
    }
    expect(await rosterRows()).toBe(before);
    expect(await roster(cls.id, owner)).toEqual([]);
  });
});

describe('a name made from the address lasts until the student signs in', () => {
  it("takes the account's name at sign-in for a bare address, and keeps a name the teacher typed", async () => {
    const email = `sam.ortiz+${Date.now()}@school.test`;
    const typed = `kim.${Date.now()}@school.test`;
    const c = await newClass();
    await paste(teacher, c.id, `${email}\nKimberly Ng <${typed}>`);
    expect(await roster(c.id)).toEqual([
      [typed, 'Kimberly Ng', false],
      [email, 'Sam Ortiz', false],
    ]);
    // The assignment records copied from the roster carry the name too.
    const bot = await createVia(teacherAccount.client, tutorBot());
    const [assignment] = await ctx.database.db
      .insert(schema.assignment)
      .values({ ownerId: teacherAccount.user.id, botId: bot.id, title: 'T' })
      .returning();
    await ctx.database.db.insert(schema.studentAssignment).values({ assignmentId: assignment!.id, email, name: 'Sam Ortiz' });

    await signedIn(ctx, { role: 'student', email, name: 'Samuel Ortiz-Vega' });
    await signedIn(ctx, { role: 'student', email: typed, name: 'Kim N.' });
    expect(await roster(c.id)).toEqual([
      [typed, 'Kimberly Ng', true],
      [email, 'Samuel Ortiz-Vega', true],
    ]);
    const records = await ctx.database.db
      .select({ name: schema.studentAssignment.name })
      .from(schema.studentAssignment)
      .where(eq(schema.studentAssignment.email, email));
    expect(records).toEqual([{ name: 'Samuel Ortiz-Vega' }]);
  });
});
