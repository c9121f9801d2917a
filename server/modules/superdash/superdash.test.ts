import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors } from '../../../tests/setup';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Subscription } from '../../../contract/subscription';
import type { AuditList, SchoolLicence, ServerErrorList, SupportUser, SuperTotals, UserSearchResult } from '../../../contract/superdash';
import { schema } from '../../db/client';
import { buildUser, createTestContext, signedIn, SUPPORT_EMAIL, TestClient, type TestContext } from '../../../tests/harness';
import { makeFile } from '../bots/bots.test-helpers';
import { pruneServerErrors } from '../admin/server-errors';

// Issue 18, item 4: what the support account does through superDash, as the command line does it,
// with its own name in the audit log.
let ctx: TestContext;
let support: TestClient;
let supportId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const s = await signedIn(ctx, { email: SUPPORT_EMAIL, role: 'teacher' });
  support = s.client;
  supportId = s.user.id;
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const token = () => randomBytes(4).toString('hex');
const licenceBody = (domain: string, over: Record<string, unknown> = {}) => ({
  name: `School ${domain}`,
  domains: [domain],
  admins: [],
  expires: null,
  logoUrl: null,
  ...over,
});
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const auditOf = (entityId: string) =>
  db().select().from(schema.auditLog).where(eq(schema.auditLog.entityId, entityId)).orderBy(schema.auditLog.at);

describe('totals', () => {
  it('counts the installation and each school in SQL, this month and all time', async () => {
    const domain = `tot${token()}.edu`;
    const created = await support.json<SchoolLicence>(
      'POST',
      '/api/superdash/schools',
      licenceBody(domain, { admins: [`boss@${domain}`] }),
    );
    expect(created.status).toBe(201);
    const before = (await support.json<SuperTotals>('GET', '/api/superdash/totals')).body;
    const row0 = before.perSchool.find((r) => r.id === created.body.id)!;
    expect(row0).toMatchObject({ teachersOnList: 0, signedUpTeachers: 0, students: 0, generationsThisMonth: 0, storageBytes: 0 });

    await db()
      .insert(schema.schoolTeacher)
      .values([
        { schoolId: created.body.id, email: `t1@${domain}` },
        { schoolId: created.body.id, email: `t2@${domain}` },
      ]);
    const teacher = (await signedIn(ctx, { email: `t1@${domain}`, role: 'teacher' })).user;
    await signedIn(ctx, { email: `kid@${domain}`, role: 'student' });
    await signedIn(ctx, { email: `boss@${domain}`, role: 'teacher' });
    await buildUser(ctx, { role: 'student', verified: false });
    await makeFile(ctx, teacher.id); // 5 bytes
    const usage = { userId: teacher.id, poolOwnerId: teacher.id, schoolId: created.body.id, provider: 'test', model: 'm' };
    await db()
      .insert(schema.aiUsage)
      .values([
        { ...usage, kind: 'text', inputTokens: 100, outputTokens: 40, outcome: 'ok' },
        { ...usage, kind: 'image', images: 2, outcome: 'ok' },
        { ...usage, kind: 'text', inputTokens: 7, outcome: 'error' },
        { ...usage, kind: 'moderation', inputTokens: 3, outcome: 'ok' },
        { ...usage, kind: 'text', inputTokens: 1000, outputTokens: 1, outcome: 'ok', createdAt: new Date(Date.UTC(2020, 0, 5)) },
      ]);

    const after = (await support.json<SuperTotals>('GET', '/api/superdash/totals')).body;
    expect(after.perSchool.find((r) => r.id === created.body.id)).toEqual({
      id: created.body.id,
      name: `School ${domain}`,
      domains: [domain],
      expiration: null,
      teachersOnList: 2,
      signedUpTeachers: 1,
      students: 1, // kid; the admin is staff
      generationsThisMonth: 2, // the text and the image; not the error, the moderation pass or 2020's
      storageBytes: 5,
    });
    expect(after.users.teachers - before.users.teachers).toBe(2);
    expect(after.users.students - before.users.students).toBe(2);
    expect(after.users.unverified - before.users.unverified).toBe(1);
    expect(after.storageBytes - before.storageBytes).toBe(5);
    expect(after.schools).toBe(before.schools);
    const delta = (k: 'thisMonth' | 'allTime') => ({
      inputTokens: after.usage[k].inputTokens - before.usage[k].inputTokens,
      outputTokens: after.usage[k].outputTokens - before.usage[k].outputTokens,
      images: after.usage[k].images - before.usage[k].images,
      generations: after.usage[k].generations - before.usage[k].generations,
      checkTokens: after.usage[k].checkTokens - before.usage[k].checkTokens,
      failedTokens: after.usage[k].failedTokens - before.usage[k].failedTokens,
    });
    // The tokens of generations only, as the school dashboard counts them; the safety check's and the
    // failed call's apart (issue 39, item 19: superDash counted 6,113 where the school counted 4,382).
    expect(delta('thisMonth')).toEqual({ inputTokens: 100, outputTokens: 40, images: 2, generations: 2, checkTokens: 3, failedTokens: 7 });
    expect(delta('allTime')).toEqual({ inputTokens: 1100, outputTokens: 41, images: 2, generations: 3, checkTokens: 3, failedTokens: 7 });
  });

  it('does not count the support account as a teacher', async () => {
    const teachers = async () => {
      const [row] = await db()
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(schema.user)
        .where(and(eq(schema.user.role, 'teacher'), sql`lower(${schema.user.email}) <> ${SUPPORT_EMAIL.toLowerCase()}`));
      return row!.n;
    };
    const [supportRow] = await db().select({ role: schema.user.role }).from(schema.user).where(eq(schema.user.id, supportId));
    expect(supportRow!.role).toBe('teacher');
    const body = (await support.json<SuperTotals>('GET', '/api/superdash/totals')).body;
    expect(body.users.teachers).toBe(await teachers());
  });
});

