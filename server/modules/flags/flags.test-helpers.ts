import { and, asc, eq } from 'drizzle-orm';
import type { AssignmentDetail } from '../../../contract/assignments';
import { schema } from '../../db/client';
import { signedIn, type TestContext } from '../../../tests/harness';
import { adminOf, makeSchool, teacherAt } from '../bots/bots.test-helpers';
import { assign, classWith, converse, ownTutor } from '../assignments/assignments.test-helpers';

type Signed = Awaited<ReturnType<typeof signedIn>>;

/**
 * A school with an assigning teacher and an admin; the teacher's assignment with two students who
 * have each written a conversation (turns made in the database, as the student run leaves them).
 */
export async function flagWorld(ctx: TestContext, turns = ['Hello', 'Hi Ada']) {
  const school = await makeSchool(ctx);
  const teacher = await teacherAt(ctx, school);
  const admin = await adminOf(ctx, school);
  const botId = await ownTutor(teacher.client);
  const k = await classWith(teacher.client, 'Period 3', [
    ['ada@example.org', 'Ada Lovelace'],
    ['bea@example.org', 'Bea'],
  ]);
  const assignment: AssignmentDetail = await assign(teacher.client, { botId, title: 'Fractions', classIds: [k.id] });
  const recordOf = (email: string) => assignment.students.find((s) => s.email === email)!.id;
  const ada = await signedIn(ctx, { role: 'student', email: 'ada@example.org' });
  const bea = await signedIn(ctx, { role: 'student', email: 'bea@example.org' });
  const adaConversation = await converse(ctx, recordOf('ada@example.org'), ada.user.id, turns);
  const beaConversation = await converse(ctx, recordOf('bea@example.org'), bea.user.id, ['Hello', 'Hi Bea']);
  return {
    school,
    teacher,
    admin,
    assignment,
    entryId: k.entries['ada@example.org']!,
    ada: { ...ada, recordId: recordOf('ada@example.org'), conversationId: adaConversation },
    bea: { ...bea, recordId: recordOf('bea@example.org'), conversationId: beaConversation },
  };
}

/** The conversation's turns, in order. */
export async function turnsOf(ctx: TestContext, conversationId: string) {
  return ctx.database.db
    .select()
    .from(schema.aiMessage)
    .where(eq(schema.aiMessage.conversationId, conversationId))
    .orderBy(asc(schema.aiMessage.seq));
}

/** A flag on the student's record, as the checks store it. */
export async function flagOn(
  ctx: TestContext,
  teacher: Signed,
  student: Signed & { recordId: string; conversationId: string },
  over: Partial<typeof schema.safetyFlag.$inferInsert> = {},
) {
  const [row] = await ctx.database.db
    .insert(schema.safetyFlag)
    .values({
      conversationId: student.conversationId,
      studentAssignmentId: student.recordId,
      studentId: student.user.id,
      teacherId: teacher.user.id,
      category: 'bullying',
      severity: 'medium',
      reason: 'Name-calling',
      source: 'input',
      detectedBy: 'moderation',
      ...over,
    })
    .returning();
  return row!;
}

/** The flag's row now. */
export async function flagRow(ctx: TestContext, id: string) {
  const [row] = await ctx.database.db
    .select()
    .from(schema.safetyFlag)
    .where(and(eq(schema.safetyFlag.id, id)));
  return row!;
}
