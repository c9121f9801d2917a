import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import { createTestContext, signedIn, TEST_ORIGIN, type TestContext } from '../../../tests/harness';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { assign, classWith, converse, liveEventsDuring, ownTutor } from '../assignments/assignments.test-helpers';
import { alertFlag } from './flags.alerts';
import { flagOn, flagRow, flagWorld, turnsOf } from './flags.test-helpers';

// Issue 16, item 2: a stored flag tells its teacher's live stream; a self-harm flag also tells the
// school's admins and is e-mailed to each admin and the teacher, once, naming no student and
// quoting nothing.

let ctx: TestContext;
let world: Awaited<ReturnType<typeof flagWorld>>;
let adminEmail: string;
let adminId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await flagWorld(ctx, ["I don't want to be here anymore", 'I am glad you told me.']);
  const me = (await world.admin.json<{ id: string; email: string }>('GET', '/api/me')).body;
  adminEmail = me.email;
  adminId = me.id;
});
afterAll(() => ctx.close());

const mailsTo = (to: string) => ctx.mails().filter((m) => m.to === to);

describe('a self-harm flag', () => {
  it("e-mails the school's admins and the teacher once, with a link and no student or message", async () => {
    // A second admin listed on the licence, with no account: e-mailed all the same.
    await ctx.database.db
      .update(schema.schoolLicence)
      .set({ admins: [adminEmail, `head@${world.school.domain}`] })
      .where(eq(schema.schoolLicence.id, world.school.id));
    const [turn] = await turnsOf(ctx, world.ada.conversationId);
    const flag = await flagOn(ctx, world.teacher, world.ada, {
      category: 'self_harm',
      severity: 'high',
      messageId: turn!.id,
      reason: 'Says they do not want to be here',
    });
    const before = ctx.mails().length;

    const events = await liveEventsDuring(ctx, () => alertFlag(ctx, flag.id), 2);
    expect(events.map((e) => e.teacherId).sort()).toEqual([world.teacher.user.id, adminId].sort());
    expect(events.every((e) => e.event.type === 'flags')).toBe(true);

    const sent = ctx.mails().slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual([adminEmail, `head@${world.school.domain}`, world.teacher.user.email].sort());
    const link = `${TEST_ORIGIN}/flags?flag=${flag.id}`;
    for (const mail of sent) {
      expect(mail.body).toContain(`A student's message in Fractions was flagged for self-harm. Open ClassBots to read it and act: ${link}`);
      for (const secret of ['Ada', 'Lovelace', 'ada@example.org', "don't want to be here", 'do not want to be here']) {
        expect(`${mail.subject}\n${mail.body}`).not.toContain(secret);
      }
    }
    expect((await flagRow(ctx, flag.id)).alertedAt).toBeInstanceOf(Date);

    // Called again (a retry, another process): nothing more is sent.
    const again = await liveEventsDuring(ctx, () => Promise.all([alertFlag(ctx, flag.id), alertFlag(ctx, flag.id)]), 1);
    expect(again).toEqual([]);
    expect(ctx.mails().length).toBe(before + 3);
  });

  it("a teacher in no school: only the teacher's stream and e-mail", async () => {
    const solo = await premiumTeacher(ctx);
    const k = await classWith(solo.client, 'Solo', [['dee@example.org', 'Dee']]);
    const created = await assign(solo.client, { botId: await ownTutor(solo.client), title: 'Poems', classIds: [k.id] });
    const dee = await signedIn(ctx, { role: 'student', email: 'dee@example.org' });
    const recordId = created.students[0]!.id;
    const conversationId = await converse(ctx, recordId, dee.user.id, ['Hi', 'Hello']);
    const flag = await flagOn(ctx, solo, { ...dee, recordId, conversationId }, { category: 'self_harm' });
    const before = ctx.mails().length;
    const events = await liveEventsDuring(ctx, () => alertFlag(ctx, flag.id));
    expect(events).toEqual([{ teacherId: solo.user.id, event: { type: 'flags' } }]);
    expect(
      ctx
        .mails()
        .slice(before)
        .map((m) => m.to),
    ).toEqual([solo.user.email]);
  });
});

describe('other flags', () => {
  it("tell the teacher's stream only, and send no e-mail", async () => {
    const before = ctx.mails().length;
    for (const category of ['bullying', 'violence', 'sexual', 'personal_data', 'provider_block']) {
      const flag = await flagOn(ctx, world.teacher, world.ada, { category });
      const events = await liveEventsDuring(ctx, () => alertFlag(ctx, flag.id));
      expect([category, events]).toEqual([category, [{ teacherId: world.teacher.user.id, event: { type: 'flags' } }]]);
    }
    expect(ctx.mails().length).toBe(before);
    expect(mailsTo(adminEmail).length).toBe(1);
  });

  it('an unknown flag id does nothing and throws nothing', async () => {
    const before = ctx.mails().length;
    await expect(alertFlag(ctx, '00000000-0000-4000-8000-000000000000')).resolves.toBeUndefined();
    expect(ctx.mails().length).toBe(before);
  });
});
