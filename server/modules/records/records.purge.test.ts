import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { schema } from '../../db/client';
import { createTestContext, signedIn, type TestContext } from '../../../tests/harness';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { assign, classWith, converse, ownTutor } from '../assignments/assignments.test-helpers';
import { PURGE_LOCK_KEY, purgeExpiredTranscripts, startRetentionPurge } from './records.purge';

// The retention purge deletes the transcripts of records whose assignment closed or was deleted
// more than RETENTION_DAYS ago, and only those: the records stay, with their trophies, and no
// conversation. On PostgreSQL a second process finds the lock taken and skips its round.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60_000;
const db = () => ctx.database.db;

/** One student with a started record (a transcript) on each of these assignments, set as asked. */
async function world(states: Record<string, { closedAt?: Date | null; deletedAt?: Date | null }>) {
  const teacher = await premiumTeacher(ctx);
  const email = `pupil-${Math.random().toString(36).slice(2, 10)}@example.org`;
  const k = await classWith(teacher.client, 'Period 1', [[email, 'Pupil']]);
  const botId = await ownTutor(teacher.client);
  const student = await signedIn(ctx, { role: 'student', email });
  const out: Record<string, { record: string; chat: string }> = {};
  for (const [title, state] of Object.entries(states)) {
    const made = await assign(teacher.client, { botId, title, classIds: [k.id] });
    const record = made.students[0]!.id;
    const chat = await converse(ctx, record, student.user.id, [`${title} question`, `${title} answer`]);
    if (Object.keys(state).length) await db().update(schema.assignment).set(state).where(eq(schema.assignment.id, made.id));
    await db()
      .insert(schema.trophy)
      .values({ studentAssignmentId: record, kind: 'teacher', reason: `${title} trophy` });
    await db()
      .insert(schema.safetyFlag)
      .values({ conversationId: chat, studentAssignmentId: record, studentId: student.user.id, category: 'bullying', source: 'input' });
    out[title] = { record, chat };
  }
  return out;
}

async function transcriptsLeft(w: Record<string, { chat: string }>) {
  const rows = await db()
    .select({ id: schema.conversation.id })
    .from(schema.conversation)
    .where(
      inArray(
        schema.conversation.id,
        Object.values(w).map((x) => x.chat),
      ),
    );
  const names = new Map(Object.entries(w).map(([k, v]) => [v.chat, k]));
  return rows.map((r) => names.get(r.id)).sort();
}

describe('the retention purge', () => {
  it('deletes only transcripts past retention; the records and trophies stay with no conversation', async () => {
    const now = new Date();
    const days = ctx.config.retentionDays;
    expect(days).toBe(365);
    const w = await world({
      open: {},
      closedInside: { closedAt: new Date(now.getTime() - days * DAY + 60 * 60_000) },
      closedPast: { closedAt: new Date(now.getTime() - days * DAY - 60_000) },
      deletedPast: { deletedAt: new Date(now.getTime() - (days + 30) * DAY) },
      deletedInside: { deletedAt: new Date(now.getTime() - 2 * DAY) },
    });
    // One transcript per batch: the rounds go on until a batch comes back short.
    expect(await purgeExpiredTranscripts(ctx, now, 1)).toEqual({ deleted: 2, skipped: false });
    expect(await transcriptsLeft(w)).toEqual(['closedInside', 'deletedInside', 'open']);

    const records = await db()
      .select({
        id: schema.studentAssignment.id,
        conversationId: schema.studentAssignment.conversationId,
        messageCount: schema.studentAssignment.messageCount,
      })
      .from(schema.studentAssignment)
      .where(inArray(schema.studentAssignment.id, [w.closedPast!.record, w.deletedPast!.record]));
    expect(records.map((r) => [r.conversationId, r.messageCount])).toEqual([
      [null, 1],
      [null, 1],
    ]);
    const trophies = await db()
      .select()
      .from(schema.trophy)
      .where(inArray(schema.trophy.studentAssignmentId, [w.closedPast!.record, w.deletedPast!.record]));
    expect(trophies).toHaveLength(2);
    expect(await db().select().from(schema.aiMessage).where(eq(schema.aiMessage.conversationId, w.closedPast!.chat))).toEqual([]);
    expect(await db().select().from(schema.safetyFlag).where(eq(schema.safetyFlag.studentAssignmentId, w.closedPast!.record))).toEqual([]);
    expect(await db().select().from(schema.safetyFlag).where(eq(schema.safetyFlag.studentAssignmentId, w.open!.record))).toHaveLength(1);

    // A second round finds nothing more; a year later the closed one inside goes too, the open one never.
    expect(await purgeExpiredTranscripts(ctx, now)).toEqual({ deleted: 0, skipped: false });
    await purgeExpiredTranscripts(ctx, new Date(now.getTime() + 2 * days * DAY));
    expect(await transcriptsLeft(w)).toEqual(['open']);
  });

  it('runs on its own at start, and stops', async () => {
    const w = await world({ old: { closedAt: new Date(Date.now() - 400 * DAY) } });
    const stop = startRetentionPurge(ctx);
    try {
      const deadline = Date.now() + 5000;
      while ((await transcriptsLeft(w)).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await transcriptsLeft(w)).toEqual([]);
    } finally {
      stop();
    }
  });

  it.skipIf(inject('dbKind') !== 'postgres')(
    'skips its round while another process holds the lock; two at once delete once, without error',
    async () => {
      const now = new Date();
      const w = await world({
        a: { closedAt: new Date(now.getTime() - 400 * DAY) },
        b: { deletedAt: new Date(now.getTime() - 400 * DAY) },
      });
      // Another process's purge, in the middle of its batch: holds the lock on another connection.
      await db().transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${PURGE_LOCK_KEY})`);
        expect(await purgeExpiredTranscripts(ctx, now)).toEqual({ deleted: 0, skipped: true });
      });
      expect(await transcriptsLeft(w)).toEqual(['a', 'b']);

      const runs = await Promise.all([purgeExpiredTranscripts(ctx, now), purgeExpiredTranscripts(ctx, now)]);
      expect(runs[0].deleted + runs[1].deleted).toBe(2);
      expect(await transcriptsLeft(w)).toEqual([]);
    },
  );
});
