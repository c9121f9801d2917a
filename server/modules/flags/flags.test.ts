import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AssignmentDetail, StudentPage } from '../../../contract/assignments';
import { FLAGS_PAGE_SIZE, type FlagCount, type FlagDetail, type FlagList, type FlagSummary } from '../../../contract/flags';
import { schema } from '../../db/client';
import { createTestContext, signedIn, type TestContext } from '../../../tests/harness';
import { liveEventsDuring } from '../assignments/assignments.test-helpers';
import { flagOn, flagRow, flagWorld, turnsOf } from './flags.test-helpers';

// Issue 16, item 2 (the teacher's side): the inbox newest first by status and paged, the badge's
// count, one flag with its message in context, the review with a note, and the counts on the
// assignment table and the student's page, which count only what is still to act on.

let ctx: TestContext;
let world: Awaited<ReturnType<typeof flagWorld>>;
const turns = Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? `student turn ${i}` : `tutor turn ${i}`));

beforeAll(async () => {
  ctx = await createTestContext();
  world = await flagWorld(ctx, turns);
});
afterAll(() => ctx.close());

const teacher = () => world.teacher.client;
const list = async (query = '') => (await teacher().json<FlagList>('GET', `/api/flags${query}`)).body;
const count = async () => (await teacher().json<FlagCount>('GET', '/api/flags/count')).body;
const reviewAs = (id: string, note: string, reviewed: boolean) =>
  teacher().json<FlagSummary>('POST', `/api/flags/${id}/review`, { note, reviewed });

