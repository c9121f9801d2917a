import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InstallationCrisisLinesView, SchoolSafetyView } from '../../../contract/crisis-lines';
import { schema } from '../../db/client';
import { createTestContext, signedIn, SUPPORT_EMAIL, TestClient, type TestContext } from '../../../tests/harness';
import { adminOf, makeSchool, teacherAt } from '../bots/bots.test-helpers';
import { premiumTeacher } from '../classes/classes.test-helpers';

// Issue 39 item 9: the crisis lines come from settings. A school's admin sets their own school's
// lines and reporting guidance (/api/school-admin/safety); the support account sets the
// installation's lines for each language (/api/superdash/crisis-lines). Every other role is refused
// and a refused or invalid request changes nothing.

let ctx: TestContext;
let school: Awaited<ReturnType<typeof makeSchool>>;
let other: Awaited<ReturnType<typeof makeSchool>>;
let admin: TestClient;
let otherAdmin: TestClient;
let support: TestClient;

const mexico = { country: 'mx', emergency: '911', lines: [{ name: 'Línea de la Vida', call: '800 911 2000' }] };
const spain = { country: 'ES', emergency: '112', lines: [{ name: 'Teléfono ANAR', call: '900 20 20 10', web: 'anar.org' }] };

beforeAll(async () => {
  ctx = await createTestContext();
  school = await makeSchool(ctx);
  other = await makeSchool(ctx);
  admin = await adminOf(ctx, school);
  otherAdmin = await adminOf(ctx, other);
  support = (await signedIn(ctx, { email: SUPPORT_EMAIL, role: 'teacher' })).client;
});
afterAll(() => ctx.close());

const schoolRow = async (id: string) =>
  (await ctx.database.db.select().from(schema.schoolLicence).where(eq(schema.schoolLicence.id, id)))[0]!;
const installationRows = () => ctx.database.db.select().from(schema.installationSetting);
const auditOf = (action: string) =>
  ctx.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, action)).orderBy(schema.auditLog.at);

