import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { schema } from '../../db/client';
import { buildUser, createTestContext, signedIn, SUPPORT_EMAIL, TestClient, type TestContext } from '../../../tests/harness';
import { allowConsoleErrors } from '../../../tests/setup';
import { resolveSubscription, type PlanSettings } from '../../core/plan';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let n = 0;
const unique = (local: string, domain: string) => `${local}${++n}@${domain}`;
const daysFromNow = (d: number) => new Date(Date.now() + d * 86_400_000);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

async function school(
  domains: string[],
  opts: { admins?: string[]; expiration?: string | null; teachers?: [string, string | null][] } = {},
) {
  const [licence] = await ctx.database.db
    .insert(schema.schoolLicence)
    .values({
      schoolname: `School of ${domains[0]}`,
      domain: domains[0]!,
      domains,
      admins: opts.admins ?? [],
      expiration: opts.expiration ?? null,
    })
    .returning();
  for (const [email, building] of opts.teachers ?? []) {
    await ctx.database.db.insert(schema.schoolTeacher).values({ schoolId: licence!.id, email, building });
  }
  return licence!;
}

async function grant(userId: string, status: string, end: Date | null = null, createdAt = new Date()) {
  await ctx.database.db
    .insert(schema.customerSubscription)
    .values({ userId, status, currentPeriodEnd: end, provider: 'manual', createdAt });
}

const resolve = (user: Parameters<typeof resolveSubscription>[1]['user']) =>
  resolveSubscription(ctx.database.db, { user, settings: ctx.config });

