import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { startBackgroundWork } from '../../jobs';
import type { AppDeps, SendStage } from '../../core/context';
import { buildUser, TestClient, type TestContext } from '../../../tests/harness';
import { key, readUIStream } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import { assignmentWorld } from '../my-assignments/my-assignments.test-helpers';

// The opt-in trace bench:stream sets (AppDeps.sendTrace): every stage of a send before its model
// call reports its CPU, on a teacher's send and on a student's tutor turn.
let ctx: TestContext;
let traced: TestContext;
const seen: [SendStage, number][] = [];
useAiTest((t) => ({ ctx } = t));
beforeAll(() => {
  const deps: AppDeps = {
    config: ctx.config,
    database: ctx.database,
    auth: ctx.auth,
    mailer: ctx.mailer,
    hooks: ctx.hooks,
    timers: ctx.timers,
    sendTrace: (stage, cpuMicros) => seen.push([stage, cpuMicros]),
  };
  const app = createApp(deps);
  startBackgroundWork(deps, { scheduled: false });
  traced = { ...ctx, app };
});

const stagesOf = () => [...new Set(seen.map(([s]) => s))];

describe('send trace', () => {
  it("reports each stage of a teacher's send, in order, once the reply streams", async () => {
    seen.length = 0;
    const user = await buildUser(ctx, { role: 'teacher' });
    const client = await new TestClient(traced).signIn(user.email);
    const created = await client.json<{ id: string }>('POST', '/api/conversations', {});
    const res = await client.post(`/api/conversations/${created.body.id}/messages`, { idempotencyKey: key(), text: 'Plan a lesson' });
    expect(res.status).toBe(200);
    expect((await readUIStream(res)).done).toBe(true);
    expect(stagesOf()).toEqual(['session', 'validation', 'database', 'prompt', 'sdk']);
    expect(seen.filter(([s]) => s === 'sdk')).toHaveLength(1);
    expect(seen.every(([, micros]) => Number.isFinite(micros) && micros >= 0)).toBe(true);
  });

  it("reports each stage of a student's tutor turn, and nothing for the untraced app", async () => {
    const world = await assignmentWorld(ctx);
    const student = await world.addStudent();
    const client = await new TestClient(traced).signIn(student.user.email);
    expect((await client.post(`/api/my-assignments/${student.asid}/start`)).status).toBe(200);
    seen.length = 0;
    // The same send through the app without a trace reports nothing.
    const plain = await student.client.post(`/api/my-assignments/${student.asid}/messages`, { idempotencyKey: key(), text: 'Hi' });
    expect((await readUIStream(plain)).done).toBe(true);
    expect(seen).toEqual([]);
    const res = await client.post(`/api/my-assignments/${student.asid}/messages`, { idempotencyKey: key(), text: 'What is 1/2 + 1/4?' });
    expect(res.status).toBe(200);
    expect((await readUIStream(res)).done).toBe(true);
    expect(stagesOf()).toEqual(['session', 'validation', 'database', 'prompt', 'sdk']);
    expect(seen.filter(([s]) => s === 'sdk')).toHaveLength(1);
  });
});
