import { describe, expect, it } from 'vitest';
import type { MyAssignment } from '../../../contract/assignments';
import type { FlagDetail, FlagList } from '../../../contract/flags';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import { TEST_ORIGIN, type TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { passVerdict } from '../../../tests/fakes/fake-llm';
import { key, readUIStream } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import { adminOf, makeSchool } from '../bots/bots.test-helpers';
import { assignmentWorld } from '../my-assignments/my-assignments.test-helpers';
import { alertFlag, retryUnsentAlerts } from './flags.alerts';

// Issue 16 item 2, end to end on the server: a student's message the word list misses and the
// moderation pass (the fake's script) calls self-harm becomes a flag in the teacher's inbox and the
// school admin's, with the message in context, and one e-mail each to the admin and the teacher
// that names no student and quotes nothing.

let ctx: TestContext;
let fake: FakeGemini;
useAiTest((t) => ({ ctx, fake } = t));

/** Whether the flag's alert went out, and whether its e-mails are due again (all failed, or a send in progress). */
async function alertState(flagId: string) {
  const [row] = await ctx.database.db
    .select({ alertedAt: schema.safetyFlag.alertedAt, retryAt: schema.safetyFlag.alertMailRetryAt })
    .from(schema.safetyFlag)
    .where(eq(schema.safetyFlag.id, flagId));
  return { alerted: Boolean(row?.alertedAt), dueAgain: Boolean(row?.retryAt) };
}

describe('a self-harm message on an assignment', () => {
  it("reaches the teacher's and the school admin's inboxes, and their e-mail, once", async () => {
    const school = await makeSchool(ctx);
    const teacherEmail = `rivera@${school.domain}`;
    await ctx.database.db.insert(schema.schoolTeacher).values({ schoolId: school.id, email: teacherEmail });
    const admin = await adminOf(ctx, school);
    const world = await assignmentWorld(ctx, { teacherEmail, title: 'Adding fractions' });
    const student = await world.addStudent({ name: 'Maya Lopez', email: 'maya.flow@pupils.example.org' });
    expect((await student.client.json<MyAssignment>('POST', `/api/my-assignments/${student.asid}/start`)).status).toBe(200);
    fake.core.set({
      moderation: (text) =>
        text.includes("can't do this anymore") ? { category: 'self_harm', severity: 'high', reason: 'May want to die.' } : passVerdict,
    });
    const before = ctx.mails().length;

    const res = await student.client.post(`/api/my-assignments/${student.asid}/messages`, {
      idempotencyKey: key(),
      text: "I can't do this anymore.",
    });
    expect(res.status).toBe(200);
    await readUIStream(res);

    const inbox = (await world.teacher.client.json<FlagList>('GET', '/api/flags')).body;
    expect(inbox.flags).toHaveLength(1);
    const flag = inbox.flags[0]!;
    expect(flag).toMatchObject({
      category: 'self_harm',
      severity: 'high',
      reason: 'May want to die.',
      detectedBy: 'moderation',
      source: 'input',
      studentName: 'Maya Lopez',
      assignment: { title: 'Adding fractions' },
      recordId: student.asid,
      as: 'teacher',
      reviewed: null,
    });
    const adminInbox = (await admin.json<FlagList>('GET', '/api/flags')).body;
    expect(adminInbox.flags.map((f) => [f.id, f.as])).toEqual([[flag.id, 'admin']]);
    const detail = (await admin.json<FlagDetail>('GET', `/api/flags/${flag.id}`)).body;
    expect(detail.context.find((t) => t.flagged)).toMatchObject({ role: 'user', text: "I can't do this anymore." });

    // The e-mails go after the answer: wait until the alert is settled (sent, nothing due again).
    await expect.poll(() => alertState(flag.id), { timeout: 5000 }).toEqual({ alerted: true, dueAgain: false });
    const sent = ctx.mails().slice(before);
    const adminEmail = `admin-${school.id.slice(0, 6)}@${school.domain}`;
    expect(sent.map((m) => m.to).sort()).toEqual([adminEmail, teacherEmail].sort());
    for (const mail of sent) {
      expect(mail.body).toContain(`${TEST_ORIGIN}/flags?flag=${flag.id}`);
      expect(mail.body).toContain('Adding fractions');
      expect(`${mail.subject} ${mail.body}`).not.toMatch(/maya|lopez|do this anymore|pupils\.example\.org/i);
    }
    // Nothing more arrives later: a second alert of the flag and the retry job, however late, send nothing.
    await alertFlag(ctx, flag.id);
    expect(await retryUnsentAlerts(ctx, new Date(Date.now() + 24 * 3600_000))).toEqual({ sent: 0, failed: 0 });
    expect(ctx.mails()).toHaveLength(before + 2);
  });
});
