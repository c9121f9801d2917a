import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddStudentsResult, ClassSummary, PasteStudentsResult, RosterList } from '../../../contract/classes';
import { createTestContext, signedIn, TEST_ORIGIN, type TestContext } from '../../../tests/harness';
import { allowConsoleErrors } from '../../../tests/setup';
import { INVITE_AGAIN_PER_STUDENT, INVITE_AGAIN_PER_TEACHER, invitationsSettled } from './classes.invitations';
import { premiumTeacher } from './classes.test-helpers';

// Invitations (decision 282): students the teacher adds or pastes with `invite` get one e-mail each
// with the class, the teacher and how to sign in, in the class's language (else the teacher's, the
// student's own when their account chose one); a retried paste invites nobody twice; a mail server
// that fails does not fail the paste and logs no address; "Send again" is bounded a day.
type Client = Awaited<ReturnType<typeof signedIn>>['client'];
type ErrorJson = { error: { code: string; message: string } };

let ctx: TestContext;
let teacher: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  teacher = (await premiumTeacher(ctx, { name: 'Ms Lopez' })).client;
});
afterAll(() => ctx.close());

let seq = 0;
const address = (who: string) => `${who}.${++seq}@school.test`;
const newClass = async (client: Client = teacher, over: Record<string, unknown> = {}) =>
  (await client.json<ClassSummary>('POST', '/api/classes', { name: 'Biology', section: 'P3', ...over })).body;
const paste = (id: string, text: string, invite?: boolean, client: Client = teacher) =>
  client.json<PasteStudentsResult & ErrorJson>('POST', `/api/classes/${id}/students/paste`, {
    text,
    ...(invite === undefined ? {} : { invite }),
  });
const mailsTo = async (...to: string[]) => {
  await invitationsSettled(ctx);
  return ctx.mails().filter((m) => to.includes(m.to));
};
const entryOf = async (classId: string, email: string) =>
  (await teacher.json<RosterList>('GET', `/api/classes/${classId}/students`)).body.students.find((s) => s.email === email)!;
const again = (classId: string, entryId: string, client: Client = teacher) =>
  client.json<{ sent: true } & ErrorJson>('POST', `/api/classes/${classId}/students/${entryId}/invite`);

