import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '../db/client';
import { createTestContext, signedIn, SUPPORT_EMAIL, TestClient, type TestContext } from '../../tests/harness';
import { listSchoolTeachers } from '../modules/operator/schools.service';
import { cliOn, type CliResult } from './test-kit';

let ctx: TestContext;
let cli: (...argv: string[]) => Promise<CliResult>;
beforeAll(async () => {
  ctx = await createTestContext();
  cli = await cliOn(ctx);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
let n = 0;
const address = (domain = 'cli.example.org') => `person${++n}@${domain}`;

async function ok(...argv: string[]) {
  const r = await cli(...argv);
  if (r.code !== 0) throw new Error(`${argv.join(' ')} exited ${r.code}: ${r.err}`);
  return r;
}

describe('operator CLI commands, seen through the app', () => {
  it('user:create makes an account that signs in through the real app', async () => {
    const email = address();
    const r = await ok(
      'user:create',
      '--email',
      email.toUpperCase(),
      '--password',
      'a-good-password',
      '--name',
      'Jane Doe',
      '--role',
      'student',
      '--verified',
    );
    expect(r.out).toBe(`Created student account ${email} (Jane Doe), verified.`);
    const client = await new TestClient(ctx).signIn(email, 'a-good-password');
    expect((await client.json('GET', '/api/me')).body).toMatchObject({ email, name: 'Jane Doe', role: 'student', emailVerified: true });
    const again = await cli('user:create', '--email', email, '--password', 'a-good-password');
    expect(again).toMatchObject({ code: 1, err: `user:create: An account with ${email} already exists.` });
  });

  it('user:create makes the support account, verified even without --verified', async () => {
    const r = await ok('user:create', '--email', SUPPORT_EMAIL, '--password', 'support-password');
    expect(r.out).toContain('This is the support account (SUPPORT_EMAIL).');
    const client = await new TestClient(ctx).signIn(SUPPORT_EMAIL, 'support-password');
    expect((await client.json('GET', '/api/me')).body).toMatchObject({ isSupport: true });
    expect((await client.json('GET', '/api/subscription')).body).toMatchObject({ status: 'active' });
  });

  it('user:set-password ends the sessions of the account', async () => {
    const { user, client } = await signedIn(ctx);
    expect((await client.get('/api/me')).status).toBe(200);
    await ok('user:set-password', '--email', user.email, '--password', 'brand-new-password');
    expect((await client.get('/api/me')).status).toBe(401);
    await new TestClient(ctx).signIn(user.email, 'brand-new-password');
    expect(await cli('user:set-password', '--email', 'ghost@cli.example.org', '--password', 'brand-new-password')).toMatchObject({
      code: 1,
      err: 'user:set-password: No account has the address ghost@cli.example.org.',
    });
  });

  it('user:set-role changes the role the app reports', async () => {
    const { user, client } = await signedIn(ctx, { role: 'teacher' });
    expect((await ok('user:set-role', '--email', user.email, '--role', 'student')).out).toBe(
      `${user.email} is now a student (was teacher).`,
    );
    expect((await client.json('GET', '/api/subscription')).body).toMatchObject({ user_type: 'student' });
  });

  it('user:delete removes the account with its sessions and subscriptions', async () => {
    const { user, client } = await signedIn(ctx);
    await ok('subscription:grant', '--email', user.email, '--status', 'active');
    const r = await ok('user:delete', '--email', user.email);
    expect(r.out).toBe(`Deleted ${user.email} with 1 session(s), 1 subscription(s) and 0 file(s).`);
    expect((await client.get('/api/me')).status).toBe(401);
    expect(await db().select().from(schema.user).where(eq(schema.user.id, user.id))).toHaveLength(0);
    expect(await db().select().from(schema.account).where(eq(schema.account.userId, user.id))).toHaveLength(0);
    expect(await db().select().from(schema.customerSubscription).where(eq(schema.customerSubscription.userId, user.id))).toHaveLength(0);
  });

  it('subscription:grant and subscription:revoke change /api/subscription', async () => {
    const { user, client } = await signedIn(ctx);
    const sub = async () => (await client.json('GET', '/api/subscription')).body;
    expect(await sub()).toMatchObject({ status: 'not subscribed yet' });

    expect((await ok('subscription:grant', '--email', user.email, '--status', 'trialing', '--until', '2099-12-31')).out).toBe(
      `Granted ${user.email}: trialing until the end of 2099-12-31 (UTC).`,
    );
    expect(await sub()).toMatchObject({ status: 'trialing', current_period_end: '2099-12-31T23:59:59.999Z' });
    expect((await ok('subscription:grant', '--email', user.email, '--status', 'active')).out).toBe(
      `Replaced the grant of ${user.email}: active with no end date.`,
    );
    expect(await sub()).toMatchObject({ status: 'active', current_period_end: null });
    expect(await db().select().from(schema.customerSubscription).where(eq(schema.customerSubscription.userId, user.id))).toHaveLength(1);

    expect((await ok('subscription:revoke', '--email', user.email)).out).toBe(`Revoked the granted subscription of ${user.email}.`);
    expect(await sub()).toMatchObject({ status: 'not subscribed yet' });
    expect((await ok('subscription:revoke', '--email', user.email)).out).toBe(
      `${user.email} has no granted subscription: nothing to revoke.`,
    );
    expect(await cli('subscription:grant', '--email', user.email, '--status', 'active', '--until', '2001-01-01')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^subscription:grant: --until is in the past\./) as unknown,
    });
  });

  it('subscription:extend moves the end of a grant by a date or by days, and refuses plainly', async () => {
    const { user, client } = await signedIn(ctx);
    expect(await cli('subscription:extend', '--email', user.email, '--days', '5')).toMatchObject({
      code: 1,
      err: expect.stringContaining(`${user.email} has no granted subscription to extend: grant one first.`) as unknown,
    });
    await ok('subscription:grant', '--email', user.email, '--status', 'active', '--until', '2099-01-31');
    expect((await ok('subscription:extend', '--email', user.email, '--days', '10')).out).toBe(
      `Extended the grant of ${user.email}: active until the end of 2099-02-10 (UTC).`,
    );
    expect((await ok('subscription:extend', '--email', user.email, '--until', '2099-12-31')).out).toBe(
      `Extended the grant of ${user.email}: active until the end of 2099-12-31 (UTC).`,
    );
    expect((await client.json('GET', '/api/subscription')).body).toMatchObject({ current_period_end: '2099-12-31T23:59:59.999Z' });
    expect(await cli('subscription:extend', '--email', user.email)).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^subscription:extend: --until give either until or days\./) as unknown,
    });
    expect(await cli('subscription:extend', '--email', user.email, '--days', 'ten')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--days must be a whole number of days') as unknown,
    });
    expect((await client.json('GET', '/api/subscription')).body).toMatchObject({ current_period_end: '2099-12-31T23:59:59.999Z' });
  });

  it('school:create prints the id, and a verified user on that domain resolves as active school', async () => {
    const r = await ok(
      'school:create',
      '--name',
      'Maple High',
      '--domains',
      'Maple.edu,north.maple.edu',
      '--admins',
      'head@north.maple.edu',
      '--expires',
      '2099-06-30',
    );
    const id = r.out;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.err).toContain('domains:  maple.edu, north.maple.edu (primary: maple.edu)');

    const { client } = await signedIn(ctx, { email: address('north.maple.edu'), role: 'teacher' });
    expect((await client.json('GET', '/api/subscription')).body).toMatchObject({
      status: 'active school',
      school_id: id,
      school_name: 'Maple High',
      school_domain: 'maple.edu',
      user_type: 'student',
      current_period_end: '2099-06-30',
    });
    const taken = await cli('school:create', '--name', 'Copycat', '--domains', 'other.edu,maple.edu');
    expect(taken).toMatchObject({ code: 1, err: 'school:create: The domain maple.edu already belongs to the licence of Maple High.' });
  });

  it('school:teacher-add, school:update and school:teacher-remove change who is a teacher, and where', async () => {
    await ok('school:create', '--name', 'Birch School', '--domains', 'birch.edu');
    const { user, client } = await signedIn(ctx, { email: address('birch.edu'), role: 'student' });
    const sub = async () => (await client.json('GET', '/api/subscription')).body;

    expect((await ok('school:teacher-add', '--domain', 'birch.edu', '--email', user.email, '--building', 'East Wing')).out).toBe(
      `Added ${user.email} on the teachers list of Birch School, building East Wing.`,
    );
    expect(await sub()).toMatchObject({ user_type: 'teacher', teacher_building: 'East Wing' });
    await ok('school:teacher-add', '--domain', 'birch.edu', '--email', user.email, '--building', 'West Wing');
    expect(await sub()).toMatchObject({ teacher_building: 'West Wing' });

    const updated = await ok(
      'school:update',
      '--domain',
      'birch.edu',
      '--name',
      'Birch Academy',
      '--admins',
      user.email,
      '--expires',
      '2099-01-31',
    );
    expect(updated.out).toContain('name:     Birch Academy');
    expect(await sub()).toMatchObject({ school_name: 'Birch Academy', is_admin: true, current_period_end: '2099-01-31' });
    await ok('school:update', '--domain', 'birch.edu', '--expires', 'none');
    expect(await sub()).toMatchObject({ current_period_end: null });

    expect((await ok('school:teacher-remove', '--domain', 'birch.edu', '--email', user.email)).out).toBe(
      `Removed ${user.email} from the teachers list of Birch Academy.`,
    );
    // Still on the admins list: a teacher of the school with no building (docs/product/roles-and-plans.md#who-is-who).
    expect(await sub()).toMatchObject({ user_type: 'teacher', is_admin: true, teacher_building: null });
    await ok('school:update', '--domain', 'birch.edu', '--admins', '');
    expect(await sub()).toMatchObject({ user_type: 'student', is_admin: false, teacher_building: null });
    expect((await cli('school:teacher-remove', '--domain', 'birch.edu', '--email', user.email)).code).toBe(1);
    expect(await cli('school:teacher-add', '--domain', 'nowhere.edu', '--email', 'x@nowhere.edu')).toMatchObject({
      code: 1,
      err: 'school:teacher-add: No school licence has the domain nowhere.edu.',
    });
  });

  it('demo:seed prints every sign-in on every run, and a second run adds nothing', async () => {
    const first = await ok('demo:seed');
    expect(first.out).toMatch(
      /^Demo data of Riverside Middle School \(riverside\.demo\): added the school, 1[01] account\(s\), 16 sample bot\(s\)/,
    );
    const lines = first.out.split('\n').filter((l) => l.startsWith('  '));
    expect(lines).toHaveLength(11);
    const [email, password] = lines[1]!.trim().split(/\s+/);
    await new TestClient(ctx).signIn(email!, password);
    const school = await db().select().from(schema.schoolLicence).where(eq(schema.schoolLicence.domain, 'riverside.demo'));
    expect(await listSchoolTeachers(db(), school[0]!.id)).toHaveLength(3);

    const second = await ok('demo:seed');
    expect(second.out).toMatch(/^Demo data of Riverside Middle School \(riverside\.demo\) is all in place; nothing was added\./);
    expect(second.out.split('\n').filter((l) => l.startsWith('  '))).toEqual(lines);
  }, 120_000);
});
