import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { ImportPreview, SchoolTeacherRow, TeacherList } from '../../../contract/teacher-lists';
import type { Subscription } from '../../../contract/subscription';
import { createApp } from '../../app';
import { startBackgroundWork } from '../../jobs';
import { createAppAuth } from '../../compose';
import { openPostgres, schema, type Database } from '../../db/client';
import type { AppDeps } from '../../core/context';
import { createTestContext, TestClient, type TestContext } from '../../../tests/harness';
import { testDbKind } from '../../../tests/env';
import { adminOf, createVia, docBot, makeSchool, teacherAt, type BotJson } from '../bots/bots.test-helpers';
import { onPlanChange, watchPlanChanges } from '../../core/plan-changes';

// Issue 18 item 2: a school admin's teacher list. Adds, edits and removals are audited; the CSV
// import writes only after a preview, and only the good rows; a removal takes effect on the
// teacher's next request in every process, school sharing included.
type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };

const base = '/api/school-admin/teachers';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await watchPlanChanges(ctx.database);
});
afterAll(() => ctx.close());

async function schoolWithAdmin() {
  const school = await makeSchool(ctx);
  const admin = await adminOf(ctx, school);
  return { school, admin };
}

const rowsOf = (schoolId: string) =>
  ctx.database.db
    .select()
    .from(schema.schoolTeacher)
    .where(eq(schema.schoolTeacher.schoolId, schoolId))
    .orderBy(asc(schema.schoolTeacher.email));
const auditsOf = (entityIds: string[]) =>
  ctx.database.db
    .select()
    .from(schema.auditLog)
    .where(eq(schema.auditLog.entity, 'school_teacher'))
    .then((rows) => rows.filter((r) => entityIds.includes(r.entityId ?? '')));

