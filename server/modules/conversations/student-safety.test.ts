import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema } from '../../db/client';
import { buildUser, type TestContext } from '../../../tests/harness';
import { assignmentWorld } from '../my-assignments/my-assignments.test-helpers';
import type { StudentRecordRef } from './conversations.safety';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { key, readUIStream } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import type { RunSpec } from '../../ai/run-spec';
import type { SessionUser } from '../../core/context';
import { sendMessage } from './conversations.run';
import { conversationForSend, createConversation, visibleMessages } from './conversations.store';

// A student's run on an assignment record, through the service layer (the record gives the flags
// their place and the turns their moderation pass); without a record it is a teacher's preview.
let ctx: TestContext;
let fake: FakeGemini;
useAiTest((t) => ({ ctx, fake } = t));

async function studentRun(knowledge = 'Mitosis makes two identical cells.', options: { preview?: boolean } = {}) {
  const world = await assignmentWorld(ctx);
  const teacher = world.teacher.user;
  const { record: recordRow } = await world.addStudent({ name: 'Maya Lopez' });
  const record: StudentRecordRef | undefined = options.preview
    ? undefined
    : { id: recordRow.id, assignmentId: world.assignment.id, teacherId: teacher.id };
  const row = await buildUser(ctx, { role: 'student', name: 'Maya Lopez', email: `maya.lopez.${key().slice(2, 10)}@school.org` });
  const student: SessionUser = { id: row.id, name: row.name, email: row.email, emailVerified: true, role: 'student' };
  const conversation = await createConversation(ctx.database.db, student.id, '', { id: 'bot-tutor-1', kind: 'tutorbot' });
  const spec: RunSpec = {
    audience: 'student',
    botId: 'bot-tutor-1',
    instructions: 'You are a Socratic biology tutor.',
    knowledge: [{ name: 'cells.md', text: `${knowledge}\nQuestions from ${row.name} (${row.email}) go to the teacher.` }],
    inputs: [],
    temperature: 0.3,
    poolOwnerId: teacher.id,
    student: { name: row.name, email: row.email },
  };
  const send = async (text: string) => {
    // The send's read, without a bot: this run's spec is given above.
    const read = {
      ownerId: student.id,
      conversationId: conversation.id,
      window: 100,
      visibleBot: sql`false`,
      knowledgeOf: () => sql`null`,
    };
    const { messages } = await conversationForSend(ctx.database.db, read);
    return readUIStream(await sendMessage(ctx, { conversation, messages, actor: student, spec, text, idempotencyKey: key(), record }));
  };
  return { teacher, student, conversation, send };
}

const flagsOf = (conversationId: string) =>
  ctx.database.db.select().from(schema.safetyFlag).where(eq(schema.safetyFlag.conversationId, conversationId));

describe('student safety', () => {
  it("never sends the student's name or e-mail to the provider, and draws on the teacher's pool", async () => {
    const { teacher, student, send } = await studentRun();
    const out = await send("Hi, I'm Maya Lopez. Maya wants to know: what is mitosis?");
    expect(out.done).toBe(true);
    const sent = fake.core.everythingSent();
    expect(sent).toContain('what is mitosis');
    expect(sent).not.toMatch(/maya/i);
    expect(sent).not.toMatch(/lopez/i);
    expect(sent).not.toContain(student.email);
    expect(sent).toContain('[Student]');
    const [usage] = await ctx.database.db.select().from(schema.aiUsage).where(eq(schema.aiUsage.userId, student.id));
    expect(usage).toMatchObject({ poolOwnerId: teacher.id, botId: 'bot-tutor-1', outcome: 'ok' });
  });

  it('sends stricter safety settings for student runs that still let biology through', async () => {
    const { send } = await studentRun();
    const out = await send('How does sexual reproduction work? Explain how sperm fertilizes the egg.');
    expect(out.chunks.at(-1)).toMatchObject({ type: 'finish', messageMetadata: { status: 'complete' } });
    const body = fake.requests[0]!.body as { safetySettings: { category: string; threshold: string }[] };
    expect(body.safetySettings).toContainEqual({ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_LOW_AND_ABOVE' });
    expect(body.safetySettings).toContainEqual({ category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', threshold: 'BLOCK_MEDIUM_AND_ABOVE' });
  });

  it('answers a self-harm message with help resources, without a model call, and flags it for the teacher', async () => {
    const { teacher, conversation, send } = await studentRun();
    const out = await send('I want to die, nothing matters');
    expect(out.text).toContain('988');
    expect(out.text).toContain('741741');
    expect(fake.requests).toHaveLength(0);
    const [flag] = await flagsOf(conversation.id);
    expect(flag).toMatchObject({
      category: 'self_harm',
      source: 'input',
      teacherId: teacher.id,
      botId: 'bot-tutor-1',
      severity: 'high',
      detectedBy: 'words',
    });
    expect(flag!.studentAssignmentId).toBeTruthy();
    // The word check answered at once: no moderation call either.
    expect(fake.core.moderationRequests).toHaveLength(0);
    const messages = await visibleMessages(ctx.database.db, conversation.id);
    expect(messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'blocked'],
    ]);
    // The flagged turn is not sent on with later messages.
    await send('Can we do cells now?');
    expect(fake.core.everythingSent()).not.toContain('nothing matters');
  });

  it('replaces a reply that fails the check with a safe reply, and flags it', async () => {
    const { conversation, send } = await studentRun();
    fake.core.set({ reply: 'Good question. Honestly you are so stupid for asking.' });
    const out = await send('What is a cell wall?');
    expect(out.text).not.toContain('stupid');
    expect(out.chunks.at(-1)).toMatchObject({ type: 'finish', messageMetadata: { status: 'blocked' } });
    const [flag] = await flagsOf(conversation.id);
    expect(flag).toMatchObject({ category: 'bullying', source: 'output' });
    const messages = await visibleMessages(ctx.database.db, conversation.id);
    expect(messages[1]).toMatchObject({ status: 'blocked' });
    expect(messages[1]!.text).not.toContain('stupid');
  });

  it("answers the provider's own block with a safe reply and flags it", async () => {
    const { conversation, send } = await studentRun();
    fake.core.failNext({ kind: 'safety-block' });
    const out = await send('Tell me something edgy');
    expect(out.text).toMatch(/lesson/);
    const [flag] = await flagsOf(conversation.id);
    expect(flag).toMatchObject({ category: 'provider_block', source: 'provider', detectedBy: 'provider' });
    expect(flag!.providerSafety).toMatchObject({ blockReason: 'SAFETY' });
    const messages = await visibleMessages(ctx.database.db, conversation.id);
    expect(messages[1]!.providerSafety).toMatchObject({ blockReason: 'SAFETY' });
  });

  it("a teacher's preview (no record) keeps the instant check but makes no flag and no moderation call", async () => {
    const { conversation, send } = await studentRun(undefined, { preview: true });
    const out = await send('I want to die, nothing matters');
    expect(out.text).toContain('988');
    fake.core.set({ reply: 'Good question. Honestly you are so stupid for asking.' });
    const replaced = await send('What is a cell wall?');
    expect(replaced.text).not.toContain('stupid');
    expect(await flagsOf(conversation.id)).toHaveLength(0);
    expect(fake.core.moderationRequests).toHaveLength(0);
  });
});
