import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AssignmentDetail } from '../../../contract/assignments';
import { schema } from '../../db/client';
import type { TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { key, readUIStream } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import { heldReply, safeReply } from '../../ai/safety';
import { assignmentWorld, type World } from './my-assignments.test-helpers';

// Issue 30: the tutor answers a student in the student's language (their own choice, else their
// class's default, else English), unless the teacher's instructions name one (a language lesson):
// the request the provider receives carries the rule.
let ctx: TestContext;
let fake: FakeGemini;
useAiTest((t) => ({ ctx, fake } = t));

type Student = Awaited<ReturnType<World['addStudent']>>;

async function converse(student: Student) {
  const url = `/api/my-assignments/${student.asid}`;
  expect((await student.client.json('POST', `${url}/start`)).status).toBe(200);
  const res = await student.client.post(`${url}/messages`, { idempotencyKey: key(), text: '¿Cuánto es 1/2 + 1/4?' });
  expect(res.status).toBe(200);
  expect((await readUIStream(res)).done).toBe(true);
  return fake.core.everythingSent();
}

const SPANISH = "Answer in Spanish (español), the student's language, unless the teacher's instructions say which language to use.";
const ENGLISH = "Answer in English, the student's language, unless the teacher's instructions say which language to use.";

describe("the tutor's language", () => {
  it('is Spanish for a student who chose Spanish', async () => {
    const student = await (await assignmentWorld(ctx)).addStudent();
    expect((await student.client.json('PATCH', '/api/me/locale', { locale: 'es' })).status).toBe(200);
    const sent = await converse(student);
    expect(sent).toContain(SPANISH);
    expect(sent).not.toContain(ENGLISH);
  });

  it("is the class's default for a student who chose none, and the student's own choice over it", async () => {
    const world = await assignmentWorld(ctx);
    await ctx.database.db.update(schema.teacherClass).set({ defaultLocale: 'es' }).where(eq(schema.teacherClass.id, world.klass.id));
    const student = await world.addStudent();
    expect(await converse(student)).toContain(SPANISH);

    fake.core.reset();
    const chose = await world.addStudent();
    await chose.client.json('PATCH', '/api/me/locale', { locale: 'en' });
    expect(await converse(chose)).toContain(ENGLISH);
  });

  it('is English when nothing says otherwise', async () => {
    const student = await (await assignmentWorld(ctx)).addStudent();
    const sent = await converse(student);
    expect(sent).toContain(ENGLISH);
    expect(sent).not.toContain('Spanish');
  });

  it("answers a Spanish student's flagged message with the safe reply in Spanish, kept as it was shown", async () => {
    const student = await (await assignmentWorld(ctx)).addStudent();
    expect((await student.client.json('PATCH', '/api/me/locale', { locale: 'es' })).status).toBe(200);
    const url = `/api/my-assignments/${student.asid}`;
    expect((await student.client.json('POST', `${url}/start`)).status).toBe(200);
    const res = await student.client.post(`${url}/messages`, { idempotencyKey: key(), text: 'me quiero morir' });
    expect(res.status).toBe(200);
    const out = await readUIStream(res);
    expect(safeReply('self_harm', 'es')).not.toBe(safeReply('self_harm'));
    expect(out.text).toBe(safeReply('self_harm', 'es'));
    const detail = await student.client.json<{ messages: { text: string }[] }>('GET', url);
    expect(detail.body.messages.at(-1)?.text).toBe(safeReply('self_harm', 'es'));
  });

  it("shows a Spanish student's held turn, and the refusal of a send after it, in Spanish; the teacher's transcript in the teacher's", async () => {
    const world = await assignmentWorld(ctx);
    const student = await world.addStudent();
    expect((await student.client.json('PATCH', '/api/me/locale', { locale: 'es' })).status).toBe(200);
    const url = `/api/my-assignments/${student.asid}`;
    expect((await student.client.json('POST', `${url}/start`)).status).toBe(200);
    fake.core.failMessageCheckNext({ kind: 'bad-json' });
    const res = await student.client.post(`${url}/messages`, { idempotencyKey: key(), text: '¿Cuánto es 1/2 + 1/4?' });
    expect((await readUIStream(res)).text).toBe(heldReply('es'));
    const detail = await student.client.json<{ id: string; messages: { status: string; text: string }[] }>('GET', url);
    expect(detail.body.messages.at(-1)).toMatchObject({ status: 'held', text: heldReply('es') });
    const next = await student.client.post(`${url}/messages`, { idempotencyKey: key(), text: '¿Hola?' });
    expect(next.status).toBe(409);
    expect(((await next.json()) as { error: { message: string } }).error.message).toBe(
      'Un momento: tu último mensaje todavía se está revisando.',
    );

    const transcript = await world.teacher.client.json<{ messages: { status: string; text: string }[] }>(
      'GET',
      `/api/assignments/${world.assignment.id}/students/${detail.body.id}/transcript`,
    );
    expect(transcript.status).toBe(200);
    expect(transcript.body.messages.at(-1)).toMatchObject({ status: 'held', text: heldReply('en') });
  });

  it("is the assignment's language when its teacher set one (a language lesson), whatever the student chose", async () => {
    const world = await assignmentWorld(ctx);
    const path = `/api/assignments/${world.assignment.id}`;
    const before = (await world.teacher.client.json<AssignmentDetail>('GET', path)).body;
    expect(before.responseLanguage).toBeNull();
    const bad = await world.teacher.client.json('PATCH', path, { version: before.version, responseLanguage: 'fr' });
    expect(bad.status).toBe(422);
    const set = await world.teacher.client.json<AssignmentDetail>('PATCH', path, { version: before.version, responseLanguage: 'es' });
    expect([set.status, set.body.responseLanguage]).toEqual([200, 'es']);

    const student = await world.addStudent();
    await student.client.json('PATCH', '/api/me/locale', { locale: 'en' });
    const sent = await converse(student);
    expect(sent).toContain('Answer in Spanish (español): the assignment is set in that language, whatever language the student writes in.');
    expect(sent).not.toContain(ENGLISH);
  });
});