describe('add, edit, remove', () => {
  it('adds a teacher with a trimmed, lower-cased address, audited; refuses off-domain, duplicate and bad input', async () => {
    const { school, admin } = await schoolWithAdmin();
    const added = await admin.json<SchoolTeacherRow>('POST', base, {
      email: `  Ana.Lee@${school.domain.toUpperCase()} `,
      building: '  North  ',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      email: `ana.lee@${school.domain}`,
      building: 'North',
      signedUp: false,
      lastSignInAt: null,
      isAdmin: false,
    });
    const [audit] = await auditsOf([added.body.id]);
    expect(audit).toMatchObject({
      actorKind: 'admin',
      actorLabel: `admin-${school.id.slice(0, 6)}@${school.domain}`,
      action: 'school_teacher.add',
      before: null,
      after: { email: `ana.lee@${school.domain}`, building: 'North', schoolId: school.id },
    });

    const off = await admin.json<ErrorJson>('POST', base, { email: 'ana@elsewhere.edu' });
    expect(off.status).toBe(422);
    expect(off.body.error.code).toBe('off_domain');
    expect(off.body.error.message).toContain(`@${school.domain}`);
    const dup = await admin.json<ErrorJson>('POST', base, { email: `ANA.LEE@${school.domain}`, building: 'South' });
    expect(dup.status).toBe(409);
    for (const body of [{ email: 'not an address' }, { email: `b@${school.domain}`, building: 'x'.repeat(81) }, {}, { email: 42 }]) {
      const bad = await admin.json<ErrorJson>('POST', base, body);
      expect([body, bad.status, bad.body.error.code]).toEqual([body, 422, 'validation_failed']);
    }
    expect(await rowsOf(school.id)).toHaveLength(1);
    expect(await auditsOf([added.body.id])).toHaveLength(1);
  });

  it('lists teachers by e-mail with signed-up, last sign-in and the admin mark', async () => {
    const { school, admin } = await schoolWithAdmin();
    const adminEmail = `admin-${school.id.slice(0, 6)}@${school.domain}`;
    await admin.json('POST', base, { email: `zed@${school.domain}` });
    await admin.json('POST', base, { email: adminEmail });
    const signed = await teacherAt(ctx, school);
    const list = await admin.json<TeacherList>('GET', base);
    expect(list.body.teachers.map((t) => t.email)).toEqual([adminEmail, signed.user.email, `zed@${school.domain}`].sort());
    const byEmail = new Map(list.body.teachers.map((t) => [t.email, t]));
    expect(byEmail.get(`zed@${school.domain}`)).toMatchObject({ signedUp: false, lastSignInAt: null, isAdmin: false });
    expect(byEmail.get(signed.user.email)).toMatchObject({ signedUp: true, isAdmin: false });
    expect(byEmail.get(signed.user.email)!.lastSignInAt).not.toBeNull();
    expect(byEmail.get(adminEmail)).toMatchObject({ signedUp: true, isAdmin: true });
    expect(list.body.licence).toMatchObject({
      id: school.id,
      domains: [school.domain],
      admins: [adminEmail],
      supportEmail: 'support@classbots.test',
    });
  });

  it('edits a building and removes a teacher, each audited with before and after', async () => {
    const { school, admin } = await schoolWithAdmin();
    const { body: row } = await admin.json<SchoolTeacherRow>('POST', base, { email: `cy@${school.domain}`, building: 'North' });
    const edited = await admin.json<SchoolTeacherRow>('PATCH', `${base}/${row.id}`, { building: ' Annex B ' });
    expect(edited.body).toMatchObject({ id: row.id, building: 'Annex B' });
    expect((await admin.json<SchoolTeacherRow>('PATCH', `${base}/${row.id}`, { building: '' })).body.building).toBeNull();
    expect((await admin.json<ErrorJson>('PATCH', `${base}/${row.id}`, { building: 'y'.repeat(81) })).status).toBe(422);
    expect((await admin.request('DELETE', `${base}/${row.id}`)).status).toBe(204);
    expect((await admin.json<ErrorJson>('DELETE', `${base}/${row.id}`)).status).toBe(404);
    expect(await rowsOf(school.id)).toEqual([]);
    const audits = (await auditsOf([row.id])).map((a) => [a.action, a.before?.building ?? null, a.after?.building ?? null]);
    expect(audits.sort()).toEqual(
      [
        ['school_teacher.add', null, 'North'],
        ['school_teacher.edit', 'North', 'Annex B'],
        ['school_teacher.edit', 'Annex B', null],
        ['school_teacher.remove', null, null],
      ].sort(),
    );
  });

  it('tells how long the licence has: 20 days shows the notice, 40 does not, none has no end', async () => {
    const { school, admin } = await schoolWithAdmin();
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const summary = async (expiration: string | null) => {
      await ctx.database.db.update(schema.schoolLicence).set({ expiration }).where(eq(schema.schoolLicence.id, school.id));
      return (await admin.json<TeacherList>('GET', base)).body.licence;
    };
    expect(await summary(day(20))).toMatchObject({ daysLeft: 20, expired: false, expiresSoon: true });
    expect(await summary(day(40))).toMatchObject({ daysLeft: 40, expired: false, expiresSoon: false });
    expect(await summary(null)).toMatchObject({ daysLeft: null, expired: false, expiresSoon: false });
    expect(await summary(day(-3))).toMatchObject({ daysLeft: -3, expired: true, expiresSoon: true });
  });
});