describe('invitations on adding students', () => {
  it('mails each new pasted student once, with the class, the teacher, the sign-in address and the steps, and nothing of the student', async () => {
    const c = await newClass();
    const [ana, ben] = [address('ana'), address('ben')];
    const res = await paste(c.id, `Ana Ruiz <${ana}>\nBen Okafor <${ben}>`, true);
    expect(res.status).toBe(201);
    expect(res.body.invited).toBe(2);
    const mails = await mailsTo(ana, ben);
    expect(mails.map((m) => m.to).sort()).toEqual([ana, ben].sort());
    const mail = mails.find((m) => m.to === ana)!;
    expect(mail.subject).toBe('Ms Lopez added you to Biology · P3 on ClassBots');
    expect(mail.body).toContain('Ms Lopez added this e-mail address to the class Biology · P3');
    expect(mail.body).toContain(`1. Open ${TEST_ORIGIN}/`);
    expect(mail.body).toContain(`"Create account", enter this address (${ana}), choose "I'm a student"`);
    expect(mail.body).toContain('3. Your assignments for the class appear under My Assignments.');
    // No name of theirs, nobody else's address, no join code.
    expect(mail.body).not.toMatch(/Ana|Ruiz|Ben|Okafor/);
    expect(mail.body).not.toContain(ben);
  });

  it('invites nobody again when the same list is pasted again, and only the new line of a longer one', async () => {
    const c = await newClass();
    const [cy, dee] = [address('cy'), address('dee')];
    await paste(c.id, cy, true);
    const retried = await paste(c.id, cy, true);
    expect(retried.status).toBe(201);
    expect(retried.body).toMatchObject({ added: [], invited: 0 });
    const longer = await paste(c.id, `${cy}\n${dee}`, true);
    expect(longer.body.invited).toBe(1);
    expect((await mailsTo(cy)).length).toBe(1);
    expect((await mailsTo(dee)).length).toBe(1);
  });

  it('sends nothing when the teacher unticks it, or an API client does not ask', async () => {
    const c = await newClass();
    const [eve, fay] = [address('eve'), address('fay')];
    expect((await paste(c.id, eve, false)).body.invited).toBe(0);
    expect((await paste(c.id, fay)).body.invited).toBe(0);
    expect(await mailsTo(eve, fay)).toEqual([]);
  });

  it('mails a student added one at a time when asked', async () => {
    const c = await newClass();
    const gus = address('gus');
    const res = await teacher.json<AddStudentsResult>('POST', `/api/classes/${c.id}/students`, {
      students: [{ email: gus, name: 'Gus' }],
      invite: true,
    });
    expect([res.status, res.body.invited]).toEqual([201, 1]);
    expect((await mailsTo(gus)).map((m) => m.subject)).toEqual(['Ms Lopez added you to Biology · P3 on ClassBots']);
  });

  it("writes in the class's language, else the teacher's, and in the student's own when their account chose one", async () => {
    const spanish = await newClass(teacher, { name: 'Química', section: null });
    await teacher.json('PATCH', `/api/classes/${spanish.id}`, { defaultLocale: 'es' });
    const hugo = address('hugo');
    await paste(spanish.id, hugo, true);
    const [es] = await mailsTo(hugo);
    expect(es!.subject).toBe('Ms Lopez te añadió a Química en ClassBots');
    expect(es!.body).toContain('"Crear cuenta"');
    expect(es!.body).toContain('"Soy estudiante"');
    expect(es!.body).toContain('Mis tareas');

    // No class language: the teacher's own.
    const other = (await premiumTeacher(ctx, { name: 'Sra Díaz' })).client;
    expect((await other.json('PATCH', '/api/me/locale', { locale: 'es' })).status).toBe(200);
    const hers = await newClass(other, { name: 'Historia', section: null });
    const ines = address('ines');
    await paste(hers.id, ines, true, other);
    expect((await mailsTo(ines))[0]!.subject).toBe('Sra Díaz te añadió a Historia en ClassBots');

    // A student whose account chose English reads English in the Spanish class.
    const jon = await signedIn(ctx, { role: 'student', email: address('jon') });
    await jon.client.json('PATCH', '/api/me/locale', { locale: 'en' });
    await paste(spanish.id, jon.user.email, true);
    expect((await mailsTo(jon.user.email))[0]!.subject).toBe('Ms Lopez added you to Química on ClassBots');
  });

  it('adds the students when the mail server fails, and logs the count and code without any address', async () => {
    allowConsoleErrors();
    const logged = vi.spyOn(console, 'error');
    const send = vi
      .spyOn(ctx.mailer, 'send')
      .mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED for kim@x'), { code: 'ECONNREFUSED' }));
    const c = await newClass();
    const [kim, lee] = [address('kim'), address('lee')];
    const res = await paste(c.id, `${kim}\n${lee}`, true);
    expect([res.status, res.body.added.length, res.body.invited]).toEqual([201, 2, 2]);
    await invitationsSettled(ctx);
    expect(send).toHaveBeenCalledTimes(2);
    const lines = logged.mock.calls.map((args) => args.map(String).join(' '));
    expect(lines.some((l) => l.includes(`class ${c.id}: 2 of 2 invitation e-mails failed`) && l.includes('ECONNREFUSED'))).toBe(true);
    // Neither address, nor the one the error's own message quoted.
    for (const quoted of [kim, lee, 'kim@x']) expect(lines.join('\n')).not.toContain(quoted);
    expect((await teacher.json<RosterList>('GET', `/api/classes/${c.id}/students`)).body.students).toHaveLength(2);
  });
});

