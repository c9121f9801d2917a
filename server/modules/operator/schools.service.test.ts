import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import { AppError } from '../../lib/errors';
import { buildUser, createTestContext, signedIn, type TestContext } from '../../../tests/harness';
import {
  addSchoolTeacher,
  createSchool,
  findSchoolByDomain,
  listSchoolTeachers,
  removeSchoolTeacher,
  updateSchool,
} from './schools.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
let n = 0;
const domainName = (base: string) => `${base}${++n}.edu`;

async function appError(promise: Promise<unknown>): Promise<AppError> {
  const err: unknown = await promise.then(
    () => new Error('expected an AppError'),
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw err;
  return err;
}

describe('school licences (operator)', () => {
  it('creates a licence with lower-case domains and admins, the first domain primary', async () => {
    const [a, b] = [domainName('Oak'), domainName('north-oak')];
    const licence = await createSchool(db(), {
      name: '  Oak School ',
      domains: [a.toUpperCase(), b, a],
      admins: [`Boss@${b.toUpperCase()}`],
      expires: '2031-06-30',
    });
    expect(licence).toMatchObject({
      schoolname: 'Oak School',
      domain: a.toLowerCase(),
      domains: [a.toLowerCase(), b],
      admins: [`boss@${b}`],
      expiration: '2031-06-30',
    });
    expect((await findSchoolByDomain(db(), b.toUpperCase())).id).toBe(licence.id);
  });

  it('refuses a domain that another licence already has, naming that school', async () => {
    const taken = domainName('taken');
    await createSchool(db(), { name: 'First School', domains: [domainName('first'), taken] });
    const err = await appError(createSchool(db(), { name: 'Second School', domains: [domainName('second'), taken] }));
    expect(err.code).toBe('conflict');
    expect(err.message).toBe(`The domain ${taken} already belongs to the licence of First School.`);
  });

  it("refuses bad domains, impossible dates, and admins off the licence's domains", async () => {
    const d = domainName('val');
    expect((await appError(createSchool(db(), { name: 'X', domains: ['not a domain'] }))).options.fields).toEqual({
      domains: 'must be a domain such as school.edu (got "not a domain")',
    });
    expect((await appError(createSchool(db(), { name: 'X', domains: [] }))).options.fields).toEqual({
      domains: 'must name at least one domain',
    });
    expect((await appError(createSchool(db(), { name: 'X', domains: [d], expires: '2031-02-29' }))).options.fields?.expires).toMatch(
      /real date/,
    );
    const off = await appError(createSchool(db(), { name: 'X', domains: [d], admins: ['head@elsewhere.edu'] }));
    expect(off.options.fields).toEqual({ admins: `head@elsewhere.edu is not on the licence's domains (${d})` });
    expect(await db().select().from(schema.schoolLicence).where(eq(schema.schoolLicence.domain, d))).toHaveLength(0);
  });

  it('updates only what is given, found by any domain; none removes the end date', async () => {
    const [a, b, c] = [domainName('upd'), domainName('upd-b'), domainName('upd-c')];
    const licence = await createSchool(db(), { name: 'Elm', domains: [a, b], admins: [`x@${a}`], expires: '2031-01-01' });
    const renamed = await updateSchool(db(), { domain: b, name: 'Elm Academy' });
    expect(renamed).toMatchObject({
      id: licence.id,
      schoolname: 'Elm Academy',
      domains: [a, b],
      admins: [`x@${a}`],
      expiration: '2031-01-01',
    });
    const moved = await updateSchool(db(), { domain: a, domains: [c, a], admins: [`y@${c}`], expires: null });
    expect(moved).toMatchObject({ domain: c, domains: [c, a], admins: [`y@${c}`], expiration: null });
    await expect(findSchoolByDomain(db(), b)).rejects.toThrow(`No school licence has the domain ${b}.`);
  });

  it('refuses an update whose domains belong to another licence or leave admins off-domain', async () => {
    const [mine, theirs] = [domainName('mine'), domainName('theirs')];
    await createSchool(db(), { name: 'Mine', domains: [mine], admins: [`a@${mine}`] });
    await createSchool(db(), { name: 'Theirs', domains: [theirs] });
    expect((await appError(updateSchool(db(), { domain: mine, domains: [mine, theirs] }))).code).toBe('conflict');
    const other = domainName('other');
    expect((await appError(updateSchool(db(), { domain: mine, domains: [other] }))).options.fields).toHaveProperty('admins');
    expect((await appError(updateSchool(db(), { domain: domainName('nobody') }))).code).toBe('not_found');
  });

  it('adds a teacher, updates their building when added again, and removes them', async () => {
    const [a, b] = [domainName('list'), domainName('list-b')];
    const licence = await createSchool(db(), { name: 'List School', domains: [a, b] });
    expect(await addSchoolTeacher(db(), { domain: b, email: `T@${a}`, building: 'North' })).toMatchObject({
      updated: false,
      building: 'North',
    });
    expect(await addSchoolTeacher(db(), { domain: a, email: `t@${a}`, building: 'South' })).toMatchObject({ updated: true });
    expect(await listSchoolTeachers(db(), licence.id)).toEqual([{ email: `t@${a}`, building: 'South' }]);
    await addSchoolTeacher(db(), { domain: a, email: `t@${a}` });
    expect(await listSchoolTeachers(db(), licence.id)).toEqual([{ email: `t@${a}`, building: null }]);

    expect((await appError(addSchoolTeacher(db(), { domain: a, email: 't@gmail.com' }))).options.fields).toHaveProperty('email');
    await removeSchoolTeacher(db(), { domain: b, email: `t@${a}` });
    expect(await listSchoolTeachers(db(), licence.id)).toEqual([]);
    expect((await appError(removeSchoolTeacher(db(), { domain: a, email: `t@${a}` }))).message).toBe(
      `t@${a} is not on the teachers list of List School.`,
    );
  });

  it("makes a verified admin on a new licence's domain resolve as active school, a teacher with a building once listed", async () => {
    const d = domainName('live');
    const licence = await createSchool(db(), { name: 'Live School', domains: [d], admins: [`head@${d}`] });
    const { client } = await signedIn(ctx, { email: `head@${d}`, role: 'teacher' });
    expect((await client.json('GET', '/api/subscription')).body).toMatchObject({
      status: 'active school',
      school_id: licence.id,
      school_name: 'Live School',
      user_type: 'teacher',
      teacher_building: null,
      is_admin: true,
    });
    await addSchoolTeacher(db(), { domain: d, email: `head@${d}`, building: 'Main' });
    expect((await client.json('GET', '/api/subscription')).body).toMatchObject({ user_type: 'teacher', teacher_building: 'Main' });
  });
});

describe('audit', () => {
  it('records the command line as the actor of a licence created and changed, with before and after', async () => {
    const domain = domainName('audited');
    const licence = await createSchool(db(), { name: 'Audited High', domains: [domain] });
    await updateSchool(db(), { domain, name: 'Audited Academy' });
    const rows = await db().select().from(schema.auditLog).where(eq(schema.auditLog.entityId, licence.id)).orderBy(schema.auditLog.at);
    expect(rows.map((r) => [r.action, r.actorKind, r.actorLabel, r.entity, r.before?.schoolname ?? null, r.after?.schoolname])).toEqual([
      ['school_licence.create', 'cli', 'command line', 'school_licence', null, 'Audited High'],
      ['school_licence.update', 'cli', 'command line', 'school_licence', 'Audited High', 'Audited Academy'],
    ]);
  });
});

describe('removing a teacher from the command line', () => {
  it("takes the teacher's bots out of the school's sharing and writes the audit entry, as a school admin's removal does", async () => {
    const domain = domainName('cli-remove');
    const licence = await createSchool(db(), { name: 'Removal School', domains: [domain] });
    const user = await buildUser(ctx, { email: `leaver@${domain}`, role: 'teacher' });
    await addSchoolTeacher(db(), { domain, email: user.email });
    const [bot] = await db()
      .insert(schema.bot)
      .values({ ownerId: user.id, kind: 'ChatBot', name: 'Shared helper', settings: {}, visibility: 'school', schoolId: licence.id })
      .returning({ id: schema.bot.id });

    await removeSchoolTeacher(db(), { domain, email: user.email });

    const [after] = await db()
      .select({ schoolId: schema.bot.schoolId, visibility: schema.bot.visibility })
      .from(schema.bot)
      .where(eq(schema.bot.id, bot!.id));
    expect(after).toEqual({ schoolId: null, visibility: 'school' });
    const [entry] = await db().select().from(schema.auditLog).where(eq(schema.auditLog.subjectUserId, user.id));
    expect(entry).toMatchObject({ action: 'school_teacher.remove', actorKind: 'cli', entity: 'school_teacher', after: null });
    expect(entry!.before).toMatchObject({ email: user.email, botsWithdrawnFromSchool: 1 });
  });
});