describe('the inbox', () => {
  it('lists newest first with the row facts; filters by status; counts the unreviewed', async () => {
    const t0 = Date.now() - 60_000;
    const older = await flagOn(ctx, world.teacher, world.bea, { createdAt: new Date(t0), category: 'personal_data', severity: 'low' });
    const newer = await flagOn(ctx, world.teacher, world.ada, {
      createdAt: new Date(t0 + 1000),
      category: 'violence',
      severity: 'high',
      reason: 'A threat',
      source: 'output',
      detectedBy: 'words',
    });
    const unreviewed = await list();
    expect(unreviewed.flags.map((f) => f.id)).toEqual([newer.id, older.id]);
    expect(unreviewed.unreviewed).toBe(2);
    expect(unreviewed.nextCursor).toBeNull();
    expect(unreviewed.flags[0]).toEqual({
      id: newer.id,
      category: 'violence',
      severity: 'high',
      reason: 'A threat',
      detectedBy: 'words',
      source: 'output',
      createdAt: new Date(t0 + 1000).toISOString(),
      reviewed: null,
      studentName: 'Ada Lovelace',
      assignment: { id: world.assignment.id, title: 'Fractions' },
      recordId: world.ada.recordId,
      as: 'teacher',
      alertUnsent: false,
    });
    expect(await count()).toEqual({ unreviewed: 2, total: 2 });

    const done = await reviewAs(older.id, '  Talked with Bea about sharing her address  ', true);
    expect(done.status).toBe(200);
    expect(done.body.reviewed).toEqual({
      at: expect.any(String) as string,
      byName: world.teacher.user.name,
      note: 'Talked with Bea about sharing her address',
    });
    expect((await list()).flags.map((f) => f.id)).toEqual([newer.id]);
    expect((await list('?status=reviewed')).flags.map((f) => f.id)).toEqual([older.id]);
    expect((await list('?status=all')).flags.map((f) => f.id)).toEqual([newer.id, older.id]);
    expect((await list('?status=reviewed')).unreviewed).toBe(1);
    expect(await count()).toEqual({ unreviewed: 1, total: 2 });
    // One record's flags, for the table's and the student page's dialogs.
    expect((await list(`?record=${world.bea.recordId}&status=all`)).flags.map((f) => f.id)).toEqual([older.id]);

    // Back to unreviewed: who and when are cleared, the note kept as given.
    const undone = await reviewAs(older.id, 'Needs another look', false);
    expect(undone.body.reviewed).toBeNull();
    expect(await flagRow(ctx, older.id)).toMatchObject({ reviewedAt: null, reviewedBy: null, reviewNote: 'Needs another look' });
    expect(await count()).toEqual({ unreviewed: 2, total: 2 });
    await ctx.database.db.delete(schema.safetyFlag).where(eq(schema.safetyFlag.studentAssignmentId, world.bea.recordId));
    await ctx.database.db.delete(schema.safetyFlag).where(eq(schema.safetyFlag.id, newer.id));
  });

  it(`pages by ${FLAGS_PAGE_SIZE}, each flag once, in order, across flags made in the same instant`, async () => {
    const at = new Date(Date.now() - 3600_000);
    const made = await Promise.all(
      Array.from({ length: FLAGS_PAGE_SIZE + 5 }, (_, i) =>
        flagOn(ctx, world.teacher, world.bea, { createdAt: i < 10 ? at : new Date(at.getTime() + i) }),
      ),
    );
    const first = await list();
    expect(first.flags).toHaveLength(FLAGS_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(`?cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.flags, ...second.flags].map((f) => f.id);
    expect(new Set(ids)).toEqual(new Set(made.map((f) => f.id)));
    expect(ids).toHaveLength(made.length);
    const keys = [...first.flags, ...second.flags].map((f) => f.createdAt);
    expect(keys).toEqual([...keys].sort().reverse());
    await ctx.database.db.delete(schema.safetyFlag).where(eq(schema.safetyFlag.studentAssignmentId, world.bea.recordId));
  });

  it("a deleted assignment's flags leave the inbox", async () => {
    const flag = await flagOn(ctx, world.teacher, world.bea);
    expect((await count()).total).toBe(1);
    await ctx.database.db.update(schema.assignment).set({ deletedAt: new Date() }).where(eq(schema.assignment.id, world.assignment.id));
    try {
      expect(await count()).toEqual({ unreviewed: 0, total: 0 });
      expect((await teacher().request('GET', `/api/flags/${flag.id}`)).status).toBe(404);
    } finally {
      await ctx.database.db.update(schema.assignment).set({ deletedAt: null }).where(eq(schema.assignment.id, world.assignment.id));
      await ctx.database.db.delete(schema.safetyFlag).where(eq(schema.safetyFlag.id, flag.id));
    }
  });
});

describe('one flag', () => {
  it('shows the flagged turn with up to 3 visible turns before and 2 after; a held turn is shown to the teacher', async () => {
    const rows = await turnsOf(ctx, world.ada.conversationId);
    // Turn 3 superseded (a regenerated reply) is not shown; turn 7 is a held reply, shown.
    await ctx.database.db.update(schema.aiMessage).set({ status: 'superseded' }).where(eq(schema.aiMessage.id, rows[3]!.id));
    await ctx.database.db.update(schema.aiMessage).set({ status: 'held' }).where(eq(schema.aiMessage.id, rows[7]!.id));
    const flag = await flagOn(ctx, world.teacher, world.ada, { messageId: rows[6]!.id, category: 'self_harm', severity: 'high' });
    const detail = (await teacher().json<FlagDetail>('GET', `/api/flags/${flag.id}`)).body;
    expect(detail.context.map((t) => [t.text, t.role, t.status, t.flagged])).toEqual([
      ['student turn 2', 'user', 'complete', false],
      ['student turn 4', 'user', 'complete', false],
      ['tutor turn 5', 'assistant', 'complete', false],
      ['student turn 6', 'user', 'complete', true],
      ['tutor turn 7', 'assistant', 'held', false],
      ['student turn 8', 'user', 'complete', false],
    ]);
    expect(detail).toMatchObject({
      id: flag.id,
      category: 'self_harm',
      studentName: 'Ada Lovelace',
      teacherName: world.teacher.user.name,
      as: 'teacher',
    });

    // The first turn flagged: nothing before it. No turn named: no context.
    const atStart = await flagOn(ctx, world.teacher, world.ada, { messageId: rows[0]!.id });
    expect((await teacher().json<FlagDetail>('GET', `/api/flags/${atStart.id}`)).body.context.map((t) => t.text)).toEqual([
      'student turn 0',
      'tutor turn 1',
      'student turn 2',
    ]);
    const none = await flagOn(ctx, world.teacher, world.ada, { messageId: null });
    expect((await teacher().json<FlagDetail>('GET', `/api/flags/${none.id}`)).body.context).toEqual([]);
    await ctx.database.db.delete(schema.safetyFlag).where(eq(schema.safetyFlag.studentAssignmentId, world.ada.recordId));
  });
});

describe('the counts elsewhere', () => {
  it('the assignment table and the student page count unreviewed flags of the record', async () => {
    const a = await flagOn(ctx, world.teacher, world.ada);
    await flagOn(ctx, world.teacher, world.ada, { category: 'violence' });
    const table = async () => (await teacher().json<AssignmentDetail>('GET', `/api/assignments/${world.assignment.id}`)).body;
    const page = async () => (await teacher().json<StudentPage>('GET', `/api/students/${world.entryId}`)).body;
    expect([(await table()).flags, (await table()).students.find((s) => s.id === world.ada.recordId)!.flags]).toEqual([2, 2]);
    expect([(await page()).flags, (await page()).assignments[0]!.flags]).toEqual([2, 2]);
    await reviewAs(a.id, '', true);
    expect([(await table()).flags, (await table()).students.find((s) => s.id === world.ada.recordId)!.flags]).toEqual([1, 1]);
    expect([(await page()).flags, (await page()).assignments[0]!.flags]).toEqual([1, 1]);
    await ctx.database.db.delete(schema.safetyFlag).where(eq(schema.safetyFlag.studentAssignmentId, world.ada.recordId));
  });
});

describe('live events', () => {
  it('a review tells the teacher; a self-harm review tells the school’s admins too', async () => {
    const flag = await flagOn(ctx, world.teacher, world.ada);
    const events = await liveEventsDuring(ctx, () => reviewAs(flag.id, 'ok', true));
    expect(events).toEqual([{ teacherId: world.teacher.user.id, event: { type: 'flags' } }]);

    const selfHarm = await flagOn(ctx, world.teacher, world.ada, { category: 'self_harm' });
    const adminId = (await world.admin.json<{ id: string }>('GET', '/api/me')).body.id;
    const both = await liveEventsDuring(ctx, () => reviewAs(selfHarm.id, 'ok', true), 2);
    expect(both.map((e) => e.teacherId).sort()).toEqual([world.teacher.user.id, adminId].sort());
    expect(both.every((e) => e.event.type === 'flags')).toBe(true);
    // A student's stream hears none of it.
    expect(both.map((e) => e.teacherId)).not.toContain(world.ada.user.id);
    await ctx.database.db.delete(schema.safetyFlag).where(eq(schema.safetyFlag.studentAssignmentId, world.ada.recordId));
  });

  it('a student signed in cannot see another record’s flags through ?record=', async () => {
    const stranger = await signedIn(ctx, { role: 'student' });
    expect((await stranger.client.request('GET', `/api/flags?record=${world.ada.recordId}`)).status).toBe(403);
  });
});
