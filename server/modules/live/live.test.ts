import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createApp } from '../../app';
import { startBackgroundWork } from '../../jobs';
import { createAppAuth } from '../../compose';
import { openPostgres, schema } from '../../db/client';
import { liveHub, publish, MAX_PAYLOAD_BYTES } from '../../core/live';
import { liveMessage, type LiveEvent, type LiveMessage } from '../../../contract/live';
import { createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { setAccountRole } from '../operator/accounts.service';
import { databaseUrlFor, testDbKind } from '../../../tests/env';
import { accessCast } from '../bots/bots.test-helpers';
import { assign, classWith, ownTutor } from '../assignments/assignments.test-helpers';
import { errorBody } from '../../../contract/errors';
import { HEARTBEAT_MS, MAX_STREAMS_PER_USER } from './live.routes';

/** Rows of a raw query (execute's result type is left open by the shared Db type). */
async function rows<T>(query: PromiseLike<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

// Issue 14, item 2: teachers' pages update live through LISTEN/NOTIFY feeding one server-sent
// events stream per teacher (GET /api/live), the same with one process or several.

let ctx: TestContext;
let cast: Awaited<ReturnType<typeof accessCast>>;
beforeAll(async () => {
  ctx = await createTestContext();
  cast = await accessCast(ctx);
});
afterAll(async () => {
  liveHub(ctx.database).closeAll();
  await ctx.close();
});

const updated = (n: number) => ({ type: 'assignment.updated', assignmentId: `a-${n}`, studentAssignmentId: `sa-${n}` }) satisfies LiveEvent;

/** Reads a live stream one message at a time (each `data:` line parsed against the contract). */
function liveReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const raw: string[] = [];
  const queue: LiveMessage[] = [];
  let done = false;
  const pump = async () => {
    const chunk = await reader.read();
    if (chunk.done) done = true;
    else buffer += decoder.decode(chunk.value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      raw.push(block);
      for (const line of block.split('\n')) {
        if (line.startsWith('data: ')) queue.push(liveMessage.parse(JSON.parse(line.slice(6))));
      }
    }
  };
  return {
    raw,
    /** The next message; fails after a few seconds or when the stream ends first. */
    async next(): Promise<LiveMessage> {
      const deadline = Date.now() + 5000;
      while (!queue.length) {
        if (done) throw new Error('the stream ended');
        const timeout = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('no live message in time')), deadline - Date.now()).unref(),
        );
        await Promise.race([pump(), timeout]);
      }
      return queue.shift()!;
    },
    /** Reads until a block (an event or a comment) matches, or fails after a few seconds. */
    async block(pattern: RegExp): Promise<string> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = raw.find((b) => pattern.test(b));
        if (found) return found;
        if (done) throw new Error('the stream ended');
        const timeout = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('no such block in time')), deadline - Date.now()).unref(),
        );
        await Promise.race([pump(), timeout]);
      }
    },
    /** Resolves true once the stream has ended (reading and dropping what is left). */
    async ended(): Promise<boolean> {
      while (!done) await pump();
      return true;
    },
    cancel: () => reader.cancel(),
  };
}

async function open(client: TestClient) {
  const res = await client.get('/api/live');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const live = liveReader(res);
  // The first message says the stream is subscribed: anything published from now on reaches it.
  expect(await live.next()).toEqual({ type: 'sync' });
  expect(live.raw[0]).toMatch(/^retry: \d+$/m);
  return live;
}

const untilNoSubscribers = () => expect.poll(() => liveHub(ctx.database).subscriberCount(), { timeout: 3000 }).toBe(0);

