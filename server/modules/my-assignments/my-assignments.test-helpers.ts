import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { schema } from '../../db/client';
import { buildUser, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { createVia, makeFile, tutorBot } from '../bots/bots.test-helpers';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { storeBufferAsFile } from '../files/files.service';
import { resolveSubscription } from '../../core/plan';

/**
 * Assignments made by inserting rows (the teacher side's service is another module's): a teacher
 * with a TutorBot that has instructions and a knowledge file, a class, an assignment of that bot,
 * and students on the roster whose entries are linked to their accounts, each with their record.
 */

/** Words that must never reach a student: the bot's instructions and its knowledge file's name. */
export const SECRET_INSTRUCTIONS = 'SECRET-TEACHER-INSTRUCTIONS: lead with fractions of a pizza';

export interface WorldOptions {
  /** Premium (default) or a teacher whose plan has lapsed (never premium here). */
  premium?: boolean;
  teacherName?: string;
  /** The teacher's address (say, on a school's domain and teachers list); a fresh one by default. */
  teacherEmail?: string;
  messageBudget?: number | null;
  title?: string;
}

export async function assignmentWorld(ctx: TestContext, options: WorldOptions = {}) {
  const teacherName = options.teacherName ?? 'Ms Rivera';
  const who = { name: teacherName, ...(options.teacherEmail ? { email: options.teacherEmail } : {}) };
  const teacher = options.premium === false ? await signedIn(ctx, { role: 'teacher', ...who }) : await premiumTeacher(ctx, who);
  const fileId = await makeFile(ctx, teacher.user.id);
  const bot = await createVia(
    teacher.client,
    tutorBot({
      instructions: SECRET_INSTRUCTIONS,
      knowledgeFileIds: [fileId],
      settings: { subject: 'Math', gradeLevel: 'Grade 5', tutoringStyle: 'socratic', welcomeMessage: 'Hi! Ready for fractions?' },
    }),
  );
  const [file] = await ctx.database.db.select({ name: schema.file.name }).from(schema.file).where(eq(schema.file.id, fileId));
  const db = ctx.database.db;
  const [klass] = await db.insert(schema.teacherClass).values({ ownerId: teacher.user.id, name: 'Period 3 Math' }).returning();
  const [assignment] = await db
    .insert(schema.assignment)
    .values({
      ownerId: teacher.user.id,
      botId: bot.id,
      title: options.title ?? 'Adding fractions',
      instructions: 'Work through three problems with the tutor.',
      messageBudget: options.messageBudget ?? null,
    })
    .returning();
  await db.insert(schema.assignmentClass).values({ assignmentId: assignment!.id, classId: klass!.id });

  /** A student account on the class roster (linked), with their record of the assignment. */
  const addStudent = async (over: { name?: string; email?: string; accountName?: string; role?: 'student' | 'teacher' } = {}) => {
    const email = over.email ?? `student-${randomBytes(4).toString('hex')}@pupils.example.org`;
    const name = over.name ?? 'Maya Lopez';
    const user = await buildUser(ctx, { email, role: over.role ?? 'student', name: over.accountName ?? name });
    const client = await new TestClient(ctx, `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`).signIn(email);
    const [entry] = await db.insert(schema.rosterEntry).values({ classId: klass!.id, email, name, userId: user.id }).returning();
    const [record] = await db
      .insert(schema.studentAssignment)
      .values({ assignmentId: assignment!.id, email, name, rosterEntryId: entry!.id })
      .returning();
    return { user, client, entry: entry!, record: record!, asid: record!.id };
  };

  return { teacher, bot, fileName: file!.name, klass: klass!, assignment: assignment!, addStudent };
}

export type World = Awaited<ReturnType<typeof assignmentWorld>>;

/** A 1x1 PNG, as the files tests use. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5dd8ad10000000049454e44ae426082',
  'hex',
);

/** Gives the world's (private) tutor an uploaded icon, stored as an upload would store it. */
export async function giveTutorIcon(ctx: TestContext, world: World): Promise<void> {
  const subscription = await resolveSubscription(ctx.database.db, { user: world.teacher.user, settings: ctx.config });
  const icon = await storeBufferAsFile({ db: ctx.database.db, config: ctx.config }, subscription, {
    ownerId: world.teacher.user.id,
    data: PNG,
    name: 'Ms Rivera class photo.png',
    declaredType: 'image/png',
    purpose: 'icon',
  });
  await ctx.database.db.update(schema.bot).set({ iconFileId: icon.id }).where(eq(schema.bot.id, world.bot.id));
}

/** Takes a student off every roster of the class (as the teacher's Remove does). */
export async function removeFromRoster(ctx: TestContext, entryId: string) {
  await ctx.database.db.update(schema.rosterEntry).set({ removedAt: new Date() }).where(eq(schema.rosterEntry.id, entryId));
}

export async function closeAssignment(ctx: TestContext, id: string, closed = true) {
  await ctx.database.db
    .update(schema.assignment)
    .set({ closedAt: closed ? new Date() : null })
    .where(eq(schema.assignment.id, id));
}

export async function deleteAssignment(ctx: TestContext, id: string) {
  await ctx.database.db.update(schema.assignment).set({ deletedAt: new Date() }).where(eq(schema.assignment.id, id));
}

export async function recordRow(ctx: TestContext, asid: string) {
  const [row] = await ctx.database.db.select().from(schema.studentAssignment).where(eq(schema.studentAssignment.id, asid));
  return row!;
}

/** The student's conversations that are not the record's: none may be made by a double start. */
export async function conversationsOf(ctx: TestContext, ownerId: string) {
  return ctx.database.db
    .select()
    .from(schema.conversation)
    .where(and(eq(schema.conversation.ownerId, ownerId)));
}

export async function currentEntries(ctx: TestContext, email: string) {
  return ctx.database.db
    .select()
    .from(schema.rosterEntry)
    .where(and(eq(schema.rosterEntry.email, email), isNull(schema.rosterEntry.removedAt)));
}
