import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AssignmentDetail } from '../../../contract/assignments';
import type { Trophy } from '../../../contract/trophies';
import { schema } from '../../db/client';
import { createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { assign, classWith, ownTutor } from './assignments.test-helpers';

// Issue 25: a teacher whose plan has lapsed may still do what only reduces on their own rows (close
// or delete an assignment, take a trophy back, delete a student's data, remove a student, turn
// joining off, delete a class). Creating, changing, reopening and restoring stay 402. Another
// teacher's rows stay the 404, students 403, signed out 401.
type Teacher = Awaited<ReturnType<typeof premiumTeacher>>;
type ErrorJson = { error?: { code: string } };

let ctx: TestContext;
let lapsed: Teacher;
let other: Teacher;
let mine: World;
let theirs: World;

interface World {
  assignment: AssignmentDetail;
  spare: AssignmentDetail;
  classId: string;
  recordId: string;
  trophy: Trophy;
  keepEntry: string;
  removeEntry: string;
}

/** A class of three, two assignments to it, a trophy on one record (made while premium). */
async function worldOf(t: Teacher, tag: string): Promise<World> {
  const k = await classWith(t.client, `Class ${tag}`, [
    [`ada-${tag}@example.org`, 'Ada'],
    [`bea-${tag}@example.org`, 'Bea'],
    [`cy-${tag}@example.org`, 'Cy'],
  ]);
  const botId = await ownTutor(t.client);
  const assignment = await assign(t.client, { botId, title: `Fractions ${tag}`, classIds: [k.id] });
  const spare = await assign(t.client, { botId, title: `Decimals ${tag}`, classIds: [k.id] });
  const recordId = assignment.students.find((s) => s.email.startsWith('ada'))!.id;
  const trophy = (
    await t.client.json<Trophy>('POST', `/api/assignments/${assignment.id}/students/${recordId}/trophies`, { reason: 'Brave question' })
  ).body;
  await t.client.json('PUT', `/api/classes/${k.id}/join-code`, { enabled: true });
  return {
    assignment,
    spare,
    classId: k.id,
    recordId,
    trophy,
    keepEntry: k.entries[`cy-${tag}@example.org`]!,
    removeEntry: k.entries[`bea-${tag}@example.org`]!,
  };
}

/** The plan's last day was yesterday: the teacher is no longer premium. */
async function lapse(t: Teacher) {
  await ctx.database.db
    .update(schema.customerSubscription)
    .set({ currentPeriodEnd: new Date(Date.now() - 86_400_000) })
    .where(eq(schema.customerSubscription.userId, t.user.id));
}

const reducing = (w: World): [string, string, unknown?][] => [
  ['DELETE', `/api/assignments/${w.assignment.id}/students/${w.recordId}/trophies/${w.trophy.id}`],
  ['POST', `/api/assignments/${w.assignment.id}/close`],
  ['DELETE', `/api/assignments/${w.spare.id}`],
  ['DELETE', `/api/students/${w.keepEntry}/data`],
  ['PUT', `/api/classes/${w.classId}/join-code`, { enabled: false }],
  ['DELETE', `/api/classes/${w.classId}/students/${w.removeEntry}`],
  ['DELETE', `/api/classes/${w.classId}`],
];

const growing = (w: World): [string, string, unknown?][] => [
  ['POST', '/api/assignments', { botId: w.assignment.bot.id, title: 'New', classIds: [w.classId] }],
  ['PATCH', `/api/assignments/${w.assignment.id}`, { version: w.assignment.version, title: 'Changed' }],
  ['POST', `/api/assignments/${w.assignment.id}/reopen`],
  ['POST', `/api/assignments/${w.assignment.id}/restore`],
  ['POST', `/api/assignments/${w.assignment.id}/students/${w.recordId}/trophies`, { reason: 'More' }],
  ['POST', `/api/assignments/${w.assignment.id}/students/${w.recordId}/trophies/${w.trophy.id}/restore`],
  ['POST', '/api/classes', { name: 'Another' }],
  ['PATCH', `/api/classes/${w.classId}`, { name: 'Renamed' }],
  ['PUT', `/api/classes/${w.classId}/join-code`, { enabled: true }],
  ['POST', `/api/classes/${w.classId}/students`, { students: [{ email: 'eve@example.org', name: 'Eve' }] }],
];

/** Everything a refused call could have changed, as the database holds it. */
async function snapshot() {
  const db = ctx.database.db;
  return {
    assignments: await db.select().from(schema.assignment).orderBy(schema.assignment.id),
    records: (await db.select().from(schema.studentAssignment)).length,
    trophies: await db.select().from(schema.trophy).orderBy(schema.trophy.id),
    classes: await db.select().from(schema.teacherClass).orderBy(schema.teacherClass.id),
    roster: await db.select().from(schema.rosterEntry).orderBy(schema.rosterEntry.id),
  };
}

async function statusOf(client: TestClient, method: string, url: string, body?: unknown) {
  const res = await client.request(method, url, body);
  const json = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as ErrorJson) : null;
  return [method, url, res.status, json?.error?.code ?? null];
}

