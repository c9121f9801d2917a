import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyAssignment } from '../../../contract/assignments';
import type { FlagDetail, FlagList } from '../../../contract/flags';
import { schema } from '../../db/client';
import { TEST_ORIGIN, type TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { passVerdict } from '../../../tests/fakes/fake-llm';
import { key, readUIStream, startAiTest } from '../../../tests/fakes/ai-helpers';
import { adminOf, makeSchool } from '../bots/bots.test-helpers';
import { assignmentWorld } from '../my-assignments/my-assignments.test-helpers';

// Issue 16 item 2, end to end on the server: a student's message the word list misses and the
// moderation pass (the fake's script) calls self-harm becomes a flag in the teacher's inbox and the
// school admin's, with the message in context, and one e-mail each to the admin and the teacher
// that names no student and quotes nothing.

let ctx: TestContext;
let fake: FakeGemini;
beforeAll(async () => {
  ({ ctx, fake } = await startAiTest());
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

async function waitForMails(count: number) {
  for (let i = 0; i < 100 && ctx.mails().length < count; i++) await new Promise((r) => setTimeout(r, 30));
  return ctx.mails();
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
        text.includes("don't want to be here") ? { category: 'self_harm', severity: 'high', reason: 'May want to die.' } : passVerdict,
    });
    const before = ctx.mails().length;

    const res = await student.client.post(`/api/my-assignments/${student.asid}/messages`, {
      idempotencyKey: key(),
      text: "I don't want to be here anymore.",
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
    expect(detail.context.find((t) => t.flagged)).toMatchObject({ role: 'user', text: "I don't want to be here anymore." });

    const sent = (await waitForMails(before + 2)).slice(before);
    const adminEmail = `admin-${school.id.slice(0, 6)}@${school.domain}`;
    expect(sent.map((m) => m.to).sort()).toEqual([adminEmail, teacherEmail].sort());
    for (const mail of sent) {
      expect(mail.body).toContain(`${TEST_ORIGIN}/flags?flag=${flag.id}`);
      expect(mail.body).toContain('Adding fractions');
      expect(`${mail.subject} ${mail.body}`).not.toMatch(/maya|lopez|want to be here|pupils\.example\.org/i);
    }
    // Nothing more arrives later.
    await new Promise((r) => setTimeout(r, 300));
    expect(ctx.mails()).toHaveLength(before + 2);
  });
});