describe('school licences', () => {
  it('creates and edits a licence with audit entries before and after, and lists it', async () => {
    const domain = `lic${token()}.edu`;
    const res = await support.json<SchoolLicence>(
      'POST',
      '/api/superdash/schools',
      licenceBody(domain, { domains: [domain, `Staff.${domain}`], admins: [`Head@${domain}`], expires: '2031-07-31' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: `School ${domain}`,
      domains: [domain, `staff.${domain}`],
      admins: [`head@${domain}`],
      expiration: '2031-07-31',
      logoUrl: null,
      teachersOnList: 0,
    });
    const id = res.body.id;
    const patched = await support.json<SchoolLicence>('PATCH', `/api/superdash/schools/${id}`, {
      name: 'Renamed Academy',
      expires: null,
      logoUrl: 'https://cdn.example.org/logo.png',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      name: 'Renamed Academy',
      expiration: null,
      logoUrl: 'https://cdn.example.org/logo.png',
      admins: [`head@${domain}`],
    });

    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.actorKind, a.actorUserId, a.actorLabel, a.entity])).toEqual([
      ['school_licence.create', 'support', supportId, SUPPORT_EMAIL, 'school_licence'],
      ['school_licence.update', 'support', supportId, SUPPORT_EMAIL, 'school_licence'],
    ]);
    expect(audit[0]!.before).toBeNull();
    expect(audit[0]!.after).toMatchObject({ schoolname: `School ${domain}`, expiration: '2031-07-31' });
    expect(audit[1]!.before).toMatchObject({ schoolname: `School ${domain}`, expiration: '2031-07-31', logoUrl: null });
    expect(audit[1]!.after).toMatchObject({ schoolname: 'Renamed Academy', expiration: null, logoUrl: 'https://cdn.example.org/logo.png' });

    const list = await support.json<{ schools: SchoolLicence[] }>('GET', '/api/superdash/schools');
    expect(list.body.schools.find((s) => s.id === id)).toMatchObject({ name: 'Renamed Academy', domains: [domain, `staff.${domain}`] });
  });

  it('409 for a domain another licence has, 422 for off-domain admins and bad fields, 400 for broken JSON: nothing changes', async () => {
    const domain = `one${token()}.edu`;
    const first = await support.json<SchoolLicence>('POST', '/api/superdash/schools', licenceBody(domain));
    const other = await support.json<SchoolLicence>('POST', '/api/superdash/schools', licenceBody(`two${token()}.edu`));
    const licences = () => db().select().from(schema.schoolLicence).orderBy(schema.schoolLicence.id);
    const audits = () => db().select().from(schema.auditLog).orderBy(schema.auditLog.id);
    const before = { licences: await licences(), audits: await audits() };

    const taken = await support.json<ErrorBody>(
      'POST',
      '/api/superdash/schools',
      licenceBody(`new${token()}.edu`, { domains: [`x${token()}.edu`, domain] }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('conflict');
    expect(taken.body.error.fields?.domains).toContain(domain);
    const takenByEdit = await support.json<ErrorBody>('PATCH', `/api/superdash/schools/${other.body.id}`, { domains: [domain] });
    expect(takenByEdit.status).toBe(409);
    expect(takenByEdit.body.error.fields?.domains).toContain(domain);

    const offDomain = await support.json<ErrorBody>(
      'POST',
      '/api/superdash/schools',
      licenceBody(`z${token()}.edu`, { admins: ['someone@elsewhere.org'] }),
    );
    expect(offDomain.status).toBe(422);
    expect(offDomain.body.error.fields?.admins).toContain('someone@elsewhere.org');
    const offByEdit = await support.json<ErrorBody>('PATCH', `/api/superdash/schools/${first.body.id}`, { admins: ['a@elsewhere.org'] });
    expect([offByEdit.status, Object.keys(offByEdit.body.error.fields ?? {})]).toEqual([422, ['admins']]);

    for (const [body, field] of [
      [licenceBody(`y${token()}.edu`, { logoUrl: 'http://insecure.example/logo.png' }), 'logoUrl'],
      [licenceBody(`y${token()}.edu`, { expires: '2030-02-30' }), 'expires'],
      [licenceBody('not a domain'), 'domains'],
      [licenceBody(`y${token()}.edu`, { name: '   ' }), 'name'],
      [licenceBody(`y${token()}.edu`, { domains: [] }), 'domains'],
      [{ ...licenceBody(`y${token()}.edu`), extra: 1 }, '_'],
    ] as const) {
      const res = await support.json<ErrorBody>('POST', '/api/superdash/schools', body);
      expect([res.status, res.body.error.code, Object.keys(res.body.error.fields ?? {})]).toEqual([422, 'validation_failed', [field]]);
    }
    const broken = await support.request('POST', '/api/superdash/schools', '{"name":', { 'content-type': 'application/json' });
    expect(broken.status).toBe(400);
    expect((await support.request('PATCH', `/api/superdash/schools/${randomUUID()}`, { name: 'Ghost' })).status).toBe(404);
    expect((await support.request('PATCH', '/api/superdash/schools/not-an-id', { name: 'Ghost' })).status).toBe(404);

    expect({ licences: await licences(), audits: await audits() }).toEqual(before);
  });

  it("a licence created here makes a verified teacher on its list 'active school' on their next request", async () => {
    const domain = `act${token()}.edu`;
    const teacher = await signedIn(ctx, { email: `maths@${domain}`, role: 'teacher' });
    const student = await signedIn(ctx, { email: `pupil@${domain}`, role: 'student' });
    const plan = async (c: TestClient) => (await c.json<Subscription>('GET', '/api/subscription')).body;
    expect((await plan(teacher.client)).status).toBe('not subscribed yet');
    const res = await support.json<SchoolLicence>('POST', '/api/superdash/schools', licenceBody(domain));
    await db()
      .insert(schema.schoolTeacher)
      .values({ schoolId: res.body.id, email: `maths@${domain}` });
    expect(await plan(teacher.client)).toMatchObject({
      status: 'active school',
      school_id: res.body.id,
      user_type: 'teacher',
      is_admin: false,
    });
    expect(await plan(student.client)).toMatchObject({ status: 'active school', school_id: res.body.id, user_type: 'student' });
    // An expiry in the past, set here, ends it on the next request.
    await support.json('PATCH', `/api/superdash/schools/${res.body.id}`, { expires: '2020-01-31' });
    expect((await plan(teacher.client)).status).toBe('not subscribed yet');
  });
});

