import { randomInt } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  CLASS_SECTION_MAX,
  JOIN_CODE_LENGTH,
  PASTE_BAD_SHOWN,
  STUDENT_NAME_MAX,
  type PasteStudentsResult,
  type ImportRosterResult,
  type AddStudentsResult,
  type ClassList,
  type ClassSummary,
  type RosterList,
  type JoinClassResult,
} from '../../../contract/classes';
import type { z } from 'zod';
import type {
  addStudentsInput,
  createClassInput,
  importRosterInput,
  joinClassInput,
  pasteStudentsInput,
  updateClassInput,
} from '../../../contract/classes';
import { isUuid } from '../../../contract/common';
import { isPremium } from '../../../contract/subscription';
import {
  nameFromAddress,
  parsePastedStudents,
  classesToCreate,
  ROSTER_IMPORT_MAX_ROWS,
  rosterClassKey,
  validateStudent,
  type RosterImportError,
  type RosterImportRow,
} from '../../../contract/roster';
import { schema, type Db } from '../../db/client';
import type { SessionUser } from '../../core/context';
import type { ModuleHooks } from '../../core/hooks';
import { AppError, invalidInput, isUniqueViolation, notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import { sharerName } from '../bots';
import { classNotFound, ownClass, ownedBy, shownLinked, type ClassActor } from './classes.policy';
import { presentClass, presentStudent } from './classes.presenter';
import { resolveSubscription, type PlanSettings } from '../../core/plan';
import { withRosterRoom } from './classes.roster-limit';

const k = schema.teacherClass;
const r = schema.rosterEntry;

/** The assignments' step for entries just added (AppDeps.hooks): records of the class's open assignments. */
export type EntriesAdded = ModuleHooks['rosterEntriesAdded'];

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
      ...(input.defaultLocale !== undefined ? { defaultLocale: input.defaultLocale } : {}),
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
  const rows = await db.select({ row: r, linked: shownLinked() }).from(r).where(current(id)).orderBy(asc(r.name), asc(r.email));
  return { students: rows.map(({ row, linked }) => presentStudent(row, Boolean(linked))) };
}

/** Each verified user among these addresses (id and name), so new entries are linked at once. */
async function verifiedUsersByEmail(db: Db, emails: string[]): Promise<Map<string, { id: string; name: string }>> {
  if (!emails.length) return new Map();
  const u = schema.user;
  const rows = await db
    .select({ id: u.id, email: u.email, name: u.name })
    .from(u)
    .where(and(inArray(sql`lower(${u.email})`, emails), eq(u.emailVerified, true)));
  return new Map(rows.map((row) => [row.email.toLowerCase(), { id: row.id, name: row.name }]));
}

/** An account's name as a roster keeps it, or null when it has none worth showing. */
const accountName = (name: string | null | undefined) => name?.trim().slice(0, STUDENT_NAME_MAX) || null;

type RosterSource = (typeof schema.rosterSources)[number];

/** A student to add: `name` null means none was given (the account's, else one from the address). */
export interface StudentToAdd {
  email: string;
  name: string | null;
}

/**
 * Adds students to a class inside the caller's transaction (the class is the actor's, checked by
 * the caller). Addresses already on the roster, or repeated in the list, are reported and left alone.
 * `source` says who put the new entries on (the teacher, unless a course import did).
 */
