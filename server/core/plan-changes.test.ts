import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiStatus } from '../../contract/ai';
import { createApp } from '../app';
import { startBackgroundWork } from '../jobs';
import { createAppAuth } from '../compose';
import { openPostgres, type Database } from '../db/client';
import type { AppDeps } from './context';
import { createTestContext, signedIn, type TestContext } from '../../tests/harness';
import { testDbKind } from '../../tests/env';
import { grantSubscription, revokeSubscription } from '../modules/operator/subscriptions.service';
import { createSchool, updateSchool } from '../modules/operator/schools.service';
import { countingDatabase } from '../../tests/statement-counter';
import { resolvePool } from '../modules/usage/usage.service';
import { planChanged, watchPlanChanges } from './plan-changes';
import { rememberedSubscription } from './plan';

// Issue 17 item 4: a plan change takes effect on the next request in every app process. Each
// process remembers a teacher's quota pool (usage.service); the change's NOTIFY makes it forget.
// "App 1" makes the change through the operator service on its database; "app 2" answers requests.

let ctx: TestContext;
let second: { ctx: TestContext; database: Database } | null = null;
beforeAll(async () => {
  ctx = await createTestContext();
  if (ctx.database.kind === 'postgres') {
    // A second process: its own pool and its own listening connection on the same database.
    const url = (ctx.database.db as unknown as { $client: { options: { connectionString?: string } } }).$client.options.connectionString!;
    const database = await openPostgres(url, { max: 2 });
    const auth = createAppAuth({ config: ctx.config, db: database.db, mailer: ctx.mailer, secret: ctx.config.authSecret! });
    const deps: AppDeps = { config: ctx.config, database, auth, mailer: ctx.mailer, hooks: ctx.hooks, timers: ctx.timers };
    second = { ctx: { ...ctx, ...deps, app: createApp(deps) }, database };
    startBackgroundWork(deps, { scheduled: false });
    await watchPlanChanges(database);
  }
  await watchPlanChanges(ctx.database);
});
afterAll(async () => {
  await second?.database.close();
  await ctx.close();
});

const cli = { kind: 'cli' } as const;