describe('users', () => {
  it('finds accounts by exact address or its beginning, exact match first, without secrets', async () => {
    const stem = `find${token()}`;
    const exact = await signedIn(ctx, { email: `${stem}@example.org`, role: 'teacher', name: 'Ms Find' });
    await signedIn(ctx, { email: `${stem}@example.org.uk`, role: 'student' });
    await buildUser(ctx, { email: `${stem}x@example.org`, role: 'student', verified: false });
    const res = await support.json<UserSearchResult>('GET', `/api/superdash/users?email=${encodeURIComponent(`${stem}@example.org`)}`);
    expect(res.status).toBe(200);
    expect(res.body.users.map((u) => u.email)).toEqual([`${stem}@example.org`, `${stem}@example.org.uk`]);
    const first = res.body.users[0]!;
    expect(first).toMatchObject({ id: exact.user.id, name: 'Ms Find', role: 'teacher', verified: true, isSupport: false, grant: null });
    expect(first.plan.status).toBe('not subscribed yet');
    expect(first.lastSignInAt).not.toBeNull();
    expect(JSON.stringify(res.body)).not.toMatch(/password|token|session/i);

    const prefix = await support.json<UserSearchResult>('GET', `/api/superdash/users?email=${stem.toUpperCase()}`);
    expect(prefix.body.users).toHaveLength(3);
    // LIKE's wildcards are plain characters here.
    expect((await support.json<UserSearchResult>('GET', '/api/superdash/users?email=%25')).body.users).toEqual([]);
    expect((await support.json<UserSearchResult>('GET', '/api/superdash/users?email=_')).body.users).toEqual([]);
    expect((await support.request('GET', '/api/superdash/users')).status).toBe(422);
  });

  it('grants, extends and revokes premium with the support account in the audit log', async () => {
    const t = await signedIn(ctx, { role: 'teacher' });
    const plan = async () => (await t.client.json<Subscription>('GET', '/api/subscription')).body;
    const base = `/api/superdash/users/${t.user.id}`;

    const granted = await support.json<SupportUser>('POST', `${base}/grant`, { until: '2040-01-31' });
    expect(granted.status).toBe(200);
    expect(granted.body.plan).toMatchObject({ status: 'active', current_period_end: '2040-01-31T23:59:59.999Z' });
    expect(granted.body.grant).toEqual({ status: 'active', until: '2040-01-31T23:59:59.999Z' });
    expect((await plan()).status).toBe('active');

    const extended = await support.json<SupportUser>('POST', `${base}/extend`, { days: 10 });
    expect(extended.body.grant?.until).toBe('2040-02-10T23:59:59.999Z');
    const past = await support.json<ErrorBody>('POST', `${base}/extend`, { until: '2001-01-01' });
    expect([past.status, past.body.error.fields]).toEqual([422, { until: 'is in the past' }]);

    const revoked = await support.json<SupportUser>('POST', `${base}/revoke`, {});
    expect(revoked.body).toMatchObject({ grant: null, plan: { status: 'not subscribed yet' } });
    expect((await plan()).status).toBe('not subscribed yet');
    expect((await support.json<ErrorBody>('POST', `${base}/extend`, { days: 3 })).status).toBe(404);

    const audit = await db().select().from(schema.auditLog).where(eq(schema.auditLog.subjectUserId, t.user.id)).orderBy(schema.auditLog.at);
    expect(audit.map((a) => [a.action, a.actorKind, a.actorUserId, a.actorLabel])).toEqual([
      ['subscription.grant', 'support', supportId, SUPPORT_EMAIL],
      ['subscription.extend', 'support', supportId, SUPPORT_EMAIL],
      ['subscription.revoke', 'support', supportId, SUPPORT_EMAIL],
    ]);
    expect((await support.request('POST', `/api/superdash/users/${randomUUID()}/grant`, { until: null })).status).toBe(404);
    expect((await support.request('POST', `${base}/grant`, { until: null, status: 'canceled' })).status).toBe(422);
  });

  it("changes an account's role with an audit entry, and never the support account's own", async () => {
    const t = await signedIn(ctx, { role: 'teacher' });
    const res = await support.json<SupportUser>('PATCH', `/api/superdash/users/${t.user.id}/role`, { role: 'student' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'student', plan: { user_type: 'student' } });
    expect((await t.client.json<Subscription>('GET', '/api/subscription')).body.user_type).toBe('student');
    const [entry] = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.subjectUserId, t.user.id), eq(schema.auditLog.action, 'user.role')));
    expect(entry).toMatchObject({
      actorKind: 'support',
      actorUserId: supportId,
      actorLabel: SUPPORT_EMAIL,
      entity: 'user',
      entityId: t.user.id,
      before: { role: 'teacher' },
      after: { role: 'student' },
    });

    const own = await support.json<ErrorBody>('PATCH', `/api/superdash/users/${supportId}/role`, { role: 'student' });
    expect([own.status, own.body.error.code]).toEqual([403, 'support_account']);
    const [me] = await db().select({ role: schema.user.role }).from(schema.user).where(eq(schema.user.id, supportId));
    expect(me!.role).toBe('teacher');
    expect((await support.request('PATCH', `/api/superdash/users/${t.user.id}/role`, { role: 'admin' })).status).toBe(422);
  });
});