describe("a school's safety settings", () => {
  it("are set by the school's admin for their own school only, and read back with what students see", async () => {
    const put = await admin.json<SchoolSafetyView>('PUT', '/api/school-admin/safety', {
      crisisLines: mexico,
      reportingGuidance: 'Tell Ms Ortiz (DSL) the same day and file form CP-1.',
    });
    expect(put.status).toBe(200);
    expect(put.body.crisisLines).toEqual({ ...mexico, country: 'MX' });
    expect(put.body.inEffect.es).toEqual({ ...mexico, country: 'MX' });
    expect((await schoolRow(school.id)).reportingGuidance).toBe('Tell Ms Ortiz (DSL) the same day and file form CP-1.');
    // The other school is untouched and still sees the defaults.
    expect((await schoolRow(other.id)).crisisLines).toBeNull();
    const theirs = await otherAdmin.json<SchoolSafetyView>('GET', '/api/school-admin/safety');
    expect(theirs.body).toMatchObject({
      crisisLines: null,
      reportingGuidance: null,
      inEffect: { en: { country: 'US', emergency: '911' } },
    });
    // Cleared: back to the installation's, else the defaults.
    const cleared = await admin.json<SchoolSafetyView>('PUT', '/api/school-admin/safety', { crisisLines: null, reportingGuidance: '' });
    expect(cleared.body).toMatchObject({ crisisLines: null, reportingGuidance: null });
    // Each change is in the audit log, by the admin, with what it was and became.
    const audited = await auditOf('school_safety.update');
    expect(audited.map((a) => [a.actorKind, a.entityId, a.after])).toEqual([
      [
        'admin',
        school.id,
        { crisisLines: { ...mexico, country: 'MX' }, reportingGuidance: 'Tell Ms Ortiz (DSL) the same day and file form CP-1.' },
      ],
      ['admin', school.id, { crisisLines: null, reportingGuidance: null }],
    ]);
    expect(audited[1]!.before).toEqual(audited[0]!.after);
  });

  it('refuses bad input with 422, naming the field, and changes nothing', async () => {
    await admin.json('PUT', '/api/school-admin/safety', { crisisLines: mexico, reportingGuidance: null });
    const before = await schoolRow(school.id);
    const bad: unknown[] = [
      { crisisLines: { ...mexico, country: 'Mexico' }, reportingGuidance: null },
      { crisisLines: { ...mexico, emergency: 'call 911' }, reportingGuidance: null },
      { crisisLines: { ...mexico, lines: [] }, reportingGuidance: null },
      { crisisLines: { ...mexico, lines: [{ name: 'No way to reach it' }] }, reportingGuidance: null },
      { crisisLines: { ...mexico, lines: [{ name: 'X', call: '<script>' }] }, reportingGuidance: null },
      { crisisLines: { ...mexico, lines: [{ name: 'X', web: 'javascript:alert(1)' }] }, reportingGuidance: null },
      { crisisLines: mexico, reportingGuidance: 'x'.repeat(2001) },
      { crisisLines: mexico, reportingGuidance: null, schoolId: other.id },
    ];
    for (const body of bad) {
      const res = await admin.json<{ error: { code: string } }>('PUT', '/api/school-admin/safety', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const after = await schoolRow(school.id);
    expect(after.crisisLines).toEqual(before.crisisLines);
    expect(after.reportingGuidance).toEqual(before.reportingGuidance);
  });

  it('refuses everyone but an admin of the school: signed out 401; a teacher of the school, a premium teacher, a student and the support account 403', async () => {
    const before = await schoolRow(school.id);
    const refused: [TestClient, number][] = [
      [new TestClient(ctx), 401],
      [(await teacherAt(ctx, school)).client, 403],
      [(await premiumTeacher(ctx)).client, 403],
      [(await signedIn(ctx, { role: 'student', email: `kid@${school.domain}` })).client, 403],
      [support, 403],
    ];
    for (const [client, status] of refused) {
      expect((await client.request('GET', '/api/school-admin/safety')).status).toBe(status);
      expect((await client.request('PUT', '/api/school-admin/safety', { crisisLines: spain, reportingGuidance: 'x' })).status).toBe(status);
    }
    const after = await schoolRow(school.id);
    expect([after.crisisLines, after.reportingGuidance]).toEqual([before.crisisLines, before.reportingGuidance]);
  });
});

describe("the installation's crisis lines", () => {
  it('are set by the support account for each language, and read back with the defaults', async () => {
    const empty = await support.json<InstallationCrisisLinesView>('GET', '/api/superdash/crisis-lines');
    expect(empty.body).toMatchObject({ en: null, es: null, defaults: { en: { country: 'US' }, es: { country: 'US' } } });
    const put = await support.json<InstallationCrisisLinesView>('PUT', '/api/superdash/crisis-lines', { en: null, es: spain });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ en: null, es: spain });
    // A school with no lines of its own now gives its Spanish-speaking students these.
    const view = await otherAdmin.json<SchoolSafetyView>('GET', '/api/school-admin/safety');
    expect(view.body.inEffect).toMatchObject({ en: { country: 'US' }, es: spain });
    const [audited] = await auditOf('crisis_lines.update');
    expect(audited).toMatchObject({
      actorKind: 'support',
      actorLabel: SUPPORT_EMAIL,
      before: { en: null, es: null },
      after: { en: null, es: spain },
    });
  });

  it('refuses bad input with 422 and every role but the support account (401 signed out, 403 others), changing nothing', async () => {
    const before = await installationRows();
    const bad = await support.json<{ error: { code: string } }>('PUT', '/api/superdash/crisis-lines', { en: { ...spain, lines: [] } });
    expect(bad.status).toBe(422);
    const refused: [TestClient, number][] = [
      [new TestClient(ctx), 401],
      [admin, 403],
      [(await premiumTeacher(ctx)).client, 403],
      [(await signedIn(ctx, { role: 'student' })).client, 403],
    ];
    for (const [client, status] of refused) {
      expect((await client.request('GET', '/api/superdash/crisis-lines')).status).toBe(status);
      expect((await client.request('PUT', '/api/superdash/crisis-lines', { en: mexico, es: null })).status).toBe(status);
    }
    expect(await installationRows()).toEqual(before);
  });
});
