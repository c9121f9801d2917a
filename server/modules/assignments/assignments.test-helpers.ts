import { and, eq, isNotNull } from 'drizzle-orm';
import type { AssignmentDetail, CreateAssignmentInput } from '../../../contract/assignments';
import type { AddStudentsResult, ClassSummary } from '../../../contract/classes';
import { schema } from '../../db/client';
import { LIVE_CHANNEL } from '../../core/live';
import { signedIn, type TestContext } from '../../../tests/harness';
import { createVia, tutorBot } from '../bots/bots.test-helpers';
import { syncBuiltinTemplates } from '../bots/templates/sync';
import { createConversation } from '../conversations/conversations.store';

type Client = Awaited<ReturnType<typeof signedIn>>['client'];

/** A class of the teacher's with these students (e-mail, name), made through the API. */
export async function classWith(client: Client, name: string, students: [string, string][]) {
  const cls = await client.json<ClassSummary>('POST', '/api/classes', { name });
  if (cls.status !== 201) throw new Error(`class: ${cls.status}`);
  const added = await client.json<AddStudentsResult>('POST', `/api/classes/${cls.body.id}/students`, {
    students: students.map(([email, n]) => ({ email, name: n })),
  });
  if (added.status !== 201) throw new Error(`students: ${added.status}`);
  return { ...cls.body, entries: Object.fromEntries(added.body.added.map((s) => [s.email, s.id])) as Record<string, string> };
}

/** A TutorBot of the teacher's, made through the API. */
export const ownTutor = async (client: Client, name = 'Fractions tutor') => (await createVia(client, tutorBot({ name }))).id;

/** Creates an assignment through the API, expecting 201. */
export async function assign(client: Client, input: CreateAssignmentInput): Promise<AssignmentDetail> {
  const res = await client.json<AssignmentDetail>('POST', '/api/assignments', input);
  if (res.status !== 201) throw new Error(`create assignment: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A built-in TutorBot template (synced first). */
export async function tutorTemplate(ctx: TestContext) {
  await syncBuiltinTemplates(ctx.database.db);
  const [row] = await ctx.database.db
    .select()
    .from(schema.bot)
    .where(and(eq(schema.bot.kind, 'TutorBot'), isNotNull(schema.bot.templateKey)))
    .limit(1);
  return row!;
}

/**
 * The record's conversation as the student side would leave it: owned by the student, with these
 * turns (user, assistant, ...) and the record started. Made in the database, since the student
 * run is another module's.
 */
export async function converse(ctx: TestContext, recordId: string, studentId: string, turns: string[]) {
  const db = ctx.database.db;
  const conversation = await createConversation(db, studentId, 'Assignment');
  if (turns.length)
    await db.insert(schema.aiMessage).values(
      turns.map((text, seq) => ({
        conversationId: conversation.id,
        seq,
        role: seq % 2 === 0 ? ('user' as const) : ('assistant' as const),
        text,
        status: 'complete' as const,
      })),
    );
  const now = new Date();
  await db
    .update(schema.studentAssignment)
    .set({
      conversationId: conversation.id,
      studentId,
      status: 'in_progress',
      startedAt: now,
      lastActiveAt: now,
      messageCount: Math.ceil(turns.length / 2),
    })
    .where(eq(schema.studentAssignment.id, recordId));
  return conversation.id;
}

/**
 * Collects the live events published while `fn` runs (through the database's own LISTEN): waits
 * for at least `expected` of them (they arrive after the commit), then a moment for any more.
 */
export async function liveEventsDuring(ctx: TestContext, fn: () => Promise<unknown>, expected = 1) {
  const seen: { teacherId: string; event: { type: string; assignmentId: string; studentAssignmentId: string } }[] = [];
  const stop = await ctx.database.listen(LIVE_CHANNEL, { notify: (p) => seen.push(JSON.parse(p) as (typeof seen)[number]) });
  try {
    await fn();
    const deadline = Date.now() + 3000;
    while (seen.length < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    await stop();
  }
  return seen;
}