describe('CSV import and export', () => {
  async function withList() {
    const { school, admin } = await schoolWithAdmin();
    await admin.json('POST', base, { email: `same@${school.domain}`, building: 'North' });
    await admin.json('POST', base, { email: `moves@${school.domain}`, building: 'North' });
    await admin.json('POST', base, { email: `kept@${school.domain}`, building: 'West' });
    return { school, admin };
  }

  const fileFor = (domain: string) =>
    [
      '\uFEFFEmail;Building',
      `new@${domain};South`,
      `"Second@${domain.toUpperCase()}";"Annex; 2"`,
      'not-an-address;South',
      `new@${domain};East`,
      `someone@elsewhere.edu;South`,
      `same@${domain};North`,
      `moves@${domain};South`,
      `kept@${domain};`,
      `long@${domain};${'z'.repeat(81)}`,
      '',
    ].join('\r\n');

  it('previews every row with its verdict and writes nothing; the import writes exactly the good rows, once', async () => {
    const { school, admin } = await withList();
    const before = await rowsOf(school.id);
    const csv = fileFor(school.domain);
    const preview = await admin.json<ImportPreview>('POST', `${base}/import/preview`, { csv });
    expect(preview.status).toBe(200);
    expect(preview.body.rows.map((r) => [r.line, r.email, r.building, r.verdict])).toEqual([
      [2, `new@${school.domain}`, 'South', 'new'],
      [3, `second@${school.domain}`, 'Annex; 2', 'new'],
      [4, 'not-an-address', 'South', 'bad'],
      [5, `new@${school.domain}`, 'East', 'duplicate'],
      [6, 'someone@elsewhere.edu', 'South', 'off_domain'],
      [7, `same@${school.domain}`, 'North', 'unchanged'],
      [8, `moves@${school.domain}`, 'South', 'building_change'],
      [9, `kept@${school.domain}`, null, 'already_listed'],
      [10, `long@${school.domain}`, 'z'.repeat(81), 'bad'],
    ]);
    expect(preview.body.rows[2]!.reason).toBe('This is not an e-mail address.');
    expect(preview.body.rows[3]!.reason).toContain('line 2');
    expect(preview.body.rows[4]!.reason).toContain(`@${school.domain}`);
    expect(preview.body.rows[6]!.currentBuilding).toBe('North');
    expect(preview.body.rows[8]!.reason).toContain('80');
    expect(preview.body.counts).toEqual({
      new: 2,
      building_change: 1,
      unchanged: 1,
      already_listed: 1,
      bad: 2,
      duplicate: 1,
      off_domain: 1,
    });
    expect(await rowsOf(school.id)).toEqual(before);

    const done = await admin.json('POST', `${base}/import`, { csv, fingerprint: preview.body.fingerprint });
    expect(done).toEqual({ status: 200, body: { added: 2, updated: 1 } });
    const after = (await rowsOf(school.id)).map((r) => [r.email, r.building]);
    expect(after).toEqual([
      [`kept@${school.domain}`, 'West'],
      [`moves@${school.domain}`, 'South'],
      [`new@${school.domain}`, 'South'],
      [`same@${school.domain}`, 'North'],
      [`second@${school.domain}`, 'Annex; 2'],
    ]);
    const ids = (await rowsOf(school.id)).map((r) => r.id);
    const audits = await auditsOf(ids);
    expect(audits.filter((a) => a.action === 'school_teacher.import_add')).toHaveLength(2);
    expect(audits.filter((a) => a.action === 'school_teacher.import_edit').map((a) => [a.before?.building, a.after?.building])).toEqual([
      ['North', 'South'],
    ]);

    // A double submit writes nothing more and still succeeds.
    const again = await admin.json('POST', `${base}/import`, { csv, fingerprint: preview.body.fingerprint });
    expect(again).toEqual({ status: 200, body: { added: 0, updated: 0 } });
    expect((await rowsOf(school.id)).map((r) => [r.email, r.building])).toEqual(after);
    expect(await auditsOf(ids)).toHaveLength(audits.length);
  });

  it('writes nothing when the list changed since the preview (409)', async () => {
    const { school, admin } = await withList();
    const csv = fileFor(school.domain);
    const { body: preview } = await admin.json<ImportPreview>('POST', `${base}/import/preview`, { csv });
    // Someone else moves the teacher the file moves, to another building.
    const moves = (await rowsOf(school.id)).find((r) => r.email === `moves@${school.domain}`)!;
    await admin.json('PATCH', `${base}/${moves.id}`, { building: 'Gym' });
    const before = await rowsOf(school.id);
    const stale = await admin.json<ErrorJson>('POST', `${base}/import`, { csv, fingerprint: preview.fingerprint });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toContain('changed since this preview');
    expect(await rowsOf(school.id)).toEqual(before);
    // A fingerprint that was never previewed writes nothing either.
    expect((await admin.json('POST', `${base}/import`, { csv, fingerprint: 'made-up' })).status).toBe(409);
    expect(await rowsOf(school.id)).toEqual(before);
  });

  it('takes a file without a header, with commas; refuses unreadable, empty and oversized files with a clear message', async () => {
    const { school, admin } = await schoolWithAdmin();
    const plain = await admin.json<ImportPreview>('POST', `${base}/import/preview`, {
      csv: `a@${school.domain},North\nb@${school.domain}\n`,
    });
    expect(plain.body.rows.map((r) => [r.email, r.building, r.verdict])).toEqual([
      [`a@${school.domain}`, 'North', 'new'],
      [`b@${school.domain}`, null, 'new'],
    ]);
    const refusals: [unknown, number, string][] = [
      [{ csv: '' }, 422, 'no rows'],
      [{ csv: 'name,building\nAna,North' }, 422, 'no "email" column'],
      [{ csv: `email\n"a@${school.domain}` }, 422, 'never closed'],
      [{ csv: `email\n${`x@${school.domain}\n`.repeat(5001)}` }, 422, 'at most 5,000'],
      [{ csv: 'x'.repeat(800_001) }, 422, 'too large'],
      [{}, 422, 'Some fields'],
    ];
    for (const [body, status, words] of refusals) {
      const res = await admin.json<ErrorJson>('POST', `${base}/import/preview`, body);
      expect([res.status, `${res.body.error.message} ${JSON.stringify(res.body.error.fields ?? {})}`]).toEqual([
        status,
        expect.stringContaining(words),
      ]);
    }
    expect(await rowsOf(school.id)).toEqual([]);
  });

  it('exports a CSV attachment that guards formulas and imports back as it was', async () => {
    const { school, admin } = await schoolWithAdmin();
    await admin.json('POST', base, { email: `f@${school.domain}`, building: '=HYPERLINK("http://x","y")' });
    await admin.json('POST', base, { email: `g@${school.domain}`, building: 'Main, 2nd floor' });
    await admin.json('POST', base, { email: `h@${school.domain}` });
    const signed = await teacherAt(ctx, school);
    const res = await admin.get(`${base}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="teachers-school-[a-z0-9-]+-edu-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await res.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('email,building,signed_up,last_sign_in');
    expect(lines).toContain(`f@${school.domain},"'=HYPERLINK(""http://x"",""y"")",no,`);
    expect(lines).toContain(`g@${school.domain},"Main, 2nd floor",no,`);
    expect(lines.find((l) => l.startsWith(signed.user.email))).toMatch(/,yes,\d{4}-\d{2}-\d{2}T/);

    const original = (await rowsOf(school.id)).map((r) => [r.email, r.building]);
    await ctx.database.db.delete(schema.schoolTeacher).where(eq(schema.schoolTeacher.schoolId, school.id));
    const preview = await admin.json<ImportPreview>('POST', `${base}/import/preview`, { csv: text });
    expect(preview.body.counts).toMatchObject({ new: 4, bad: 0 });
    await admin.json('POST', `${base}/import`, { csv: text, fingerprint: preview.body.fingerprint });
    expect((await rowsOf(school.id)).map((r) => [r.email, r.building])).toEqual(original);
  });
});

describe('a removed teacher', () => {
  let second: { app: TestContext; database: Database } | null = null;
  beforeAll(async () => {
    if (ctx.database.kind !== 'postgres') return;
    // A second app process: its own pool and listening connection on the same database.
    const url = (ctx.database.db as unknown as { $client: { options: { connectionString?: string } } }).$client.options.connectionString!;
    const database = await openPostgres(url, { max: 2 });
    const auth = createAppAuth({ config: ctx.config, db: database.db, mailer: ctx.mailer, secret: ctx.config.authSecret! });
    const deps: AppDeps = { config: ctx.config, database, auth, mailer: ctx.mailer, hooks: ctx.hooks, timers: ctx.timers };
    second = { app: { ...ctx, ...deps, app: createApp(deps) }, database };
    startBackgroundWork(deps, { scheduled: false });
    await watchPlanChanges(database);
  });
  afterAll(() => second?.database.close());

  /** The same account signed in on `appCtx`'s process. */
  const on = (appCtx: TestContext, email: string) => new TestClient(appCtx).signIn(email);

  async function removalSeenBy(answering: TestContext) {
    const { school, admin } = await schoolWithAdmin();
    const owner = await teacherAt(ctx, school);
    const colleague = await teacherAt(ctx, school);
    const ownerHere = await on(answering, owner.user.email);
    const colleagueHere = await on(answering, colleague.user.email);
    const shared = await createVia(owner.client, docBot({ name: 'Shared fractions', visibility: 'school' }));
    const privateBot = await createVia(owner.client, docBot({ name: 'Own notes', visibility: 'private' }));
    const schoolTab = async () =>
      (await colleagueHere.json<{ items: BotJson[] }>('GET', '/api/bots?kind=DocBot&tab=school')).body.items.map((b) => b.id);

    // Warm the answering process: the owner's plan (its quota pool) and the colleague's school tab.
    expect(await schoolTab()).toEqual([shared.id]);
    expect((await ownerHere.json<Subscription>('GET', '/api/subscription')).body).toMatchObject({
      status: 'active school',
      user_type: 'teacher',
    });
    const heard: (string | null)[] = [];
    const stop = onPlanChange((db, userId) => {
      if (db === answering.database.db) heard.push(userId);
    });

    const row = (await rowsOf(school.id)).find((r) => r.email === owner.user.email)!;
    expect((await admin.request('DELETE', `${base}/${row.id}`)).status).toBe(204);

    // The next request on the answering process: the bot is gone from the school, the owner is a student of the school.
    expect(await schoolTab()).toEqual([]);
    expect((await colleagueHere.json('GET', `/api/bots/${shared.id}`)).status).toBe(404);
    const sub = (await ownerHere.json<Subscription>('GET', '/api/subscription')).body;
    expect(sub).toMatchObject({ school_id: school.id, user_type: 'student', teacher_building: null });
    expect((await ownerHere.json('POST', '/api/classes', { name: 'Period 1' })).status).toBe(403);
    expect((await ownerHere.json('GET', '/api/bots?kind=DocBot&tab=mine')).status).toBe(403);
    // The answering process heard the removal's plan change for that account (what it remembered of their plan is dropped).
    await expect.poll(() => heard).toContain(owner.user.id);
    stop();

    const bots = await ctx.database.db
      .select({ id: schema.bot.id, schoolId: schema.bot.schoolId, visibility: schema.bot.visibility })
      .from(schema.bot)
      .where(eq(schema.bot.ownerId, owner.user.id));
    expect(bots.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: shared.id, schoolId: null, visibility: 'school' },
        { id: privateBot.id, schoolId: null, visibility: 'private' },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    const [audit] = (await auditsOf([row.id])).filter((a) => a.action === 'school_teacher.remove');
    expect(audit).toMatchObject({ subjectUserId: owner.user.id, before: { botsWithdrawnFromSchool: 2 } });
  }

  it('loses the school and its sharing on the next request in the same process', async () => {
    await removalSeenBy(ctx);
  });

  // PGlite is one process's embedded database: a second app process cannot open it.
  it.skipIf(testDbKind() === 'pglite')(
    'loses them on the next request served by another app process whose caches were warm (skipped on PGlite: a second process cannot open its database)',
    async () => {
      await removalSeenBy(second!.app);
    },
  );
});
