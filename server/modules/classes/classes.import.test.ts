import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROSTER_IMPORT_MAX_ROWS } from '../../../contract/roster';
import type { ClassList, ClassSummary, ImportRosterInput, ImportRosterResult, RosterList } from '../../../contract/classes';
import { createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { makeSchool, teacherAt } from '../bots/bots.test-helpers';
import { premiumTeacher } from './classes.test-helpers';

type Client = Awaited<ReturnType<typeof signedIn>>['client'];
type ErrorJson = { error: { code: string; message: string } };
type Row = ImportRosterInput['rows'][number];

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const row = (line: number, email: string, name: string | null, className: string | null = null, period: string | null = null): Row => ({
  line,
  email,
  name,
  className,
  period,
});
const importRoster = (client: Client, body: ImportRosterInput) =>
  client.json<ImportRosterResult & ErrorJson>('POST', '/api/classes/import', body);
const classes = async (client: Client) => (await client.json<ClassList>('GET', '/api/classes')).body.classes;
const roster = async (client: Client, id: string) =>
  (await client.json<RosterList>('GET', `/api/classes/${id}/students`)).body.students
    .map((s) => [s.email, s.name])
    .sort(([a], [b]) => a!.localeCompare(b!));
const rosterRows = async () => (await ctx.database.db.query.rosterEntry.findMany()).length;

describe('roster import: access', () => {
  let owner: Client;
  let cls: ClassSummary;
  const body = (classId?: string): ImportRosterInput => ({ rows: [row(2, 'eve@example.org', 'Eve')], classId });

  beforeAll(async () => {
    owner = (await teacherAt(ctx, await makeSchool(ctx))).client;
    cls = (await owner.json<ClassSummary>('POST', '/api/classes', { name: 'Owned', section: 'P1' })).body;
  });

  it('refuses signed out (401), a student (403) and a free teacher (402), writing nothing', async () => {
    const before = await rosterRows();
    expect((await new TestClient(ctx).request('POST', '/api/classes/import', body(cls.id))).status).toBe(401);
    const student = (await signedIn(ctx, { role: 'student' })).client;
    const s = await importRoster(student, body(cls.id));
    expect([s.status, s.body.error.code]).toEqual([403, 'forbidden']);
    const free = (await signedIn(ctx, { role: 'teacher' })).client;
    const f = await importRoster(free, body(cls.id));
    expect([f.status, f.body.error.code]).toEqual([402, 'premium_required']);
    expect(await rosterRows()).toBe(before);
  });

  it("answers 404 for another teacher's class, at another school or none, even on a dry run", async () => {
    const others = [(await teacherAt(ctx, await makeSchool(ctx))).client, (await premiumTeacher(ctx)).client];
    for (const client of others) {
      for (const dryRun of [true, false]) {
        const res = await importRoster(client, { ...body(cls.id), dryRun });
        expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
      }
      const malformed = await importRoster(client, body('not-an-id'));
      expect(malformed.status).toBe(404);
      expect(await classes(client)).toEqual([]);
    }
    expect(await roster(owner, cls.id)).toEqual([]);
  });
});

describe('roster import: behaviour', () => {
  let teacher: Client;
  beforeAll(async () => {
    teacher = (await premiumTeacher(ctx)).client;
  });

  it('answers a dry run with its own preview and writes nothing', async () => {
    const before = await rosterRows();
    const res = await importRoster(teacher, {
      dryRun: true,
      rows: [
        row(2, ' Ada@Example.org ', 'Ada', 'Biology', 'P3'),
        row(3, 'grace.hopper@example.org', null, 'Biology', 'P3'),
        row(4, 'nope', 'X', 'Biology', 'P3'),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ written: false, classesCreated: [], added: 0, alreadyOnRoster: 0 });
    expect(res.body.preview.rows).toEqual([
      { line: 2, email: 'ada@example.org', name: 'Ada', className: 'Biology', period: 'P3' },
      { line: 3, email: 'grace.hopper@example.org', name: 'Grace Hopper', className: 'Biology', period: 'P3' },
    ]);
    // The preview says which class the import would make.
    expect(res.body.newClasses).toEqual([{ className: 'Biology', period: 'P3' }]);
    expect(res.body.preview.errors).toEqual([expect.objectContaining({ line: 4, field: 'email', code: 'invalid_email' })]);
    expect(await classes(teacher)).toEqual([]);
    expect(await rosterRows()).toBe(before);
  });

  it('writes nothing while one row is bad, and only the good rows with skipBadRows', async () => {
    const rows = [row(2, 'ada@example.org', 'Ada', 'Chemistry', 'P1'), row(3, 'b@example.org', 'x'.repeat(101), 'Chemistry', 'P1')];
    const refused = await importRoster(teacher, { rows });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ written: false, added: 0, classesCreated: [] });
    expect(refused.body.preview.errors).toEqual([expect.objectContaining({ line: 3, code: 'name_too_long' })]);
    expect((await classes(teacher)).map((c) => c.name)).not.toContain('Chemistry');

    const skipped = await importRoster(teacher, { rows, skipBadRows: true });
    expect(skipped.status).toBe(201);
    expect(skipped.body).toMatchObject({ written: true, added: 1, alreadyOnRoster: 0 });
    expect(skipped.body.classesCreated.map((c) => [c.name, c.section, c.studentCount])).toEqual([['Chemistry', 'P1', 1]]);
    expect(await roster(teacher, skipped.body.classesCreated[0]!.id)).toEqual([['ada@example.org', 'Ada']]);
  });

  it('creates a class once, reuses it (name and period, case ignored) and counts who is already on the roster', async () => {
    const first = await importRoster(teacher, {
      rows: [
        row(2, 'a@example.org', 'A', 'Physics', 'P2'),
        row(3, 'b@example.org', null, 'Physics', 'P2'),
        row(4, 'c@example.org', 'C', 'Physics', null),
      ],
    });
    expect(first.status).toBe(201);
    expect(first.body.classesCreated.map((c) => [c.name, c.section])).toEqual([
      ['Physics', 'P2'],
      ['Physics', null],
    ]);
    const second = await importRoster(teacher, {
      rows: [row(2, 'A@example.org', 'A', 'PHYSICS', 'p2'), row(3, 'd@example.org', 'D', 'physics', 'P2')],
    });
    expect(second.body).toMatchObject({ written: true, classesCreated: [], newClasses: [], added: 1, alreadyOnRoster: 1 });
    const dry = await importRoster(teacher, {
      dryRun: true,
      rows: [
        row(2, 'e@example.org', 'E', 'physics', 'p2'),
        row(3, 'f@example.org', 'F', 'Physics', 'P9'),
        row(4, 'g@example.org', 'G', 'Physics', 'P9'),
      ],
    });
    expect(dry.body.newClasses).toEqual([{ className: 'Physics', period: 'P9' }]);
    // Made in one transaction, so they share a creation time: compare them in a fixed order.
    const physics = (await classes(teacher))
      .filter((c) => c.name === 'Physics')
      .sort((x, y) => (x.section ?? '').localeCompare(y.section ?? ''));
    expect(physics.map((c) => [c.section, c.studentCount])).toEqual([
      [null, 1],
      ['P2', 3],
    ]);
    expect(await roster(teacher, physics[1]!.id)).toEqual([
      ['a@example.org', 'A'],
      ['b@example.org', 'B'],
      ['d@example.org', 'D'],
    ]);
  });

  it('puts rows with no class into the chosen class, and refuses them when none is chosen', async () => {
    const target = (await teacher.json<ClassSummary>('POST', '/api/classes', { name: 'Homeroom' })).body;
    const rows = [row(2, 'x@example.org', 'X'), row(3, 'y@example.org', 'Y', 'Art', null)];
    const none = await importRoster(teacher, { rows, dryRun: true });
    expect(none.body.preview.errors).toEqual([
      { line: 2, field: 'class', code: 'unknown_class', reason: 'Choose a class for students the file gives no class.' },
    ]);
    const res = await importRoster(teacher, { rows, classId: target.id });
    expect(res.body).toMatchObject({ written: true, added: 2 });
    expect(await roster(teacher, target.id)).toEqual([['x@example.org', 'X']]);
    expect(res.body.classesCreated.map((c) => c.name)).toEqual(['Art']);
  });

  it('flags a student repeated for the same class, and a period too long for a section', async () => {
    const res = await importRoster(teacher, {
      dryRun: true,
      rows: [
        row(2, 'r@example.org', 'R', 'Music', 'P1'),
        row(3, 'R@example.org', 'R', 'music', 'p1'),
        row(4, 's@example.org', 'S', 'Music', 'p'.repeat(51)),
      ],
    });
    expect(res.body.preview.errors.map((e) => [e.line, e.code])).toEqual([
      [3, 'duplicate'],
      [4, 'period_too_long'],
    ]);
  });

  it(`refuses ${ROSTER_IMPORT_MAX_ROWS + 1} rows as a whole with 422, the limit and how to split, and writes nothing`, async () => {
    const before = await rosterRows();
    const classesBefore = (await classes(teacher)).length;
    const rows = Array.from({ length: ROSTER_IMPORT_MAX_ROWS + 1 }, (_, i) => row(i + 2, `n${i}@example.org`, 'N', `Big ${i % 3}`, null));
    for (const flags of [{ skipBadRows: true }, {}, { dryRun: true }]) {
      const res = await importRoster(teacher, { rows, ...flags });
      expect([res.status, res.body.error.code]).toEqual([422, 'too_many_rows']);
      expect(res.body.error.message).toBe(
        "One import takes at most 2,000 students, and this one has 2,001. Nothing was added: split the file into parts of at most 2,000 students (keep each class's students in one part) and import each part.",
      );
    }
    expect(await rosterRows()).toBe(before);
    expect((await classes(teacher)).length).toBe(classesBefore);
  });
});