describe('server errors', () => {
  it('lists a real 500 with its route pattern and code, never the request content', async () => {
    const secret = `Secret School ${token()}`;
    const licence = await support.json<SchoolLicence>('POST', '/api/superdash/schools', licenceBody(`err${token()}.edu`));
    allowConsoleErrors();
    const logged = vi.spyOn(console, 'error');
    // A broken dependency: the table the edit reads is gone for a moment.
    await db().execute(sql`alter table school_licence rename to school_licence_away`);
    let res: Response;
    try {
      res = await support.request('PATCH', `/api/superdash/schools/${licence.body.id}?who=${encodeURIComponent(secret)}`, { name: secret });
    } finally {
      await db().execute(sql`alter table school_licence_away rename to school_licence`);
    }
    expect(res.status).toBe(500);
    const { requestId } = ((await res.json()) as { error: { requestId: string } }).error;
    // The error is kept without holding up the answer: wait for it.
    let list: ServerErrorList = { errors: [], nextCursor: null };
    for (let i = 0; i < 50 && list.errors.length === 0; i++) {
      list = (await support.json<ServerErrorList>('GET', `/api/superdash/errors?requestId=${requestId}`)).body;
      if (list.errors.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(list.errors).toHaveLength(1);
    expect(list.errors[0]).toMatchObject({ requestId, method: 'PATCH', route: '/api/superdash/schools/:id', status: 500 });
    const stored = JSON.stringify(await db().select().from(schema.serverError).where(eq(schema.serverError.requestId, requestId)));
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(licence.body.id);
    expect(stored).not.toContain('Secret');
    const log = logged.mock.calls.flat().map(String).join('\n');
    expect(log).toContain('42P01');
    expect(log).not.toContain('Secret');
  });

  it('pages newest first, finds a request id exactly, and prunes rows older than 30 days', async () => {
    const prefix = `req-${token()}`;
    const now = Date.now();
    await db()
      .insert(schema.serverError)
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          at: new Date(now - (i + 1) * 60_000),
          requestId: `${prefix}-${i}`,
          method: 'GET',
          route: '/api/x',
          status: 503,
          code: 'ECONNREFUSED',
        })),
      );
    await db()
      .insert(schema.serverError)
      .values({ at: new Date(now - 31 * 86_400_000), requestId: `${prefix}-old`, status: 500, code: 'Error' });
    const first = (await support.json<ServerErrorList>('GET', '/api/superdash/errors')).body;
    expect(first.errors).toHaveLength(50);
    const ats = first.errors.map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const mine = first.errors.filter((e) => e.requestId?.startsWith(prefix)).map((e) => e.requestId);
    expect(mine.slice(0, 3)).toEqual([`${prefix}-0`, `${prefix}-1`, `${prefix}-2`]);
    const second = (await support.json<ServerErrorList>('GET', `/api/superdash/errors?before=${first.nextCursor}`)).body;
    const seen = new Set([...first.errors, ...second.errors].map((e) => e.id));
    expect(seen.size).toBe(first.errors.length + second.errors.length);
    expect(second.errors.map((e) => e.requestId)).toContain(`${prefix}-old`);
    expect(
      (await support.json<ServerErrorList>('GET', `/api/superdash/errors?requestId=${prefix}-1`)).body.errors.map((e) => e.requestId),
    ).toEqual([`${prefix}-1`]);
    expect((await support.json<ServerErrorList>('GET', `/api/superdash/errors?requestId=${prefix}`)).body.errors).toEqual([]);
    expect((await support.request('GET', '/api/superdash/errors?before=garbage!')).status).toBe(400);

    await pruneServerErrors(db());
    const left = await db().select().from(schema.serverError).orderBy(desc(schema.serverError.at));
    expect(left.map((e) => e.requestId)).not.toContain(`${prefix}-old`);
    expect(left.filter((e) => e.requestId?.startsWith(prefix))).toHaveLength(55);
  });
});

