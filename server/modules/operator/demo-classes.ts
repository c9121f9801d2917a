import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import type { BotActor } from '../bots';
import {
  demoAssignment,
  demoClass,
  finishedTutorFeedback,
  finishedTutorTurns,
  inProgressTutorTurns,
  type SampleTurn,
} from './demo-content';

/** What one pass of the demo seed added to the demo teacher's classes and assignments. */
export interface ClassCounts {
  classes: number;
  assignments: number;
}

/** A demo student of the class, and how far they are with the assignment. */
export interface DemoStudent {
  email: string;
  name: string;
  progress: 'completed' | 'in_progress' | 'assigned';
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Gives the demo teacher a class with the demo students on its roster (linked to their accounts)
 * and a TutorBot assignment for it: one student's finished transcript with feedback, one under
 * way, the rest assigned. Written directly into the tables (no model, no live events). Recognised
 * by the assignment's title, deleted or not: once it exists the part adds nothing, so whatever the
 * teacher changed or deleted since (the class, a student, the assignment) stays as they left it.
 * Nothing is added either when the teacher has deleted their sample tutor.
 */
export async function seedDemoClass(db: Db, teacher: BotActor, students: readonly DemoStudent[], now = new Date()): Promise<ClassCounts> {
  const none: ClassCounts = { classes: 0, assignments: 0 };
  const a = schema.assignment;
  const [existing] = await db
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.ownerId, teacher.userId), eq(a.title, demoAssignment.title)));
  if (existing) return none;
  const [bot] = await db
    .select({ id: schema.bot.id })
    .from(schema.bot)
    .where(
      and(
        eq(schema.bot.ownerId, teacher.userId),
        eq(schema.bot.kind, 'TutorBot'),
        eq(schema.bot.name, demoAssignment.botName),
        isNull(schema.bot.deletedAt),
      ),
    );
  if (!bot) return none;

  const created = new Date(now.getTime() - 3 * DAY);
  const k = schema.teacherClass;
  const [found] = await db
    .select({ id: k.id })
    .from(k)
    .where(and(eq(k.ownerId, teacher.userId), eq(k.name, demoClass.name), eq(k.section, demoClass.section)));
  const cls =
    found ??
    (
      await db
        .insert(k)
        .values({ ownerId: teacher.userId, name: demoClass.name, section: demoClass.section, createdAt: created, updatedAt: created })
        .returning({ id: k.id })
    )[0]!;

  const accounts = await accountsOf(
    db,
    students.map((s) => s.email),
  );
  const entries = await rosterOf(db, cls.id, students, accounts, created);

  const [assignment] = await db
    .insert(a)
    .values({
      ownerId: teacher.userId,
      botId: bot.id,
      title: demoAssignment.title,
      instructions: demoAssignment.instructions,
      dueAt: new Date(now.getTime() + demoAssignment.dueInDays * DAY),
      messageBudget: demoAssignment.messageBudget,
      createdAt: created,
      updatedAt: created,
    })
    .returning({ id: a.id });
  await db.insert(schema.assignmentClass).values({ assignmentId: assignment!.id, classId: cls.id });

  for (const student of students) {
    const entry = entries.get(student.email);
    if (!entry) continue;
    const base = { assignmentId: assignment!.id, email: student.email, name: entry.name, rosterEntryId: entry.id, createdAt: created };
    const accountId = accounts.get(student.email);
    if (student.progress === 'assigned' || !accountId) {
      await db.insert(schema.studentAssignment).values({ ...base, updatedAt: created });
      continue;
    }
    const finished = student.progress === 'completed';
    const startedAt = new Date(now.getTime() - (finished ? 2 : 1) * DAY);
    const session = await writeSession(db, {
      ownerId: accountId,
      botId: bot.id,
      title: demoAssignment.title,
      turns: finished ? finishedTutorTurns : inProgressTutorTurns,
      startedAt,
    });
    const reviewed = new Date(startedAt.getTime() + DAY / 2);
    await db.insert(schema.studentAssignment).values({
      ...base,
      studentId: accountId,
      conversationId: session.conversationId,
      messageCount: session.studentMessages,
      timeSpentSeconds: Math.round((session.lastActiveAt.getTime() - startedAt.getTime()) / 1000),
      startedAt,
      lastActiveAt: session.lastActiveAt,
      ...(finished
        ? {
            status: 'completed' as const,
            submittedAt: session.lastActiveAt,
            completedAt: reviewed,
            feedback: finishedTutorFeedback,
            feedbackAt: reviewed,
            version: 3,
            updatedAt: reviewed,
          }
        : { status: 'in_progress' as const, updatedAt: session.lastActiveAt }),
    });
  }
  return { classes: found ? 0 : 1, assignments: 1 };
}

