import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassSummary, RosterList } from '../../contract/classes';
import { buildUser, createTestContext, TestClient, type TestContext } from '../../tests/harness';
import { premiumTeacher } from '../modules/classes/classes.test-helpers';
import { ROSTER_CHECK_RULE } from './roster-check';

// docs/product/roles-and-plans.md#who-is-who: sign-up offers "student" first for an address on some teacher's roster. The check
// reveals only a boolean and is rate-limited per IP.

type ErrorJson = { error: { code: string; fields?: Record<string, string> } };

let ctx: TestContext;
let teacher: TestClient;
let classId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  teacher = (await premiumTeacher(ctx)).client;
  classId = (await teacher.json<ClassSummary>('POST', '/api/classes', { name: 'Biology', section: 'P1' })).body.id;
  await teacher.json('POST', `/api/classes/${classId}/students`, {
    students: [
      { email: 'rostered@example.org', name: 'Rosa' },
      { email: 'leaving@example.org', name: 'Leo' },
    ],
  });
});
afterAll(() => ctx.close());

let ipCounter = 0;
const visitor = () => new TestClient(ctx, `198.51.100.${++ipCounter}`);
const check = (client: TestClient, body: unknown) => client.json<Record<string, unknown>>('POST', '/api/auth/roster-check', body);

describe('POST /api/auth/roster-check', () => {
  it('says true for an address on a current roster (any case), false otherwise, always in the same shape', async () => {
    const client = visitor();
    expect(await check(client, { email: 'Rostered@Example.org' })).toEqual({ status: 200, body: { onRoster: true } });
    expect(await check(client, { email: 'nobody@example.org' })).toEqual({ status: 200, body: { onRoster: false } });
    // An account that exists but is on no roster reads exactly like an unknown address.
    const user = await buildUser(ctx, { role: 'teacher' });
    expect(await check(client, { email: user.email })).toEqual({ status: 200, body: { onRoster: false } });
  });

  it('says false once the student is taken off the roster', async () => {
    const client = visitor();
    expect((await check(client, { email: 'leaving@example.org' })).body).toEqual({ onRoster: true });
    const roster = (await teacher.json<RosterList>('GET', `/api/classes/${classId}/students`)).body.students;
    const leo = roster.find((s) => s.email === 'leaving@example.org')!;
    expect((await teacher.request('DELETE', `/api/classes/${classId}/students/${leo.id}`)).status).toBe(204);
    expect((await check(client, { email: 'leaving@example.org' })).body).toEqual({ onRoster: false });
  });

  it('refuses bad input with 422 naming the field, and a body that is not JSON with 400', async () => {
    const client = visitor();
    for (const body of [{}, { email: 'not-an-address' }, { email: `${'a'.repeat(250)}@example.org` }, { email: 'a\u0000@example.org' }]) {
      const res = await client.json<ErrorJson>('POST', '/api/auth/roster-check', body);
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([422, 'validation_failed']);
      expect(res.body.error.fields?.email).toBeTruthy();
    }
    const extra = await client.json<ErrorJson>('POST', '/api/auth/roster-check', { email: 'rostered@example.org', role: 'x' });
    expect(extra.status).toBe(422);
    const notJson = await client.request('POST', '/api/auth/roster-check', 'nope', { 'content-type': 'application/json' });
    expect(notJson.status).toBe(400);
  });

  it('stops an IP after its limit with 429 and Retry-After, bad requests counted too; another IP goes on', async () => {
    const client = visitor();
    for (let i = 0; i < ROSTER_CHECK_RULE.max; i++) {
      const res = await check(client, i % 2 ? { email: `guess${i}@example.org` } : { email: 'bad' });
      expect(res.status).toBeLessThan(429);
    }
    const refused = await client.request('POST', '/api/auth/roster-check', { email: 'rostered@example.org' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as ErrorJson).error.code).toBe('rate_limited');
    expect((await check(visitor(), { email: 'rostered@example.org' })).body).toEqual({ onRoster: true });
  }, 60_000);

  it('answers only pages of ours (the Origin check of every state-changing request)', async () => {
    const res = await visitor().request(
      'POST',
      '/api/auth/roster-check',
      { email: 'rostered@example.org' },
      { Origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });
});