describe('audit log', () => {
  it('shows changes newest first with actor, subject address and before/after, by action and address', async () => {
    const t = await signedIn(ctx, { role: 'teacher' });
    await support.json('POST', `/api/superdash/users/${t.user.id}/grant`, { until: null, status: 'trialing' });
    await support.json('PATCH', `/api/superdash/users/${t.user.id}/role`, { role: 'student' });
    const all = (await support.json<AuditList>('GET', '/api/superdash/audit')).body;
    expect(all.entries[0]).toMatchObject({
      action: 'user.role',
      actorKind: 'support',
      actorLabel: SUPPORT_EMAIL,
      subjectEmail: t.user.email,
      entity: 'user',
      before: { role: 'teacher' },
      after: { role: 'student' },
    });
    expect(all.entries[1]).toMatchObject({
      action: 'subscription.grant',
      subjectEmail: t.user.email,
      before: null,
      after: { status: 'trialing' },
    });
    const byEmail = (await support.json<AuditList>('GET', `/api/superdash/audit?email=${encodeURIComponent(t.user.email.toUpperCase())}`))
      .body;
    expect(byEmail.entries.map((e) => e.action)).toEqual(['user.role', 'subscription.grant']);
    const byAction = (await support.json<AuditList>('GET', '/api/superdash/audit?action=subscription.grant')).body;
    expect(byAction.entries.length).toBeGreaterThan(0);
    expect(byAction.entries.every((e) => e.action === 'subscription.grant')).toBe(true);
    expect((await support.request('GET', '/api/superdash/audit?nope=1')).status).toBe(422);
  });

  it('names who acted on premium requests and ticket replies (issue 25: By read "user" or nothing)', async () => {
    const t = await signedIn(ctx, { role: 'teacher' });
    expect((await t.client.post('/api/subscription/request-premium', { message: '' })).status).toBe(200);
    const [ticket] = await db().select().from(schema.supportTicket).where(eq(schema.supportTicket.userId, t.user.id));
    const reply = await support.json('POST', `/api/support/tickets/${ticket!.id}/messages`, {
      message: 'Granted from Monday.',
      idempotencyKey: `k-${token()}`,
    });
    expect(reply.status).toBe(200);
    // An entry written with the acting account only, as premium requests were before: read as its address.
    await db()
      .insert(schema.auditLog)
      .values({ actorKind: 'user', actorUserId: t.user.id, action: 'premium.request', subjectUserId: t.user.id });
    const mine = (await support.json<AuditList>('GET', `/api/superdash/audit?email=${encodeURIComponent(t.user.email)}`)).body;
    expect(mine.entries.map((e) => [e.action, e.actorKind, e.actorLabel])).toEqual([
      ['premium.request', 'user', t.user.email],
      ['ticket.reply', 'support', SUPPORT_EMAIL],
      ['premium.request', 'user', t.user.email],
    ]);
  });
});

describe('query strings', () => {
  it('answers 422 naming the field for text that cannot be stored in any search, never 500', async () => {
    const cases: [string, string][] = [
      ['/api/superdash/users?email=a%00b', 'email'],
      ['/api/superdash/errors?requestId=%00', 'requestId'],
      ['/api/superdash/audit?action=x%00', 'action'],
      ['/api/superdash/audit?email=%00%00', 'email'],
    ];
    for (const [url, field] of cases) {
      const res = await support.json<ErrorBody>('GET', url);
      expect([url, res.status, Object.keys(res.body.error.fields ?? {})]).toEqual([url, 422, [field]]);
    }
  });
});