async function addStudentsTo(
  tx: Db,
  id: string,
  students: StudentToAdd[],
  entriesAdded: EntriesAdded,
  source: RosterSource = 'teacher',
): Promise<AddStudentsResult> {
  const emails = [...new Set(students.map((s) => s.email))];
  const existing = await tx
    .select({ email: r.email })
    .from(r)
    .where(and(current(id), inArray(r.email, emails)));
  const taken = new Set(existing.map((e) => e.email));
  const alreadyOnRoster: AddStudentsResult['alreadyOnRoster'] = [];
  const fresh: StudentToAdd[] = [];
  for (const s of students) {
    if (taken.has(s.email)) alreadyOnRoster.push({ email: s.email, name: s.name ?? nameFromAddress(s.email) });
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
    .values(
      fresh.map((s) => {
        const user = users.get(s.email);
        return {
          classId: id,
          email: s.email,
          // Not the account's name: that would tell the teacher the address has an account (and whose).
          name: s.name ?? nameFromAddress(s.email),
          userId: user?.id ?? null,
          source,
        };
      }),
    )
    .returning();
  await tx.update(k).set({ updatedAt: new Date() }).where(eq(k.id, id));
  await entriesAdded(tx, id, rows);
  // Just added: no student has come in through these entries yet, whether or not the address has an
  // account (linked at once all the same, so the class's assignments reach them).
  return { added: rows.map((row) => presentStudent(row, false)), alreadyOnRoster };
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
  entriesAdded: EntriesAdded,
): Promise<AddStudentsResult> {
  return db.transaction(async (tx) => {
    // Locks the class row, so two adds to one class queue rather than race on the unique index.
    const [cls] = await tx.select({ id: k.id }).from(k).where(ownClass(actor, id)).for('update');
    if (!cls) throw classNotFound();
    return addStudentsTo(tx, id, input.students, entriesAdded);
  });
}

/**
 * Adds the students of a pasted list (POST /:id/students/paste): the same reader as the page's
 * preview; the good lines are added in one transaction and the bad ones answered with why. A
 * paste with no good line at all is a 422 and writes nothing.
 */
export async function pasteStudents(
  db: Db,
  actor: ClassActor,
  id: string,
  input: z.output<typeof pasteStudentsInput>,
  entriesAdded: EntriesAdded,
): Promise<PasteStudentsResult> {
  const { students, bad } = parsePastedStudents(input.text);
  if (!students.length) {
    await ownClassRow(db, actor, id);
    throw invalidInput(message(bad.length ? 'noLineCanBeAdded' : 'pasteStudentsOneALine'), {
      text: bad.length ? message('linesCannotBeAdded', { count: bad.length }) : message('pasteStudentsOneALine'),
    });
  }
  return db.transaction(async (tx) => {
    const [cls] = await tx.select({ id: k.id }).from(k).where(ownClass(actor, id)).for('update');
    if (!cls) throw classNotFound();
    return { ...(await addStudentsTo(tx, id, students, entriesAdded)), bad: bad.slice(0, PASTE_BAD_SHOWN), badCount: bad.length };
  });
}

/**
 * Keeps one of the actor's classes in step with an outside course's students (a Google Classroom
 * import), in the caller's transaction: students not on the roster are added as any add is (so the
 * roster hook gives them their records), marked with `source`; current entries that course put on
 * whose address is no longer among the students are taken off as removeStudent takes one off
 * (`removedAt`; their records stay). Entries the teacher added or that joined with the code are left
 * alone. New entries count against the teacher's daily roster bound (429 before anything is added).
 */
export async function syncClassRoster(
  tx: Db,
  actor: ClassActor,
  id: string,
  students: StudentToAdd[],
  source: Exclude<RosterSource, 'teacher' | 'code'>,
  entriesAdded: EntriesAdded,
): Promise<AddStudentsResult & { removed: number }> {
  // Locks the class row, so two syncs (or a sync and an add) of one class queue.
  const [cls] = await tx.select({ id: k.id }).from(k).where(ownClass(actor, id)).for('update');
  if (!cls) throw classNotFound();
  const emails = [...new Set(students.map((s) => s.email))];
  const onRoster = emails.length
    ? await tx
        .select({ email: r.email })
        .from(r)
        .where(and(current(id), inArray(r.email, emails)))
    : [];
  const fresh = emails.length - onRoster.length;
  const result = await withRosterRoom(
    tx,
    actor,
    fresh,
    () => addStudentsTo(tx, id, students, entriesAdded, source),
    (r) => r.added.length,
  );
  const leaving = and(current(id), eq(r.source, source), emails.length ? notInArray(r.email, emails) : undefined);
  const removed = await tx.update(r).set({ removedAt: new Date() }).where(leaving).returning({ id: r.id });
  if (removed.length) await tx.update(k).set({ updatedAt: new Date() }).where(eq(k.id, id));
  return { ...result, removed: removed.length };
}

/** Takes a student off this class's roster (their row stays, marked removed, for their past work). */
export async function removeStudent(db: Db, actor: ClassActor, classId: string, entryId: string): Promise<void> {
  await ownClassRow(db, actor, classId);
  const removed = await db
    .update(r)
    .set({ removedAt: new Date() })
    .where(and(eq(r.id, entryId), current(classId)))
    .returning({ id: r.id });
  if (!removed.length) throw notFound(message('studentNotFound'));
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
        // The code's own time: a rename or a pasted student later is no new code (issue 39, item 1).
        .set({ joinCode: enabled ? newJoinCode() : null, joinCodeMadeAt: enabled ? sql`now()` : null, updatedAt: new Date() })
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

/** Joining by code needs a confirmed address (anyone could have typed an unconfirmed one). */
export function requireVerifiedJoiner(user: SessionUser): void {
  if (!user.emailVerified) throw new AppError('forbidden', 403, message('confirmBeforeJoining'));
}

export const codeNotInUse = () => new AppError('not_found', 404, message('codeNotInUse'));

/**
 * Puts the signed-in user (verified address) on the roster of the class with this code, linked to
 * their account. Someone already there (by address) is linked and told so; nothing is duplicated.
 * A class whose teacher has no Premium any more takes no new students (roster changes wait for
 * Premium, docs/product/billing.md#when-premium-ends): refused with a plain message, nothing written.
 */
export async function joinClass(
  db: Db,
  user: SessionUser,
  input: z.output<typeof joinClassInput>,
  settings: PlanSettings,
  entriesAdded: EntriesAdded,
): Promise<JoinClassResult> {
  requireVerifiedJoiner(user);
  const email = user.email.toLowerCase();
  return db.transaction(async (tx) => {
    const u = schema.user;
    const [cls] = await tx
      .select({
        id: k.id,
        name: k.name,
        section: k.section,
        teacherName: u.name,
        teacher: { id: u.id, email: u.email, emailVerified: u.emailVerified, role: u.role },
      })
      .from(k)
      .innerJoin(schema.user, eq(schema.user.id, k.ownerId))
      .where(eq(k.joinCode, input.code))
      .for('update', { of: k });
    if (!cls) throw codeNotInUse();
    // As /api/my-assignments names the teacher: a display name, never an address left as one.
    const teacherName = sharerName(cls.teacherName) ?? 'your teacher';
    const result = { classId: cls.id, className: cls.name, section: cls.section, teacherName };
    const [entry] = await tx
      .select({ id: r.id })
      .from(r)
      .where(and(current(cls.id), eq(r.email, email)));
    if (entry) {
      // Entered by the student: shown as signed in from now on (classes.policy, shownLinked).
      await tx.update(r).set({ userId: user.id, source: 'code' }).where(eq(r.id, entry.id));
      await takeAccountName(tx, email, user.name);
      return { ...result, alreadyOnRoster: true };
    }
    await requireTeacherTakesStudents(tx, cls.teacher, settings);
    const joined = await tx
      .insert(r)
      .values({ classId: cls.id, email, name: accountName(user.name) ?? nameFromAddress(email), userId: user.id, source: 'code' })
      .returning();
    await entriesAdded(tx, cls.id, joined);
    return { ...result, alreadyOnRoster: false };
  });
}

/** Refuses a join when the class's teacher could not change the roster themselves (no Premium, or no longer a teacher). */
async function requireTeacherTakesStudents(
  db: Db,
  teacher: { id: string; email: string; emailVerified: boolean; role: 'teacher' | 'student' },
  settings: PlanSettings,
): Promise<void> {
  const sub = await resolveSubscription(db, { user: teacher, settings });
  if (sub.status === 'error') throw new AppError('unavailable', 503, message('classUnchecked'));
  if (sub.user_type !== 'teacher' || !isPremium(sub.status)) throw new AppError('class_not_accepting', 403, message('classNotAccepting'));
}

/**
 * Links every current roster entry of this verified address to the account (call on a verified
 * sign-in), and gives the entries whose name was only made from the address the account's name.
 */
export async function linkRosterEntries(db: Db, user: Pick<SessionUser, 'id' | 'email' | 'emailVerified'>): Promise<void> {
  if (!user.emailVerified) return;
  const email = user.email.toLowerCase();
  await db
    .update(r)
    .set({ userId: user.id })
    .where(and(eq(r.email, email), isNull(r.userId), isNull(r.removedAt)));
  const [account] = await db.select({ name: schema.user.name }).from(schema.user).where(eq(schema.user.id, user.id));
  await takeAccountName(db, email, account?.name);
}

/**
 * A student added with no name is shown by one made from the address (nameFromAddress) until they
 * sign in: then their roster entries, and the assignment records copied from them, take the
 * account's name. A name the teacher typed is kept (one equal to the address's name counts as none).
 */
async function takeAccountName(db: Db, email: string, name: string | null | undefined): Promise<void> {
  const given = accountName(name);
  const derived = nameFromAddress(email);
  if (!given || given === derived) return;
  await db
    .update(r)
    .set({ name: given })
    .where(and(eq(r.email, email), eq(r.name, derived), isNull(r.removedAt)));
  const a = schema.studentAssignment;
  await db
    .update(a)
    .set({ name: given })
    .where(and(eq(a.email, email), eq(a.name, derived)));
}

/**
 * An import over ROSTER_IMPORT_MAX_ROWS rows is refused as a whole before anything is read or
 * written (422 too_many_rows, saying the limit and how to split): never split, never written in part.
 */
export function refuseOversizedImport(body: unknown): void {
  const rows = body && typeof body === 'object' ? (body as { rows?: unknown }).rows : undefined;
  if (!Array.isArray(rows) || rows.length <= ROSTER_IMPORT_MAX_ROWS) return;
  throw new AppError('too_many_rows', 422, message('tooManyImportRows', { max: ROSTER_IMPORT_MAX_ROWS, count: rows.length }), {
    fields: { rows: message('tooManyImportRows', { max: ROSTER_IMPORT_MAX_ROWS, count: rows.length }) },
  });
}

/** A row's class, matched case-insensitively on name and period (no period = no section). */
const classKey = rosterClassKey;

/**
 * POST /api/classes/import (see importRosterInput): checks every row again, answers the server's
 * own preview, and unless `dryRun` (or a bad row without `skipBadRows`) creates the classes the
 * rows name that the teacher does not have and adds the students, all in one transaction.
 */
export async function importRoster(
  db: Db,
  actor: ClassActor,
  input: z.output<typeof importRosterInput>,
  entriesAdded: EntriesAdded,
): Promise<ImportRosterResult> {
  let target: { id: string } | undefined;
  if (input.classId !== undefined) {
    if (!isUuid(input.classId)) throw classNotFound();
    target = await ownClassRow(db, actor, input.classId.toLowerCase());
  }

  const rows: RosterImportRow[] = [];
  const errors: RosterImportError[] = [];
  const seen = new Map<string, number>();
  input.rows.forEach((raw, index) => {
    const line = raw.line >= 1 ? raw.line : index + 1;
    const checked = validateStudent(
      { email: raw.email, name: raw.name ?? '', className: raw.className ?? '', period: raw.period ?? '' },
      line,
    );
    if (checked.errors) return void errors.push(...checked.errors);
    const row = checked.row;
    if (row.className === null && !target)
      return void errors.push({
        line,
        field: 'class',
        code: 'unknown_class',
        reason: 'Choose a class for students the file gives no class.',
      });
    // The period becomes the class's section, which is shorter than a period the readers accept.
    if (row.className !== null && row.period !== null && row.period.length > CLASS_SECTION_MAX)
      return void errors.push({
        line,
        field: 'period',
        code: 'period_too_long',
        reason: `The period is longer than ${CLASS_SECTION_MAX} characters.`,
      });
    const key = `${row.email}\u0000${row.className === null ? '' : classKey(row.className, row.period)}`;
    const first = seen.get(key);
    if (first !== undefined)
      return void errors.push({
        line,
        field: 'email',
        code: 'duplicate',
        reason: `This student is already on line ${first} for the same class.`,
      });
    seen.set(key, line);
    rows.push({ ...row, name: row.name ?? nameFromAddress(row.email), period: row.className === null ? null : row.period });
  });

  const preview = { rows, errors };
  if (input.dryRun || (errors.length > 0 && !input.skipBadRows) || rows.length === 0) {
    const mine = await db.select({ name: k.name, section: k.section }).from(k).where(ownedBy(actor));
    return { preview, written: false, newClasses: classesToCreate(rows, mine), classesCreated: [], added: 0, alreadyOnRoster: 0 };
  }

  return db.transaction(async (tx) => {
    // Locks the teacher's row: two imports by one teacher queue, so a class is never made twice.
    await tx.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.id, actor.userId)).for('update');
    const mine = await tx.select().from(k).where(ownedBy(actor)).orderBy(asc(k.createdAt), asc(k.id));
    if (target && !mine.some((c) => c.id === target.id)) throw classNotFound();
    const byKey = new Map<string, string>();
    for (const c of mine) if (!byKey.has(classKey(c.name, c.section))) byKey.set(classKey(c.name, c.section), c.id);

    const groups = new Map<string, StudentToAdd[]>();
    const created: (typeof k.$inferSelect)[] = [];
    for (const row of rows) {
      let classId = target?.id;
      if (row.className !== null) {
        const key = classKey(row.className, row.period);
        classId = byKey.get(key);
        if (!classId) {
          const [made] = await tx.insert(k).values({ ownerId: actor.userId, name: row.className, section: row.period }).returning();
          created.push(made!);
          classId = made!.id;
          byKey.set(key, classId);
        }
      }
      const group = groups.get(classId!) ?? [];
      // A row with no name (its preview shows the address's) takes the account's name when there is one.
      group.push({ email: row.email, name: row.name === nameFromAddress(row.email) ? null : row.name });
      groups.set(classId!, group);
    }

    let added = 0;
    let alreadyOnRoster = 0;
    const addedTo = new Map<string, number>();
    for (const [classId, students] of groups) {
      const result = await addStudentsTo(tx, classId, students, entriesAdded);
      added += result.added.length;
      alreadyOnRoster += result.alreadyOnRoster.length;
      addedTo.set(classId, result.added.length);
    }
    return {
      preview,
      written: true,
      newClasses: created.map((c) => ({ className: c.name, period: c.section })),
      classesCreated: created.map((c) => presentClass(c, addedTo.get(c.id) ?? 0)),
      added,
      alreadyOnRoster,
    };
  });
}