beforeAll(async () => {
  ctx = await createTestContext();
  lapsed = await premiumTeacher(ctx);
  other = await premiumTeacher(ctx);
  mine = await worldOf(lapsed, 'mine');
  theirs = await worldOf(other, 'theirs');
  await lapse(lapsed);
});
afterAll(() => ctx.close());

describe('a lapsed teacher', () => {
  it('is refused what creates or extends, 402, changing nothing', async () => {
    const before = await snapshot();
    for (const [method, url, body] of growing(mine)) {
      expect(await statusOf(lapsed.client, method, url, body)).toEqual([method, url, 402, 'premium_required']);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("may not reduce another teacher's rows (404), and students (403) and the signed out (401) may not reduce theirs", async () => {
    // The record's own student (signing up links their roster entry), before the snapshot.
    const student = (await signedIn(ctx, { role: 'student', email: 'ada-mine@example.org' })).client;
    const before = await snapshot();
    for (const [method, url, body] of reducing(theirs)) {
      expect(await statusOf(lapsed.client, method, url, body)).toEqual([method, url, 404, 'not_found']);
    }
    for (const [method, url, body] of reducing(mine)) {
      expect(await statusOf(student, method, url, body)).toEqual([method, url, 403, 'forbidden']);
      expect((await statusOf(new TestClient(ctx), method, url, body))[2]).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('closes and deletes an assignment, takes a trophy back, deletes a student’s data, removes a student, turns joining off and deletes a class', async () => {
    // Rows of their own made while premium, so this test depends on no other's state.
    const t = await premiumTeacher(ctx);
    const w = await worldOf(t, 'own');
    await lapse(t);
    const [takeBack, close, del, data, joinOff, remove, deleteClass] = reducing(w);
    const run = async ([method, url, body]: [string, string, unknown?]) => (await t.client.request(method, url, body)).status;

    expect(await run(takeBack!)).toBe(204);
    const trophies = await ctx.database.db.select().from(schema.trophy).where(eq(schema.trophy.id, w.trophy.id));
    expect(trophies[0]!.takenBackAt).not.toBeNull();
    expect(await run(close!)).toBe(200);
    const [closed] = await ctx.database.db.select().from(schema.assignment).where(eq(schema.assignment.id, w.assignment.id));
    expect(closed!.closedAt).not.toBeNull();
    expect(await run(del!)).toBe(200);
    const [deleted] = await ctx.database.db.select().from(schema.assignment).where(eq(schema.assignment.id, w.spare.id));
    expect(deleted!.deletedAt).not.toBeNull();
    expect(await run(data!)).toBe(200);
    expect(await run(joinOff!)).toBe(200);
    const [k] = await ctx.database.db.select().from(schema.teacherClass).where(eq(schema.teacherClass.id, w.classId));
    expect(k!.joinCode).toBeNull();
    expect(await run(remove!)).toBe(204);
    const [entry] = await ctx.database.db.select().from(schema.rosterEntry).where(eq(schema.rosterEntry.id, w.removeEntry));
    expect(entry!.removedAt).not.toBeNull();
    expect(await run(deleteClass!)).toBe(204);
    expect(await ctx.database.db.select().from(schema.teacherClass).where(eq(schema.teacherClass.id, w.classId))).toEqual([]);
  });
});