describe('GET /api/live', () => {
  it('refuses signed-out callers', async () => {
    expect((await cast.signedOut.get('/api/live')).status).toBe(401);
    expect(liveHub(ctx.database).subscriberCount()).toBe(0);
  });

  it("gives a student (also a teacher account on a school domain that is not on its list) their own events only: a teacher's are not theirs", async () => {
    const ids = [];
    const streams = [];
    for (const client of [cast.student, cast.schoolStudent]) {
      ids.push((await client.json<{ id: string }>('GET', '/api/me')).body.id);
      streams.push(await open(client));
    }
    await publish(ctx.database.db, cast.owner.user.id, updated(10));
    await publish(ctx.database.db, ids[1]!, { type: 'trophies' });
    await publish(ctx.database.db, ids[0]!, { type: 'trophies' });
    // Commit order: had the teacher's event or the other student's reached a stream, it would come first.
    expect(await streams[0]!.next()).toEqual({ type: 'trophies' });
    expect(await streams[1]!.next()).toEqual({ type: 'trophies' });
    for (const s of streams) await s.cancel();
    await untilNoSubscribers();
  });

  it('delivers an event published for the teacher, and not one for another teacher or one rolled back', async () => {
    const teacher = cast.owner;
    const live = await open(teacher.client);
    const other = await open(cast.otherTeacher);
    const otherId = (await cast.otherTeacher.json<{ id: string }>('GET', '/api/me')).body.id;
    expect(liveHub(ctx.database).subscriberCount(teacher.user.id)).toBe(1);

    await publish(ctx.database.db, otherId, updated(1));
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await publish(tx, teacher.user.id, updated(2));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    // Committed inside a transaction: delivered once it commits.
    await ctx.database.db.transaction(async (tx) => publish(tx, teacher.user.id, updated(3)));
    await publish(ctx.database.db, teacher.user.id, updated(4));

    // Notifications arrive in commit order: had 1 or 2 reached this stream, they would come first.
    expect(await live.next()).toEqual(updated(3));
    expect(await live.next()).toEqual(updated(4));
    expect(await other.next()).toEqual(updated(1));

    await live.cancel();
    await other.cancel();
    await untilNoSubscribers();
  });

  it("tells a student's open page at once when their teacher awards them a trophy, and the teacher's table too", async () => {
    const teacher = cast.owner;
    const k = await classWith(teacher.client, 'Live trophies', [['lia@example.org', 'Lia']]);
    const lia = await signedIn(ctx, { role: 'student', email: 'lia@example.org' });
    await ctx.database.db.update(schema.rosterEntry).set({ userId: lia.user.id }).where(eq(schema.rosterEntry.email, 'lia@example.org'));
    const assignment = await assign(teacher.client, { botId: await ownTutor(teacher.client), title: 'Live', classIds: [k.id] });
    const recordId = assignment.students[0]!.id;
    const studentLive = await open(lia.client);
    const teacherLive = await open(teacher.client);
    const awarded = await teacher.client.json<{ id: string }>('POST', `/api/assignments/${assignment.id}/students/${recordId}/trophies`, {
      reason: 'Kind to a classmate',
    });
    expect(awarded.status).toBe(201);
    expect(await studentLive.next()).toEqual({ type: 'trophies' });
    expect(await teacherLive.next()).toEqual({ type: 'assignment.updated', assignmentId: assignment.id, studentAssignmentId: recordId });
    // Taking it back tells them too.
    const path = `/api/assignments/${assignment.id}/students/${recordId}/trophies/${awarded.body.id}`;
    expect((await teacher.client.request('DELETE', path)).status).toBe(204);
    expect(await studentLive.next()).toEqual({ type: 'trophies' });
    await studentLive.cancel();
    await teacherLive.cancel();
    await untilNoSubscribers();
  });

  it('removes the subscriber when the client goes away, and ends open streams when the process stops', async () => {
    const first = await open(cast.owner.client);
    const second = await open(cast.owner.client);
    expect(liveHub(ctx.database).subscriberCount(cast.owner.user.id)).toBe(2);
    await first.cancel();
    await expect.poll(() => liveHub(ctx.database).subscriberCount(cast.owner.user.id), { timeout: 3000 }).toBe(1);
    // The other stream still hears events.
    await publish(ctx.database.db, cast.owner.user.id, updated(5));
    expect(await second.next()).toEqual(updated(5));

    liveHub(ctx.database).closeAll();
    expect(await second.ended()).toBe(true);
    await untilNoSubscribers();
  });

  it('sends a heartbeat comment every 25 seconds on a quiet stream', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const live = await open(cast.owner.client);
      expect(live.raw.some((b) => b.startsWith(':'))).toBe(false);
      vi.advanceTimersByTime(HEARTBEAT_MS);
      expect(await live.block(/^: heartbeat$/)).toBe(': heartbeat');
      await live.cancel();
      await untilNoSubscribers();
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends an open stream at once (no heartbeat) when its session is signed out in another tab, and keeps a stream whose session still holds', async () => {
    const teacher = await signedIn(ctx, { role: 'teacher' });
    // The same teacher on another device: a session of its own, which the sign-out leaves alone.
    const laptop = await new TestClient(ctx).signIn(teacher.user.email);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const live = await open(teacher.client);
      const other = await open(laptop);
      // Another tab of the same browser signs out: same cookie, another client.
      const tab = new TestClient(ctx);
      const cookie = `better-auth.session_token=${teacher.client.sessionCookie()!}`;
      expect((await tab.request('POST', '/api/auth/sign-out', {}, { Cookie: cookie })).status).toBe(200);
      // No heartbeat has run (its timer is held): the sign-out itself ends the stream.
      expect(await live.ended()).toBe(true);
      await expect.poll(() => liveHub(ctx.database).subscriberCount(teacher.user.id), { timeout: 3000 }).toBe(1);
      // The other device's stream still hears events after its own check.
      await publish(ctx.database.db, teacher.user.id, updated(9));
      expect(await other.next()).toEqual(updated(9));
      await other.cancel();
      await untilNoSubscribers();
    } finally {
      vi.useRealTimers();
    }
  });

  it('rechecks the session without extending it: an open stream does not keep a session alive', async () => {
    const teacher = await signedIn(ctx, { role: 'teacher' });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const getSession = vi.spyOn(ctx.auth.api, 'getSession');
    try {
      const live = await open(teacher.client);
      // Signed in two days ago: past the age at which a request refreshes the session (a day).
      const s = schema.session;
      const expiresAt = new Date(Date.now() + 28 * 24 * 3600_000);
      await ctx.database.db
        .update(s)
        .set({ expiresAt, updatedAt: new Date(Date.now() - 2 * 24 * 3600_000) })
        .where(eq(s.userId, teacher.user.id));
      getSession.mockClear();
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await expect.poll(() => getSession.mock.results.length, { timeout: 3000 }).toBe(1);
      expect(await getSession.mock.results[0]!.value).toMatchObject({ user: { id: teacher.user.id } });
      const [row] = await ctx.database.db.select().from(s).where(eq(s.userId, teacher.user.id));
      expect(row!.expiresAt).toEqual(expiresAt);
      await live.cancel();
      await untilNoSubscribers();
    } finally {
      getSession.mockRestore();
      vi.useRealTimers();
    }
  });

  it('ends at once the stream of a teacher who is made a student while it is open', async () => {
    const teacher = await signedIn(ctx, { role: 'teacher' });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const live = await open(teacher.client);
      await setAccountRole(ctx.database.db, { email: teacher.user.email, role: 'student' });
      // No heartbeat has run: the role change's forget of the sessions ends it.
      expect(await live.ended()).toBe(true);
      await untilNoSubscribers();
      // Reconnecting, the account now opens a student's stream: its own events only.
      const again = await open(teacher.client);
      await again.cancel();
      await untilNoSubscribers();
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends at once the stream of a session revoked from another device, and keeps the revoking device's", async () => {
    const teacher = await signedIn(ctx, { role: 'teacher' });
    const laptop = await new TestClient(ctx).signIn(teacher.user.email);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const live = await open(teacher.client);
      const other = await open(laptop);
      expect((await laptop.request('POST', '/api/auth/revoke-other-sessions', {})).status).toBe(200);
      expect(await live.ended()).toBe(true);
      await expect.poll(() => liveHub(ctx.database).subscriberCount(teacher.user.id), { timeout: 3000 }).toBe(1);
      await publish(ctx.database.db, teacher.user.id, updated(11));
      expect(await other.next()).toEqual(updated(11));
      await other.cancel();
      await untilNoSubscribers();
    } finally {
      vi.useRealTimers();
    }
  });

  it(`holds at most ${MAX_STREAMS_PER_USER} streams per person: one more is refused (429, the error body) and opens once one closes`, async () => {
    const teacher = await signedIn(ctx, { role: 'teacher' });
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await open(teacher.client));
    const refused = await teacher.client.get('/api/live');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3');
    const body = errorBody.parse(await refused.json());
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toMatch(/Close a tab/);
    expect(liveHub(ctx.database).subscriberCount(teacher.user.id)).toBe(MAX_STREAMS_PER_USER);
    // Another person is not affected.
    const someone = await open(cast.owner.client);
    await someone.cancel();
    await streams.shift()!.cancel();
    await expect.poll(() => liveHub(ctx.database).subscriberCount(teacher.user.id), { timeout: 3000 }).toBe(MAX_STREAMS_PER_USER - 1);
    streams.push(await open(teacher.client));
    for (const s of streams) await s.cancel();
    await untilNoSubscribers();
  });

  it('refuses an event of an unknown type or too large for a notification, before sending anything', async () => {
    await expect(publish(ctx.database.db, cast.owner.user.id, { type: 'nope' } as unknown as LiveEvent)).rejects.toThrow();
    const big = 'x'.repeat(64);
    // Ids are bounded by the contract, so even the largest event fits in a notification.
    const largest = JSON.stringify({ teacherId: big, event: { type: 'assignment.updated', assignmentId: big, studentAssignmentId: big } });
    expect(Buffer.byteLength(largest)).toBeLessThan(MAX_PAYLOAD_BYTES);
    await expect(publish(ctx.database.db, cast.owner.user.id, { ...updated(6), assignmentId: 'x'.repeat(65) })).rejects.toThrow();
  });

  describe('several processes (PostgreSQL only)', () => {
    /** A second app process on the same database: its own pool, its own listening connection. */
    async function secondProcess() {
      const [{ name }] = (await rows<{ name: string }>(ctx.database.db.execute(sql`select current_database() as name`))) as [
        { name: string },
      ];
      const database = await openPostgres(databaseUrlFor(name), { max: 2 });
      const auth = createAppAuth({ config: ctx.config, db: database.db, mailer: ctx.mailer, secret: ctx.config.authSecret! });
      const deps = { config: ctx.config, database, auth, mailer: ctx.mailer, hooks: ctx.hooks, timers: ctx.timers };
      const app = createApp(deps);
      startBackgroundWork(deps, { scheduled: false });
      return { database, client: new TestClient({ ...ctx, database, auth, app }) };
    }

    it.skipIf(testDbKind() !== 'postgres')(
      'an event published through one process reaches a stream served by another (PostgreSQL only)',
      async () => {
        const b = await secondProcess();
        try {
          await b.client.signIn(cast.owner.user.email);
          const live = await open(b.client);
          expect(liveHub(b.database).subscriberCount(cast.owner.user.id)).toBe(1);
          expect(liveHub(ctx.database).subscriberCount()).toBe(0);
          await ctx.database.db.transaction(async (tx) => publish(tx, cast.owner.user.id, updated(7)));
          expect(await live.next()).toEqual(updated(7));
          await live.cancel();
          await expect.poll(() => liveHub(b.database).subscriberCount(), { timeout: 3000 }).toBe(0);
        } finally {
          liveHub(b.database).closeAll();
          await b.database.close();
        }
      },
    );

    it.skipIf(testDbKind() !== 'postgres')(
      'after its listening connection drops, a process listens again and tells its streams to refetch (PostgreSQL only)',
      async () => {
        const live = await open(cast.owner.client);
        const killed = await rows(
          ctx.database.db.execute(
            sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
          ),
        );
        expect(killed.length).toBe(1);
        expect(await live.next()).toEqual({ type: 'sync' });
        await publish(ctx.database.db, cast.owner.user.id, updated(8));
        expect(await live.next()).toEqual(updated(8));
        await live.cancel();
        await untilNoSubscribers();
      },
    );
  });
});
