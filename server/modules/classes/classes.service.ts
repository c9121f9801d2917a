import { randomInt } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  JOIN_CODE_LENGTH,
  type AddStudentsResult,
  type ClassList,
  type ClassSummary,
  type RosterList,
  type JoinClassResult,
} from '../../../contract/classes';
import type { z } from 'zod';
import type { addStudentsInput, createClassInput, joinClassInput, updateClassInput } from '../../../contract/classes';
import { schema, type Db } from '../../db/client';
import type { SessionUser } from '../../lib/context';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { classNotFound, ownClass, ownedBy, type ClassActor } from './classes.policy';
import { presentClass, presentStudent } from './classes.presenter';

const k = schema.teacherClass;
const r = schema.rosterEntry;

/** Current (not removed) entries of a class. */
const current = (classId: string) => and(eq(r.classId, classId), isNull(r.removedAt))!;

async function countsOf(db: Db, classIds: string[]): Promise<Map<string, number>> {
  if (!classIds.length) return new Map();
  const rows = await db
    .select({ classId: r.classId, n: count() })
    .from(r)
    .where(and(inArray(r.classId, classIds), isNull(r.removedAt)))
    .groupBy(r.classId);
  return new Map(rows.map((row) => [row.classId, Number(row.n)]));
}

/** The teacher's classes, oldest first, with how many students each has now. */
export async function listClasses(db: Db, actor: ClassActor): Promise<ClassList> {
  const rows = await db.select().from(k).where(ownedBy(actor)).orderBy(asc(k.createdAt), asc(k.id));
  const counts = await countsOf(
    db,
    rows.map((row) => row.id),
  );
  return { classes: rows.map((row) => presentClass(row, counts.get(row.id) ?? 0)) };
}

/** The actor's class row, or the one 404. */
async function ownClassRow(db: Db, actor: ClassActor, id: string) {
  const [row] = await db.select().from(k).where(ownClass(actor, id));
  if (!row) throw classNotFound();
  return row;
}

export async function getClass(db: Db, actor: ClassActor, id: string): Promise<ClassSummary> {
  const row = await ownClassRow(db, actor, id);
  return presentClass(row, (await countsOf(db, [id])).get(id) ?? 0);
}

export async function createClass(db: Db, actor: ClassActor, input: z.output<typeof createClassInput>): Promise<ClassSummary> {
  const [row] = await db
    .insert(k)
    .values({ ownerId: actor.userId, name: input.name, section: input.section ?? null })
    .returning();
  return presentClass(row!, 0);
}

export async function updateClass(db: Db, actor: ClassActor, id: string, input: z.output<typeof updateClassInput>): Promise<ClassSummary> {
  const [row] = await db
    .update(k)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.section !== undefined ? { section: input.section } : {}),
      updatedAt: new Date(),
    })
    .where(ownClass(actor, id))
    .returning();
  if (!row) throw classNotFound();
  return presentClass(row, (await countsOf(db, [id])).get(id) ?? 0);
}

/** Deletes the class and its roster entries (the students' accounts stay). */
export async function deleteClass(db: Db, actor: ClassActor, id: string): Promise<void> {
  const deleted = await db.delete(k).where(ownClass(actor, id)).returning({ id: k.id });
  if (!deleted.length) throw classNotFound();
}

export async function listStudents(db: Db, actor: ClassActor, id: string): Promise<RosterList> {
  await ownClassRow(db, actor, id);
  const rows = await db.select().from(r).where(current(id)).orderBy(asc(r.name), asc(r.email));
  return { students: rows.map(presentStudent) };
}

/** The account id of each verified user among these addresses, so new entries are linked at once. */
async function verifiedUsersByEmail(db: Db, emails: string[]): Promise<Map<string, string>> {
  if (!emails.length) return new Map();
  const u = schema.user;
  const rows = await db
    .select({ id: u.id, email: u.email })
    .from(u)
    .where(and(inArray(sql`lower(${u.email})`, emails), eq(u.emailVerified, true)));
  return new Map(rows.map((row) => [row.email.toLowerCase(), row.id]));
}

/**
 * Adds students (already validated as a whole). Addresses already on the roster, or repeated in
 * the request, are reported and left alone; all of it in one transaction.
 */
