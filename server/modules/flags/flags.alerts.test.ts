import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import { createTestContext, signedIn, TEST_ORIGIN, type TestClient, type TestContext } from '../../../tests/harness';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { assign, classWith, converse, liveEventsDuring, ownTutor } from '../assignments/assignments.test-helpers';
import type { FlagDetail, FlagList } from '../../../contract/flags';
import type { Mailer } from '../../lib/mailer';
import { ALERT_RETRY_FIRST_MS, alertFlag, retryUnsentAlerts } from './flags.alerts';
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

describe('a self-harm alert whose e-mails all failed', () => {
  // Its own world: the retry job's rounds take every due flag of the database.
  let own: TestContext;
  let w: Awaited<ReturnType<typeof flagWorld>>;
  let adminAddress: string;
  beforeAll(async () => {
    own = await createTestContext();
    w = await flagWorld(own, ["I don't want to be here anymore", 'I am glad you told me.']);
    adminAddress = (await w.admin.json<{ email: string }>('GET', '/api/me')).body.email;
  });
  afterAll(() => own.close());

  // The mail server is down: every send is refused, as SMTP's is when it cannot connect.
  const down: Mailer = {
    describe: () => 'down',
    send: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
  };
  const failing = () => ({ ...own, mailer: down });
  const unsentOn = async (client: TestClient, id: string) =>
    (await client.json<FlagList>('GET', '/api/flags?status=all')).body.flags.find((x) => x.id === id)?.alertUnsent;
  const later = (ms: number) => new Date(Date.now() + ms);
  const mailsOf = (flagId: string) => own.mails().filter((m) => m.body.includes(`/flags?flag=${flagId}`));

  it('is retried with a backoff until sent, and shows as unsent to the teacher and the admin meanwhile', async () => {
    // Each failed e-mail is logged (the flag's id, never an address).
    const { allowConsoleErrors } = await import('../../../tests/setup');
    allowConsoleErrors();
    const flag = await flagOn(own, w.teacher, w.ada, { category: 'self_harm', severity: 'high' });
    await alertFlag(failing(), flag.id);
    let row = await flagRow(own, flag.id);
    expect(row.alertedAt).toBeInstanceOf(Date);
    expect(row.alertMailFailures).toBe(1);
    expect(row.alertMailRetryAt!.getTime()).toBeGreaterThan(Date.now() + ALERT_RETRY_FIRST_MS / 2);
    expect(await unsentOn(w.teacher.client, flag.id)).toBe(true);
    expect(await unsentOn(w.admin, flag.id)).toBe(true);

    // Not due yet: nothing is tried.
    await retryUnsentAlerts(failing());
    expect((await flagRow(own, flag.id)).alertMailFailures).toBe(1);
    // Due, and failing again: the next wait is twice as long.
    await retryUnsentAlerts(failing(), later(ALERT_RETRY_FIRST_MS + 1000));
    row = await flagRow(own, flag.id);
    expect(row.alertMailFailures).toBe(2);
    const wait = row.alertMailRetryAt!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(ALERT_RETRY_FIRST_MS * 2);
    expect(wait).toBeLessThan(ALERT_RETRY_FIRST_MS * 3 + 5000);
    expect(mailsOf(flag.id)).toEqual([]);

    // The mail server is back: the next due round sends to the admin and the teacher, once, and
    // tells their Flags pages.
    const events = await liveEventsDuring(own, () => retryUnsentAlerts(own, later(ALERT_RETRY_FIRST_MS * 4)), 2);
    expect(events.map((e) => e.teacherId).sort()).toEqual([w.teacher.user.id, (await meOf(w.admin)).id].sort());
    expect(
      mailsOf(flag.id)
        .map((m) => m.to)
        .sort(),
    ).toEqual([adminAddress, w.teacher.user.email].sort());
    row = await flagRow(own, flag.id);
    expect(row.alertMailRetryAt).toBeNull();
    expect(await unsentOn(w.teacher.client, flag.id)).toBe(false);
    // Sent: no later round sends it again.
    await retryUnsentAlerts(own, later(24 * 3600_000));
    expect(mailsOf(flag.id).length).toBe(2);
  });

  it('is sent by the job when the process stopped after claiming it, and is not shown as unsent before a failure', async () => {
    const flag = await flagOn(own, w.teacher, w.ada, { category: 'self_harm', severity: 'high' });
    // As the claim leaves it when the process stops before sending.
    await own.database.db
      .update(schema.safetyFlag)
      .set({ alertedAt: new Date(), alertMailRetryAt: later(10 * 60_000) })
      .where(eq(schema.safetyFlag.id, flag.id));
    expect(await unsentOn(w.teacher.client, flag.id)).toBe(false);
    await retryUnsentAlerts(own, later(5 * 60_000));
    expect(mailsOf(flag.id)).toEqual([]);
    await retryUnsentAlerts(own, later(11 * 60_000));
    expect(mailsOf(flag.id).length).toBe(2);
    expect((await flagRow(own, flag.id)).alertMailRetryAt).toBeNull();
  });

  it('other flags are never due for e-mail', async () => {
    const flag = await flagOn(own, w.teacher, w.ada, { category: 'bullying' });
    await alertFlag(failing(), flag.id);
    const row = await flagRow(own, flag.id);
    expect([row.alertMailFailures, row.alertMailRetryAt]).toEqual([0, null]);
    expect(await unsentOn(w.teacher.client, flag.id)).toBe(false);
  });
});

