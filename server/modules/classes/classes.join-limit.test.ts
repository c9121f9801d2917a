import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ClassSummary, JoinClassResult } from '../../../contract/classes';
import { schema } from '../../db/client';
import { createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { JOIN_ACCOUNT_RULE, JOIN_ADDRESS_RULE } from './classes.join-limit';
import { premiumTeacher } from './classes.test-helpers';

// Issue 25, item 1: class join codes could be guessed without limit. Wrong codes are counted per
// account and per address; past the limit every code is a 429 that changes nothing, except a code
// the teacher made after the lock-out began, which works at once.

type ErrorJson = { error: { code: string; message: string } };

let ctx: TestContext;
let teacher: Awaited<ReturnType<typeof premiumTeacher>>;
beforeAll(async () => {
  ctx = await createTestContext();
  teacher = await premiumTeacher(ctx, { name: 'Ms Rivera' });
});
afterAll(() => ctx.close());

let n = 0;
/** A student signing in from an address of their own (the limit counts per address too). */
async function student(ip = `198.18.7.${++n}`) {
  const s = await signedIn(ctx, { role: 'student' });
  return { ...s, client: await new TestClient(ctx, ip).signIn(s.user.email) };
}

async function classWithCode(name: string): Promise<ClassSummary> {
  const made = await teacher.client.json<ClassSummary>('POST', '/api/classes', { name });
  return (await teacher.client.json<ClassSummary>('PUT', `/api/classes/${made.body.id}/join-code`, { enabled: true })).body;
}

const rosterOf = (classId: string) =>
  ctx.database.db.select({ email: schema.rosterEntry.email }).from(schema.rosterEntry).where(eq(schema.rosterEntry.classId, classId));

/** A code of the right shape that no class has (codes never use 0, 1, I or O). */
const wrong = (i: number) => `ZZ${String(i).padStart(6, '0')}`;

describe('POST /api/classes/join: the limit on wrong codes', () => {
  it(`answers the ${JOIN_ACCOUNT_RULE.max + 1}st wrong code 429 with when to try again, and then even the right code changes nothing`, async () => {
    const cls = await classWithCode('Biology');
    const kim = await student();
    for (let i = 0; i < JOIN_ACCOUNT_RULE.max; i++) {
      const res = await kim.client.json<ErrorJson>('POST', '/api/classes/join', { code: wrong(i) });
      expect(res.status).toBe(404);
    }
    const refused = await kim.client.request('POST', '/api/classes/join', { code: wrong(999) });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(JOIN_ACCOUNT_RULE.window / 1000);
    const body = (await refused.json()) as ErrorJson;
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toMatch(/Try again in \d+ minutes?, or ask your teacher to make a new code/);
    // The right code of a class whose code is older than the lock-out: refused alike, nothing written.
    const right = await kim.client.json<ErrorJson>('POST', '/api/classes/join', { code: cls.joinCode });
    expect(right.status).toBe(429);
    expect(await rosterOf(cls.id)).toEqual([]);
    // Another account from another address is not held up.
    const ana = await student();
    expect((await ana.client.json<JoinClassResult>('POST', '/api/classes/join', { code: cls.joinCode })).status).toBe(200);
  });

  it("lifts for the teacher's new code at once: a code made after the lock-out began is taken, the old one still is not", async () => {
    const cls = await classWithCode('Chemistry');
    const lee = await student();
    for (let i = 0; i <= JOIN_ACCOUNT_RULE.max; i++) await lee.client.request('POST', '/api/classes/join', { code: wrong(i) });
    expect((await lee.client.request('POST', '/api/classes/join', { code: cls.joinCode })).status).toBe(429);
    const renewed = (await teacher.client.json<ClassSummary>('PUT', `/api/classes/${cls.id}/join-code`, { enabled: true })).body;
    const joined = await lee.client.json<JoinClassResult>('POST', '/api/classes/join', { code: renewed.joinCode });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ classId: cls.id, className: 'Chemistry', alreadyOnRoster: false });
    expect(await rosterOf(cls.id)).toEqual([{ email: lee.user.email.toLowerCase() }]);
    // Still locked out for guessing.
    expect((await lee.client.request('POST', '/api/classes/join', { code: wrong(5) })).status).toBe(429);
  });

  it('takes the right code after a few wrong ones (within the limit), and counts only wrong ones', async () => {
    const cls = await classWithCode('Physics');
    const sam = await student();
    for (let i = 0; i < 5; i++) expect((await sam.client.request('POST', '/api/classes/join', { code: wrong(i) })).status).toBe(404);
    // As read out or copied from a board: a space in it, in lower case (issue 39, item 14).
    const spoken = `${cls.joinCode!.slice(0, 4)} ${cls.joinCode!.slice(4).toLowerCase()}`;
    const joined = await sam.client.json<JoinClassResult>('POST', '/api/classes/join', { code: spoken });
    expect(joined.status).toBe(200);
    const [counter] = await ctx.database.db
      .select()
      .from(schema.rateLimit)
      .where(eq(schema.rateLimit.key, `classes/join:user:${sam.user.id}`));
    expect(counter!.count).toBe(5);
  });

  it('locks out an address whose accounts guessed too often, whichever account asks next', async () => {
    const cls = await classWithCode('History');
    const ip = '198.18.9.9';
    await ctx.database.db
      .insert(schema.rateLimit)
      .values({ key: `classes/join:ip:${ip}`, windowStart: Date.now(), count: JOIN_ADDRESS_RULE.max });
    const fresh = await student(ip);
    const res = await fresh.client.json<ErrorJson>('POST', '/api/classes/join', { code: cls.joinCode });
    expect([res.status, res.body.error.code]).toEqual([429, 'rate_limited']);
    expect(await rosterOf(cls.id)).toEqual([]);
    // One wrong code under the limit still reads as not in use.
    const other = await student();
    expect((await other.client.request('POST', '/api/classes/join', { code: wrong(1) })).status).toBe(404);
  });

  // Issue 39, item 1: each of these passed before the fix (the class counted as new after any change,
  // guesses while locked out were not counted, and 120 at once were each read against the limit).
  it('lets no old code in after a rename, a pasted student or a language change: only a new code counts', async () => {
    const cls = await classWithCode('Geography');
    const jo = await student();
    for (let i = 0; i <= JOIN_ACCOUNT_RULE.max; i++) await jo.client.request('POST', '/api/classes/join', { code: wrong(i) });
    expect((await teacher.client.request('PATCH', `/api/classes/${cls.id}`, { name: 'Geography 2', defaultLocale: 'es' })).status).toBe(
      200,
    );
    expect((await teacher.client.request('POST', `/api/classes/${cls.id}/students/paste`, { text: 'pat@school.test' })).status).toBe(201);
    expect((await jo.client.request('POST', '/api/classes/join', { code: cls.joinCode })).status).toBe(429);
    expect(await rosterOf(cls.id)).toEqual([{ email: 'pat@school.test' }]);
  });

  it('counts the guesses made while locked out, and 120 guesses at once meet the limit exactly', async () => {
    const kit = await student();
    const answers = await Promise.all(
      Array.from({ length: 2 * JOIN_ACCOUNT_RULE.max }, (_, i) => kit.client.request('POST', '/api/classes/join', { code: wrong(i) })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((st) => st === 404)).toHaveLength(JOIN_ACCOUNT_RULE.max);
    expect(statuses.filter((st) => st === 429)).toHaveLength(JOIN_ACCOUNT_RULE.max);
    const [counter] = await ctx.database.db
      .select()
      .from(schema.rateLimit)
      .where(eq(schema.rateLimit.key, `classes/join:user:${kit.user.id}`));
    expect(counter!.count).toBe(2 * JOIN_ACCOUNT_RULE.max);
  });
});