export async function addStudents(
  db: Db,
  actor: ClassActor,
  id: string,
  input: z.output<typeof addStudentsInput>,
): Promise<AddStudentsResult> {
  return db.transaction(async (tx) => {
    // Locks the class row, so two adds to one class queue rather than race on the unique index.
    const [cls] = await tx.select({ id: k.id }).from(k).where(ownClass(actor, id)).for('update');
    if (!cls) throw classNotFound();
    const emails = [...new Set(input.students.map((s) => s.email))];
    const existing = await tx
      .select({ email: r.email })
      .from(r)
      .where(and(current(id), inArray(r.email, emails)));
    const taken = new Set(existing.map((e) => e.email));
    const alreadyOnRoster: AddStudentsResult['alreadyOnRoster'] = [];
    const fresh: { email: string; name: string }[] = [];
    for (const s of input.students) {
      if (taken.has(s.email)) alreadyOnRoster.push({ email: s.email, name: s.name });
      else {
        taken.add(s.email);
        fresh.push(s);
      }
    }
    if (!fresh.length) return { added: [], alreadyOnRoster };
    const users = await verifiedUsersByEmail(
      tx,
      fresh.map((s) => s.email),
    );
    const rows = await tx
      .insert(r)
      .values(fresh.map((s) => ({ classId: id, email: s.email, name: s.name, userId: users.get(s.email) ?? null })))
      .returning();
    await tx.update(k).set({ updatedAt: new Date() }).where(eq(k.id, id));
    return { added: rows.map(presentStudent), alreadyOnRoster };
  });
}

/** Takes a student off this class's roster (their row stays, marked removed, for their past work). */
export async function removeStudent(db: Db, actor: ClassActor, classId: string, entryId: string): Promise<void> {
  await ownClassRow(db, actor, classId);
  const removed = await db
    .update(r)
    .set({ removedAt: new Date() })
    .where(and(eq(r.id, entryId), current(classId)))
    .returning({ id: r.id });
  if (!removed.length) throw notFound('That student');
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random join code without look-alike characters (no I, O, 0, 1). */
export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Turns joining by code on with a fresh code (replacing any old one), or off. */
export async function setJoinCode(db: Db, actor: ClassActor, id: string, enabled: boolean): Promise<ClassSummary> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .update(k)
        .set({ joinCode: enabled ? newJoinCode() : null, updatedAt: new Date() })
        .where(ownClass(actor, id))
        .returning();
      if (!row) throw classNotFound();
      return presentClass(row, (await countsOf(db, [id])).get(id) ?? 0);
    } catch (err) {
      // 32^8 codes: a collision is rare, and a new draw settles it.
      if (attempt < 5 && isUniqueViolation(err, 'teacher_class_join_code_uq')) continue;
      throw err;
    }
  }
}

/**
 * Puts the signed-in user (verified address) on the roster of the class with this code, linked to
 * their account. Someone already there (by address) is linked and told so; nothing is duplicated.
 */
export async function joinClass(db: Db, user: SessionUser, input: z.output<typeof joinClassInput>): Promise<JoinClassResult> {
  if (!user.emailVerified)
    throw new AppError('forbidden', 403, 'Confirm your e-mail address first: open the link we sent you, then enter the class code again.');
  const email = user.email.toLowerCase();
  return db.transaction(async (tx) => {
    const [cls] = await tx
      .select({ id: k.id, name: k.name, section: k.section, teacherName: schema.user.name })
      .from(k)
      .innerJoin(schema.user, eq(schema.user.id, k.ownerId))
      .where(eq(k.joinCode, input.code))
      .for('update', { of: k });
    if (!cls)
      throw new AppError(
        'not_found',
        404,
        'That class code is not in use. Check it with your teacher: they may have turned it off or made a new one.',
      );
    const result = { classId: cls.id, className: cls.name, section: cls.section, teacherName: cls.teacherName };
    const [entry] = await tx
      .select({ id: r.id })
      .from(r)
      .where(and(current(cls.id), eq(r.email, email)));
    if (entry) {
      await tx.update(r).set({ userId: user.id }).where(eq(r.id, entry.id));
      return { ...result, alreadyOnRoster: true };
    }
    await tx.insert(r).values({ classId: cls.id, email, name: user.name.slice(0, 100) || email, userId: user.id, source: 'code' });
    return { ...result, alreadyOnRoster: false };
  });
}

/** Links every current roster entry of this verified address to the account (call on a verified sign-in). */
export async function linkRosterEntries(db: Db, user: Pick<SessionUser, 'id' | 'email' | 'emailVerified'>): Promise<void> {
  if (!user.emailVerified) return;
  await db
    .update(r)
    .set({ userId: user.id })
    .where(and(eq(r.email, user.email.toLowerCase()), isNull(r.userId), isNull(r.removedAt)));
}