/** Reads GET /api/ai's text limit until it is `limit`, for at most 2 s (the NOTIFY's way to the other process). */
async function textLimitBecomes(client: Awaited<ReturnType<typeof signedIn>>['client'], limit: number): Promise<number> {
  const until = Date.now() + 2000;
  for (;;) {
    const { status, body } = await client.json<AiStatus>('GET', '/api/ai');
    expect(status).toBe(200);
    if (body.usage.text.limit === limit || Date.now() > until) return body.usage.text.limit;
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function opensAndCloses(appCtx: TestContext) {
  const { ai } = ctx.config;
  const { user, client } = await signedIn(appCtx, { role: 'teacher' });
  // The free pool is read and remembered by the answering process.
  expect((await client.json<AiStatus>('GET', '/api/ai')).body.usage.text.limit).toBe(ai.quotas.free.text);
  expect((await client.json('POST', '/api/classes', { name: 'Period 1' })).status).toBe(402);

  await grantSubscription(ctx.database.db, { email: user.email, status: 'active' }, cli);
  expect(await textLimitBecomes(client, ai.quotas.premium.text)).toBe(ai.quotas.premium.text);
  expect((await client.json('POST', '/api/classes', { name: 'Period 1' })).status).toBe(201);

  await revokeSubscription(ctx.database.db, { email: user.email }, cli, ctx.config);
  expect(await textLimitBecomes(client, ai.quotas.free.text)).toBe(ai.quotas.free.text);
  expect((await client.json('POST', '/api/classes', { name: 'Period 2' })).status).toBe(402);
}

describe('plan changes reach the quota pool at once', () => {
  it('in the one process: a grant and a revoke change GET /api/ai and the premium APIs on the next request', async () => {
    await opensAndCloses(ctx);
  });

  it('a new school licence is a plan change for everyone on its domain', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher', email: `t${Date.now()}@plans-school.edu` });
    expect((await client.json<AiStatus>('GET', '/api/ai')).body.usage.text.limit).toBe(ctx.config.ai.quotas.free.text);
    await createSchool(ctx.database.db, { name: 'Plans School', domains: ['plans-school.edu'], admins: [], expires: null });
    expect(await textLimitBecomes(client, ctx.config.ai.quotas.premium.text)).toBe(ctx.config.ai.quotas.premium.text);
    await updateSchool(ctx.database.db, { domain: 'plans-school.edu', expires: '2001-01-01' });
    expect(await textLimitBecomes(client, ctx.config.ai.quotas.free.text)).toBe(ctx.config.ai.quotas.free.text);
  });

  // PGlite is one process's embedded database: a second app process cannot open it.
  it.skipIf(testDbKind() === 'pglite')(
    'in a second app process on the same PostgreSQL database (skipped on PGlite: a second process cannot open its database)',
    async () => {
      await opensAndCloses(second!.ctx);
    },
  );
});

/** POST /api/conversations until it answers `status`, for at most 2 s (the NOTIFY's way to the other process). */
async function conversationStartBecomes(client: Awaited<ReturnType<typeof signedIn>>['client'], status: number): Promise<number> {
  const until = Date.now() + 2000;
  for (;;) {
    const got = (await client.json('POST', '/api/conversations', {})).status;
    if (got === status || Date.now() > until) return got;
    await new Promise((r) => setTimeout(r, 25));
  }
}

// The teacher AI check (conversations.policy) remembers the caller's resolved plan as the pool
// cache does (issue 27 item 4): the school licence that leaves a teacher off its teachers list
// must still refuse their next AI call, in this process and in another.
async function teacherAiFollowsLicence(appCtx: TestContext, domain: string) {
  const { client } = await signedIn(appCtx, { role: 'teacher', email: `t${Date.now()}@${domain}` });
  expect((await client.json('POST', '/api/conversations', {})).status).toBe(201);
  await createSchool(ctx.database.db, { name: `School of ${domain}`, domains: [domain], admins: [], expires: null });
  expect(await conversationStartBecomes(client, 403)).toBe(403);
  await updateSchool(ctx.database.db, { domain, expires: '2001-01-01' });
  expect(await conversationStartBecomes(client, 201)).toBe(201);
}

describe('plan changes reach the teacher AI check at once', () => {
  it('in the one process: a licence without the teacher on its list refuses their next AI call, its expiry gives it back', async () => {
    await teacherAiFollowsLicence(ctx, 'ai-plans-one.edu');
  });

  it.skipIf(testDbKind() === 'pglite')(
    'in a second app process on the same PostgreSQL database (skipped on PGlite: a second process cannot open its database)',
    async () => {
      await teacherAiFollowsLicence(second!.ctx, 'ai-plans-two.edu');
    },
  );

  it('a remembered plan makes no statements; a plan change reads it again', async () => {
    const { database, statements } = countingDatabase(ctx.database);
    await watchPlanChanges(database);
    const { user } = await signedIn(ctx, { role: 'teacher' });
    const first = await rememberedSubscription(database.db, { user, settings: ctx.config });
    // Its school licence (a verified address) and its subscription rows.
    expect(statements).toHaveLength(2);
    expect(await rememberedSubscription(database.db, { user, settings: ctx.config })).toEqual(first);
    expect(statements).toHaveLength(2);
    // Another role is another plan: not answered from the teacher's entry.
    expect((await rememberedSubscription(database.db, { user: { ...user, role: 'student' }, settings: ctx.config })).user_type).toBe(
      'student',
    );
    expect(statements).toHaveLength(4);
    await planChanged(ctx.database.db, user.id);
    await expect
      .poll(async () => (await rememberedSubscription(database.db, { user, settings: ctx.config }), statements.length))
      .toBeGreaterThan(4);
  });
});

describe('what the pool cache saves (the figure in docs/decisions/032-plan-cache-and-plan-change-notices.md)', () => {
  it('a send that finds the pool remembered makes no plan statements; one that does not makes three', async () => {
    const { database, statements } = countingDatabase(ctx.database);
    await watchPlanChanges(database);
    const { user } = await signedIn(ctx, { role: 'teacher' });
    await resolvePool(database.db, ctx.config.ai, user.id, ctx.config);
    // The account, its school licence (a verified address) and its subscription rows.
    expect(statements).toHaveLength(3);
    await resolvePool(database.db, ctx.config.ai, user.id, ctx.config);
    expect(statements).toHaveLength(3);
    await planChanged(ctx.database.db, user.id);
    await expect
      .poll(async () => (await resolvePool(database.db, ctx.config.ai, user.id, ctx.config), statements.length))
      .toBeGreaterThan(3);
  });
});
