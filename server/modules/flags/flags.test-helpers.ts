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
 * `tag` makes the students' addresses unique, for more than one world in a test context.
 */
export async function flagWorld(ctx: TestContext, turns = ['Hello', 'Hi Ada'], tag = '') {
  const adaEmail = `ada${tag}@example.org`;
  const beaEmail = `bea${tag}@example.org`;
  const school = await makeSchool(ctx);
  const teacher = await teacherAt(ctx, school);
  const admin = await adminOf(ctx, school);
  const botId = await ownTutor(teacher.client);
  const k = await classWith(teacher.client, 'Period 3', [
    [adaEmail, 'Ada Lovelace'],
    [beaEmail, 'Bea'],
  ]);
  const assignment: AssignmentDetail = await assign(teacher.client, { botId, title: 'Fractions', classIds: [k.id] });
  const recordOf = (email: string) => assignment.students.find((s) => s.email === email)!.id;
  const ada = await signedIn(ctx, { role: 'student', email: adaEmail });
  const bea = await signedIn(ctx, { role: 'student', email: beaEmail });
  const adaConversation = await converse(ctx, recordOf(adaEmail), ada.user.id, turns);
  const beaConversation = await converse(ctx, recordOf(beaEmail), bea.user.id, ['Hello', 'Hi Bea']);
  return {
    school,
    teacher,
    admin,
    assignment,
    entryId: k.entries[adaEmail]!,
    ada: { ...ada, recordId: recordOf(adaEmail), conversationId: adaConversation },
    bea: { ...bea, recordId: recordOf(beaEmail), conversationId: beaConversation },
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