/** The verified accounts of these addresses, by lower-case address (a roster entry links only to a confirmed one). */
async function accountsOf(db: Db, emails: string[]): Promise<Map<string, string>> {
  const u = schema.user;
  const rows = await db
    .select({ id: u.id, email: u.email })
    .from(u)
    .where(and(inArray(u.email, emails), eq(u.emailVerified, true)));
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
}

/** Puts each demo student who is missing on the class's roster, linked; answers every current entry of theirs. */
async function rosterOf(
  db: Db,
  classId: string,
  students: readonly DemoStudent[],
  accounts: Map<string, string>,
  addedAt: Date,
): Promise<Map<string, { id: string; name: string }>> {
  const r = schema.rosterEntry;
  const emails = students.map((s) => s.email);
  const current = () =>
    db
      .select({ id: r.id, email: r.email, name: r.name })
      .from(r)
      .where(and(eq(r.classId, classId), inArray(r.email, emails), isNull(r.removedAt)));
  const there = new Set((await current()).map((e) => e.email));
  const missing = students.filter((s) => !there.has(s.email));
  if (missing.length) {
    await db
      .insert(r)
      .values(missing.map((s) => ({ classId, email: s.email, name: s.name, userId: accounts.get(s.email) ?? null, addedAt })));
  }
  return new Map((await current()).map((e) => [e.email, { id: e.id, name: e.name }]));
}

/**
 * A student's tutor conversation for the assignment (owned by the student's account, as Start
 * makes it), its turns written as complete messages a few minutes apart. No model is called.
 */
async function writeSession(
  db: Db,
  input: { ownerId: string; botId: string; title: string; turns: readonly SampleTurn[]; startedAt: Date },
): Promise<{ conversationId: string; studentMessages: number; lastActiveAt: Date }> {
  const at = (minutes: number) => new Date(input.startedAt.getTime() + minutes * MINUTE);
  const lastActiveAt = at(input.turns.length * 3 - 1);
  const [conversation] = await db
    .insert(schema.conversation)
    .values({
      ownerId: input.ownerId,
      botId: input.botId,
      botKind: 'tutorbot',
      title: input.title.slice(0, 80),
      createdAt: input.startedAt,
      updatedAt: lastActiveAt,
    })
    .returning({ id: schema.conversation.id });
  const conversationId = conversation!.id;
  let seq = 0;
  for (const [i, turn] of input.turns.entries()) {
    const sent = at(i * 3);
    const answered = at(i * 3 + 1);
    const [asked] = await db
      .insert(schema.aiMessage)
      .values({
        conversationId,
        seq: ++seq,
        role: 'user',
        text: turn.user,
        status: 'complete',
        idempotencyKey: `demo-${seq}`,
        createdAt: sent,
        updatedAt: sent,
      })
      .returning({ id: schema.aiMessage.id });
    await db.insert(schema.aiMessage).values({
      conversationId,
      seq: ++seq,
      role: 'assistant',
      text: turn.reply,
      status: 'complete',
      replyTo: asked!.id,
      createdAt: answered,
      updatedAt: answered,
    });
  }
  return { conversationId, studentMessages: input.turns.length, lastActiveAt };
}
