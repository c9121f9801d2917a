import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LapsedWork } from '../../../contract/subscription';
import { schema } from '../../db/client';
import { createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { createVia, tutorBot } from '../bots/bots.test-helpers';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { revokeSubscription } from '../operator/subscriptions.service';

// Issue 14, item 6: when a teacher's plan lapses, My Subscription says what keeps working (their
// open assignments, on the free plan's allowance) and why creating assignments or changing classes waits.

type ErrorJson = { error: { code: string } };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AI_QUOTA_FREE_TEXT: '40' });
});
afterAll(() => ctx.close());

describe('GET /api/subscription/lapsed-work', () => {
  it("counts the teacher's own open assignments and classes, and says the plan lapsed", async () => {
    const teacher = await premiumTeacher(ctx);
    const other = await premiumTeacher(ctx);
    const bot = await createVia(teacher.client, tutorBot());
    const otherBot = await createVia(other.client, tutorBot());
    const db = ctx.database.db;
    const mine = (title: string, extra: { closedAt?: Date; deletedAt?: Date } = {}) => ({
      ownerId: teacher.user.id,
      botId: bot.id,
      title,
      ...extra,
    });
    await db
      .insert(schema.assignment)
      .values([
        mine('Open one'),
        mine('Open two'),
        mine('Closed', { closedAt: new Date() }),
        mine('Deleted', { deletedAt: new Date() }),
        { ownerId: other.user.id, botId: otherBot.id, title: "Someone else's" },
      ]);
    await teacher.client.json('POST', '/api/classes', { name: 'Algebra' });
    await other.client.json('POST', '/api/classes', { name: 'Not mine' });

    const premium = await teacher.client.json<LapsedWork>('GET', '/api/subscription/lapsed-work');
    expect(premium).toEqual({ status: 200, body: { premium: true, openAssignments: 2, classes: 1, freeMonthlyGenerations: 40 } });

    await revokeSubscription(db, { email: teacher.user.email }, { kind: 'cli' }, ctx.config);
    const lapsed = await teacher.client.json<LapsedWork>('GET', '/api/subscription/lapsed-work');
    expect(lapsed.body).toEqual({ premium: false, openAssignments: 2, classes: 1, freeMonthlyGenerations: 40 });
  });

  it('answers a teacher who never had anything with zeros', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const res = await client.json<LapsedWork>('GET', '/api/subscription/lapsed-work');
    expect(res.body).toEqual({ premium: false, openAssignments: 0, classes: 0, freeMonthlyGenerations: 40 });
  });

  it('refuses a signed-out caller (401) and a student (403)', async () => {
    const signedOut = await new TestClient(ctx).json<ErrorJson>('GET', '/api/subscription/lapsed-work');
    expect([signedOut.status, signedOut.body.error.code]).toEqual([401, 'unauthenticated']);
    const { client } = await signedIn(ctx, { role: 'student' });
    const student = await client.json<ErrorJson>('GET', '/api/subscription/lapsed-work');
    expect([student.status, student.body.error.code]).toEqual([403, 'forbidden']);
  });
});
