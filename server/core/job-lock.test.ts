import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, schema, type Database } from '../db/client';
import { startBackgroundWork } from '../jobs';
import type { AppDeps } from './context';
import { createTestContext, type TestContext } from '../../tests/harness';
import { JOB_LOCKS, runIfDue, SCHEDULED_JOBS } from './job-lock';

// Issue 39 item 25: an hourly job runs once an hour for the installation, however many processes
// run and however often they restart. Each process (here: each runner, and on PostgreSQL each its
// own pool of connections, as another process has) claims the round in job_run; one gets it.
const HOUR = 60 * 60_000;
let ctx: TestContext;
/** The databases of the "processes": the test's own, and on PostgreSQL two more pools on it. */
let processes: Database[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  processes = [ctx.database];
  if (ctx.database.kind === 'postgres') {
    const url = (ctx.database.db as unknown as { $client: { options: { connectionString?: string } } }).$client.options.connectionString!;
    // A few connections each, as a process has: its background work runs several jobs at once, each holding its lock on one.
    processes.push(await openPostgres(url, { max: 6 }), await openPostgres(url, { max: 6 }));
  }
});
afterAll(async () => {
  await Promise.all(processes.slice(1).map((d) => d.close()));
  await ctx.close();
});

const rowOf = async (name: string) => (await ctx.database.db.select().from(schema.jobRun).where(eq(schema.jobRun.name, name)))[0];
const runners = (n: number) => Array.from({ length: n }, (_, i) => processes[i % processes.length]!);

describe('hourly jobs run once an hour for the installation', () => {
  it('runs a round once among six runners at once, not again until an hour after it started, then once again', async () => {
    const job = { name: 'test-job', everyMs: HOUR, lock: JOB_LOCKS.sweepFiles };
    let rounds = 0;
    const work = async () => {
      rounds++;
      // The round takes a moment: the other runners look while it runs.
      await ctx.database.db.execute(sql`select 1`);
    };
    const first = await Promise.all(runners(6).map((d, i) => runIfDue(d, i % 2 ? job : { ...job, lock: undefined }, work)));
    expect(rounds).toBe(1);
    expect(first.filter(Boolean)).toHaveLength(1);
    const row = (await rowOf('test-job'))!;
    expect(row.finishedAt).not.toBeNull();
    expect(row.finishedAt!.getTime()).toBeGreaterThanOrEqual(row.startedAt.getTime());

    // Processes that start now (a restart, one more process) find it done for this hour.
    expect(await Promise.all(runners(3).map((d) => runIfDue(d, job, work)))).toEqual([false, false, false]);
    expect(rounds).toBe(1);

    // Fifty-nine minutes later it is still not due; an hour later exactly one runner takes it.
    const startedAgo = (ms: number) =>
      ctx.database.db
        .update(schema.jobRun)
        .set({ startedAt: sql`now() - (${ms}::bigint * interval '1 millisecond')` })
        .where(eq(schema.jobRun.name, 'test-job'));
    await startedAgo(59 * 60_000);
    expect((await Promise.all(runners(3).map((d) => runIfDue(d, job, work)))).filter(Boolean)).toHaveLength(0);
    await startedAgo(HOUR);
    expect((await Promise.all(runners(4).map((d) => runIfDue(d, job, work)))).filter(Boolean)).toHaveLength(1);
    expect(rounds).toBe(2);
  });

  it('a round that throws keeps its start (not retried by every process) and throws on', async () => {
    const job = { name: 'failing-job', everyMs: HOUR };
    const failing = () => Promise.reject(new Error('the store is down'));
    await expect(runIfDue(ctx.database, job, failing)).rejects.toThrow('the store is down');
    expect(await runIfDue(ctx.database, job, failing)).toBe(false);
    expect((await rowOf('failing-job'))?.finishedAt).toBeNull();
  });

  it('three processes whose background work starts together record one round of each hourly job', async () => {
    const stops = processes.length === 1 ? [0, 1, 2].map(() => startBackgroundWork(ctx)) : [];
    for (const database of processes.length > 1 ? processes : []) {
      const deps: AppDeps = { ...ctx, database };
      stops.push(startBackgroundWork(deps));
    }
    try {
      const names = Object.values(SCHEDULED_JOBS);
      await expect
        .poll(
          async () =>
            (await ctx.database.db.select().from(schema.jobRun)).filter((r) => names.includes(r.name as never) && r.finishedAt).length,
          // Generous: on a machine busy with other suites four rounds once took more than 10 s.
          { timeout: 30_000 },
        )
        .toBe(names.length);
      // Each job's one row was claimed once: a second round would have moved its start past its finish.
      for (const name of names) {
        const row = (await rowOf(name))!;
        expect(row.finishedAt!.getTime()).toBeGreaterThanOrEqual(row.startedAt.getTime());
      }
    } finally {
      stops.forEach((stop) => stop());
    }
  }, 60_000);
});