describe('sending an invitation again', () => {
  it(`sends one, ${INVITE_AGAIN_PER_STUDENT.max} a student a day; the next is 429 with Retry-After and sends nothing`, async () => {
    const c = await newClass();
    const mo = address('mo');
    await paste(c.id, mo, false);
    const entry = await entryOf(c.id, mo);
    for (let i = 0; i < INVITE_AGAIN_PER_STUDENT.max; i++) expect((await again(c.id, entry.id)).body).toEqual({ sent: true });
    const refused = await teacher.request('POST', `/api/classes/${c.id}/students/${entry.id}/invite`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await refused.json()) as ErrorJson).error.message).toMatch(
      /^This student has been sent 3 invitations again today.*Send another in 24 hours\.$/,
    );
    expect((await mailsTo(mo)).length).toBe(INVITE_AGAIN_PER_STUDENT.max);
    // Another student of the class is not held back by this one.
    const ned = address('ned');
    await paste(c.id, ned, false);
    expect((await again(c.id, (await entryOf(c.id, ned)).id)).status).toBe(200);
  });

  it('bounds a teacher over all their students too, refusing without counting against the student', async () => {
    const { max } = INVITE_AGAIN_PER_TEACHER;
    INVITE_AGAIN_PER_TEACHER.max = 2; // the rule as written is 100 a day; the same code reads it
    try {
      const t = (await premiumTeacher(ctx)).client;
      const c = await newClass(t);
      const emails = [address('ray'), address('sue'), address('tom')];
      await paste(c.id, emails.join('\n'), false, t);
      const ids = await Promise.all(
        emails.map(
          async (e) => (await t.json<RosterList>('GET', `/api/classes/${c.id}/students`)).body.students.find((s) => s.email === e)!.id,
        ),
      );
      expect((await again(c.id, ids[0]!, t)).status).toBe(200);
      expect((await again(c.id, ids[1]!, t)).status).toBe(200);
      const refused = await again(c.id, ids[2]!, t);
      expect([refused.status, refused.body.error.message]).toEqual([
        429,
        'You have sent 2 invitations again today, the most in a day. Send more in 24 hours.',
      ]);
      expect(await mailsTo(emails[2]!)).toEqual([]);
    } finally {
      INVITE_AGAIN_PER_TEACHER.max = max;
    }
  });

  it('answers 503 and counts nothing when the mail fails', async () => {
    allowConsoleErrors();
    const c = await newClass();
    const ola = address('ola');
    await paste(c.id, ola, false);
    const entry = await entryOf(c.id, ola);
    const send = vi.spyOn(ctx.mailer, 'send').mockRejectedValue(new Error('down'));
    for (let i = 0; i < INVITE_AGAIN_PER_STUDENT.max + 1; i++) expect((await again(c.id, entry.id)).status).toBe(503);
    send.mockRestore();
    expect((await again(c.id, entry.id)).body).toEqual({ sent: true });
  });

  it('answers 404 for a student taken off the roster, or of another class of the teacher', async () => {
    const [a, b] = [await newClass(), await newClass()];
    const pia = address('pia');
    await paste(a.id, pia, false);
    const entry = await entryOf(a.id, pia);
    expect((await again(b.id, entry.id)).status).toBe(404);
    await teacher.request('DELETE', `/api/classes/${a.id}/students/${entry.id}`);
    const gone = await again(a.id, entry.id);
    expect([gone.status, gone.body.error.message]).toEqual([404, 'That student was not found.']);
    expect(await mailsTo(pia)).toEqual([]);
  });

  it('answers in Spanish when the teacher reads Spanish', async () => {
    const c = await newClass();
    const quin = address('quin');
    await paste(c.id, quin, false);
    const entry = await entryOf(c.id, quin);
    for (let i = 0; i < INVITE_AGAIN_PER_STUDENT.max; i++) await again(c.id, entry.id);
    const res = await teacher.json<ErrorJson>('POST', `/api/classes/${c.id}/students/${entry.id}/invite`, undefined);
    expect(res.status).toBe(429);
    const es = await teacher.request('POST', `/api/classes/${c.id}/students/${entry.id}/invite`, undefined, { 'Accept-Language': 'es' });
    expect(((await es.json()) as ErrorJson).error.message).toMatch(/^Hoy ya se reenviaron 3 invitaciones a este estudiante/);
  });
});