describe('subscription resolution (docs/product/roles-and-plans.md#resolution-order)', () => {
  it('gives not authenticated with every field present when nobody is signed in', async () => {
    const res = await new TestClient(ctx).get('/api/subscription');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'not authenticated',
      current_period_end: null,
      school_name: null,
      school_id: null,
      school_domain: null,
      user_type: 'student',
      is_admin: false,
      teacher_building: null,
      message: null,
    });
  });

  it('matches a school licence on any of its domains, primary domain first, teacher with building from the list', async () => {
    const email = unique('t', 'north.edu');
    const licence = await school(['oak.edu', 'north.edu'], { expiration: isoDay(daysFromNow(30)), teachers: [[email, 'Main building']] });
    const { client } = await signedIn(ctx, { email, role: 'student' });
    const res = await client.json('GET', '/api/subscription');
    expect(res.body).toEqual({
      status: 'active school',
      current_period_end: isoDay(daysFromNow(30)),
      school_name: 'School of oak.edu',
      school_id: licence.id,
      school_domain: 'oak.edu',
      user_type: 'teacher',
      is_admin: false,
      teacher_building: 'Main building',
      message: null,
    });
  });

  it('makes someone on neither list a student of the school, and an admin off the teachers list a teacher with no building', async () => {
    const admin = unique('a', 'pine.edu');
    const pupil = unique('p', 'pine.edu');
    await school(['pine.edu'], { admins: [admin] });
    const adminUser = await buildUser(ctx, { email: admin, role: 'student' });
    expect(await resolve({ ...adminUser, role: 'student' })).toMatchObject({
      status: 'active school',
      user_type: 'teacher',
      is_admin: true,
      teacher_building: null,
      current_period_end: null,
    });
    const pupilUser = await buildUser(ctx, { email: pupil, role: 'teacher' });
    expect(await resolve({ ...pupilUser, role: 'teacher' })).toMatchObject({
      status: 'active school',
      user_type: 'student',
      is_admin: false,
    });
  });

  it('lets a school match win over a customer subscription', async () => {
    const email = unique('w', 'elm.edu');
    await school(['elm.edu'], { teachers: [[email, null]] });
    const user = await buildUser(ctx, { email });
    await grant(user.id, 'active');
    expect((await resolve({ ...user, role: 'teacher' })).status).toBe('active school');
  });

  it('never matches a school on an unverified address', async () => {
    const email = unique('u', 'ash.edu');
    await school(['ash.edu'], { teachers: [[email, 'B']], admins: [email] });
    const user = await buildUser(ctx, { email, verified: false, role: 'teacher' });
    const sub = await resolve({ ...user, role: 'teacher' });
    expect(sub).toMatchObject({ status: 'not subscribed yet', school_id: null, is_admin: false, user_type: 'teacher' });
  });

  it('does not match an expired licence, but keeps the school fields and is_admin for its admins', async () => {
    const admin = unique('adm', 'old.edu');
    const teacher = unique('tch', 'old.edu');
    const licence = await school(['old.edu'], { admins: [admin], teachers: [[teacher, 'X']], expiration: isoDay(daysFromNow(-1)) });
    const a = await buildUser(ctx, { email: admin, role: 'teacher' });
    const t = await buildUser(ctx, { email: teacher, role: 'teacher' });
    expect(await resolve({ ...a, role: 'teacher' })).toMatchObject({
      status: 'not subscribed yet',
      school_id: licence.id,
      school_name: 'School of old.edu',
      school_domain: 'old.edu',
      is_admin: true,
      user_type: 'teacher',
    });
    expect(await resolve({ ...t, role: 'teacher' })).toMatchObject({ status: 'not subscribed yet', school_id: null, is_admin: false });
  });

  it('still matches a licence on its expiration day', async () => {
    const email = unique('d', 'today.edu');
    await school(['today.edu'], { expiration: isoDay(new Date()) });
    const user = await buildUser(ctx, { email });
    expect((await resolve({ ...user, role: 'teacher' })).status).toBe('active school');
  });

  it('takes trialing and active customer subscriptions, the first one first, and ignores others', async () => {
    const t = await buildUser(ctx, { role: 'teacher' });
    await grant(t.id, 'canceled', null, daysFromNow(-3));
    await grant(t.id, 'trialing', daysFromNow(14), daysFromNow(-2));
    await grant(t.id, 'active', null, daysFromNow(-1));
    const sub = await resolve({ ...t, role: 'teacher' });
    expect(sub).toMatchObject({ status: 'trialing', user_type: 'teacher', school_id: null });
    expect(new Date(sub.current_period_end!).getTime()).toBeGreaterThan(Date.now());

    const a = await buildUser(ctx, { role: 'student' });
    await grant(a.id, 'active');
    expect(await resolve({ ...a, role: 'student' })).toMatchObject({ status: 'active', current_period_end: null, user_type: 'student' });
  });

  it('treats a grant past its end date as lapsed', async () => {
    const user = await buildUser(ctx);
    await grant(user.id, 'active', daysFromNow(-1));
    expect((await resolve({ ...user, role: 'teacher' })).status).toBe('not subscribed yet');
  });

  it('gives not subscribed yet with the account role outside a school', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    expect((await client.json('GET', '/api/subscription')).body).toMatchObject({ status: 'not subscribed yet', user_type: 'teacher' });
  });

  it('resolves the verified support account as active with no period end', async () => {
    const user = await buildUser(ctx, { email: SUPPORT_EMAIL, role: 'teacher' });
    expect(await resolve({ ...user, role: 'teacher' })).toMatchObject({ status: 'active', current_period_end: null });
    expect((await resolve({ ...user, emailVerified: false, role: 'teacher' })).status).toBe('not subscribed yet');
  });

  it('gives error with a message and the account role when the database fails', async () => {
    allowConsoleErrors();
    const broken = new Proxy(ctx.database.db, {
      get: (target, prop, receiver) =>
        prop === 'select'
          ? () => {
              throw new Error('connection lost');
            }
          : (Reflect.get(target, prop, receiver) as unknown),
    });
    const sub = await resolveSubscription(broken, {
      user: { id: 'x', email: 'someone@example.org', emailVerified: true, role: 'teacher' },
      settings: ctx.config,
    });
    expect(sub.status).toBe('error');
    expect(sub.user_type).toBe('teacher');
    expect(sub.message).toBeNull();
  });

  it('is computed fresh: removing a teacher from the list makes them a student at once', async () => {
    const email = unique('r', 'fir.edu');
    const licence = await school(['fir.edu'], { teachers: [[email, null]] });
    const user = await buildUser(ctx, { email });
    expect((await resolve({ ...user, role: 'teacher' })).user_type).toBe('teacher');
    await ctx.database.db.execute(sql`delete from school_teacher where school_id = ${licence.id}`);
    expect((await resolve({ ...user, role: 'teacher' })).user_type).toBe('student');
  });
});