const meOf = async (client: TestClient) => (await client.json<{ id: string }>('GET', '/api/me')).body;

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

// Last in the file: it adds an e-mail to the admin, whom the tests above count.
describe('the alert in each recipient’s language (issue 30)', () => {
  it("writes to each recipient in their account's language (issue 30): a Spanish admin in Spanish, the teacher in English", async () => {
    await ctx.database.db.update(schema.user).set({ locale: 'es' }).where(eq(schema.user.id, adminId));
    try {
      const flag = await flagOn(ctx, world.teacher, world.ada, { category: 'self_harm', severity: 'high' });
      const before = ctx.mails().length;
      await alertFlag(ctx, flag.id);
      const sent = ctx.mails().slice(before);
      const link = `${TEST_ORIGIN}/flags?flag=${flag.id}`;
      const toAdmin = sent.find((m) => m.to === adminEmail)!;
      expect(toAdmin.subject).toBe('ClassBots: un aviso de autolesión que requiere tu atención');
      expect(toAdmin.body).toContain(
        `Un mensaje de un estudiante en Fractions se marcó por autolesión. Abre ClassBots para leerlo y actuar: ${link}`,
      );
      const toTeacher = sent.find((m) => m.to === world.teacher.user.email)!;
      expect(toTeacher.subject).toBe('ClassBots: a self-harm flag to act on');
    } finally {
      await ctx.database.db.update(schema.user).set({ locale: null }).where(eq(schema.user.id, adminId));
    }
  });
});

// Issue 39 item 8: a disclosure of abuse or neglect is its own category, alerting the school as
// self-harm does, with the school's reporting guidance on the flag.
describe('a safeguarding flag', () => {
  it("alerts the school's admins and the teacher by e-mail and in the app, and shows the school's reporting guidance", async () => {
    const sg = await flagWorld(ctx, ['My stepdad hits me when he is drunk', 'Thank you for telling me.'], '-sg');
    const sgAdmin = (await sg.admin.json<{ id: string; email: string }>('GET', '/api/me')).body;
    await ctx.database.db
      .update(schema.schoolLicence)
      .set({ reportingGuidance: 'Tell Ms Ortiz (DSL) before the end of the day; she files the report.' })
      .where(eq(schema.schoolLicence.id, sg.school.id));
    const [turn] = await turnsOf(ctx, sg.ada.conversationId);
    const flag = await flagOn(ctx, sg.teacher, sg.ada, {
      category: 'safeguarding',
      severity: 'high',
      messageId: turn!.id,
      detectedBy: 'words',
    });
    const before = ctx.mails().length;
    const events = await liveEventsDuring(ctx, () => alertFlag(ctx, flag.id), 2);
    expect(events.map((e) => e.teacherId).sort()).toEqual([sg.teacher.user.id, sgAdmin.id].sort());
    const sent = ctx.mails().slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual([sgAdmin.email, sg.teacher.user.email].sort());
    for (const mail of sent) {
      expect(mail.subject).toBe('ClassBots: a safeguarding flag to act on');
      expect(mail.body).toContain(`${TEST_ORIGIN}/flags?flag=${flag.id}`);
      for (const secret of ['Ada', 'stepdad', 'drunk']) expect(`${mail.subject}\n${mail.body}`).not.toContain(secret);
    }
    // The admin reads it in their inbox, with the school's guidance on it; so does the teacher.
    const inbox = await sg.admin.json<FlagList>('GET', '/api/flags');
    expect(inbox.body.flags.map((f) => [f.id, f.category, f.as])).toContainEqual([flag.id, 'safeguarding', 'admin']);
    for (const client of [sg.admin, sg.teacher.client]) {
      const detail = await client.json<FlagDetail>('GET', `/api/flags/${flag.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.reportingGuidance).toBe('Tell Ms Ortiz (DSL) before the end of the day; she files the report.');
    }
    // Another category carries no guidance.
    const other = await flagOn(ctx, sg.teacher, sg.ada, { category: 'violence' });
    expect((await sg.teacher.client.json<FlagDetail>('GET', `/api/flags/${other.id}`)).body.reportingGuidance).toBeNull();
  });
});