describe('Stripe statuses and the past-due grace (issue 17)', () => {
  const grace = () => ctx.config.billing.pastDueGraceDays;
  async function stripeRow(userId: string, values: { status: string; end?: Date | null; pastDueSince?: Date | null }) {
    await ctx.database.db.insert(schema.customerSubscription).values({
      userId,
      provider: 'stripe',
      providerSubscriptionId: `sub_${userId}_${++n}`,
      status: values.status,
      currentPeriodEnd: values.end === undefined ? daysFromNow(20) : values.end,
      pastDueSince: values.pastDueSince ?? null,
    });
  }
  const statusOf = async (user: Awaited<ReturnType<typeof buildUser>>, settings: PlanSettings = ctx.config, now?: Date) =>
    (await resolveSubscription(ctx.database.db, { user: { ...user, role: 'teacher' }, settings, now })).status;

  it('uses the default grace of 7 days', () => {
    expect(grace()).toBe(7);
  });

  it('gives trialing and active Stripe rows premium', async () => {
    const a = await buildUser(ctx);
    await stripeRow(a.id, { status: 'trialing' });
    expect(await statusOf(a)).toBe('trialing');
    const b = await buildUser(ctx);
    await stripeRow(b.id, { status: 'active' });
    expect(await statusOf(b)).toBe('active');
  });

  it('keeps past_due premium (active) inside the grace period and ends it after', async () => {
    const inside = await buildUser(ctx);
    await stripeRow(inside.id, { status: 'past_due', pastDueSince: daysFromNow(-(grace() - 1)) });
    expect(await statusOf(inside)).toBe('active');
    const after = await buildUser(ctx);
    await stripeRow(after.id, { status: 'past_due', pastDueSince: daysFromNow(-(grace() + 1)) });
    expect(await statusOf(after)).toBe('not subscribed yet');
    // The grace comes from the settings given: with 0 days, past_due ends premium at once.
    expect(await statusOf(inside, { ...ctx.config, billing: { pastDueGraceDays: 0 } })).toBe('not subscribed yet');
  });

  it.each(['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'])(
    'gives no premium for a Stripe row that is %s',
    async (status) => {
      const user = await buildUser(ctx);
      await stripeRow(user.id, { status, pastDueSince: new Date() });
      expect(await statusOf(user)).toBe('not subscribed yet');
    },
  );

  it('honours a Stripe row past its period end for the grace days (a late renewal webhook), a grant not at all', async () => {
    const late = await buildUser(ctx);
    await stripeRow(late.id, { status: 'active', end: daysFromNow(-(grace() - 1)) });
    expect(await statusOf(late)).toBe('active');
    const lapsed = await buildUser(ctx);
    await stripeRow(lapsed.id, { status: 'active', end: daysFromNow(-(grace() + 1)) });
    expect(await statusOf(lapsed)).toBe('not subscribed yet');
    const granted = await buildUser(ctx);
    await grant(granted.id, 'active', daysFromNow(-1));
    expect(await statusOf(granted)).toBe('not subscribed yet');
  });

  it('keeps the Subscription object exactly as docs/product/roles-and-plans.md has it', async () => {
    const { user, client } = await signedIn(ctx);
    await stripeRow(user.id, { status: 'past_due', pastDueSince: daysFromNow(-1) });
    const body = (await client.json('GET', '/api/subscription')).body;
    expect(Object.keys(body).sort()).toEqual(
      [
        'current_period_end',
        'is_admin',
        'message',
        'school_domain',
        'school_id',
        'school_name',
        'status',
        'teacher_building',
        'user_type',
      ].sort(),
    );
    expect(body.status).toBe('active');
  });
});
