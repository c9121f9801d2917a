import { and, asc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { schema, type Db, type Tx } from '../../db/client';
import { shownLinked } from '../classes';

/**
 * The rows one student address has with a set of teachers (one teacher, or a school's): their
 * records on those teachers' assignments (deleted assignments too: the data is still held), the
 * transcripts, flags and trophies of those records, and the roster entries in those teachers'
 * classes. Every query is scoped by the owners and the address in its where clause.
 */

const a = schema.assignment;
const sa = schema.studentAssignment;
const k = schema.teacherClass;
const r = schema.rosterEntry;
const m = schema.aiMessage;
const f = schema.safetyFlag;
const t = schema.trophy;
const u = schema.user;

export interface DeletedCounts {
  records: number;
  transcripts: number;
  rosterEntries: number;
}

export interface HeldRows {
  entries: {
    teacher: string;
    name: string;
    className: string;
    section: string | null;
    /** Whether the teacher is shown that the student came in through this entry (classes.policy, shownLinked). */
    linked: boolean;
    addedAt: Date;
    removedAt: Date | null;
  }[];
  records: { record: typeof sa.$inferSelect; assignment: typeof a.$inferSelect; teacher: string }[];
  messages: (typeof m.$inferSelect)[];
  flags: (typeof f.$inferSelect)[];
  trophies: (typeof t.$inferSelect)[];
}

/** Everything these teachers hold of this address, for the export. */
export async function heldRows(db: Db, ownerIds: string[], email: string): Promise<HeldRows> {
  if (!ownerIds.length) return { entries: [], records: [], messages: [], flags: [], trophies: [] };
  const [entries, records] = await Promise.all([
    db
      .select({
        teacher: u.name,
        name: r.name,
        className: k.name,
        section: k.section,
        linked: shownLinked(),
        addedAt: r.addedAt,
        removedAt: r.removedAt,
      })
      .from(r)
      .innerJoin(k, eq(k.id, r.classId))
      .innerJoin(u, eq(u.id, k.ownerId))
      .where(and(inArray(k.ownerId, ownerIds), eq(r.email, email)))
      .orderBy(asc(u.name), asc(k.name), asc(k.section), asc(r.addedAt), asc(r.id)),
    db
      .select({ record: sa, assignment: a, teacher: u.name })
      .from(sa)
      .innerJoin(a, eq(a.id, sa.assignmentId))
      .innerJoin(u, eq(u.id, a.ownerId))
      .where(and(inArray(a.ownerId, ownerIds), eq(sa.email, email)))
      .orderBy(asc(a.createdAt), asc(a.id)),
  ]);
  const recordIds = records.map((x) => x.record.id);
  const conversationIds = records.flatMap((x) => (x.record.conversationId ? [x.record.conversationId] : []));
  if (!recordIds.length) return { entries, records, messages: [], flags: [], trophies: [] };
  const [messages, flags, trophies] = await Promise.all([
    conversationIds.length
      ? db.select().from(m).where(inArray(m.conversationId, conversationIds)).orderBy(asc(m.conversationId), asc(m.seq))
      : [],
    db
      .select()
      .from(f)
      .where(
        conversationIds.length
          ? or(inArray(f.studentAssignmentId, recordIds), inArray(f.conversationId, conversationIds))
          : inArray(f.studentAssignmentId, recordIds),
      )
      .orderBy(asc(f.createdAt), asc(f.id)),
    // A trophy taken back is kept (Undo restores it) but is no longer the student's.
    db
      .select()
      .from(t)
      .where(and(inArray(t.studentAssignmentId, recordIds), isNull(t.takenBackAt)))
      .orderBy(asc(t.createdAt), asc(t.id)),
  ]);
  return { entries, records, messages, flags, trophies };
}

/**
 * Deletes what these teachers hold of this address, in one transaction: the transcripts of its
 * records (their messages and flags cascade), the records (trophies and any remaining flags
 * cascade), and the roster entries in the teachers' classes. The student's account and whatever
 * other teachers hold stay. `audit` writes the deletion's audit entry in the same transaction.
 */
export async function deleteHeldRows(db: Db, ownerIds: string[], email: string, audit: (tx: Tx, deleted: DeletedCounts) => Promise<void>) {
  if (!ownerIds.length) return { records: 0, transcripts: 0, rosterEntries: 0 };
  return db.transaction(async (tx) => {
    const theirs = tx
      .select({ id: sa.id })
      .from(sa)
      .innerJoin(a, eq(a.id, sa.assignmentId))
      .where(and(inArray(a.ownerId, ownerIds), eq(sa.email, email)));
    const transcripts = await tx
      .delete(schema.conversation)
      .where(
        inArray(
          schema.conversation.id,
          tx
            .select({ id: sa.conversationId })
            .from(sa)
            .innerJoin(a, eq(a.id, sa.assignmentId))
            .where(and(inArray(a.ownerId, ownerIds), eq(sa.email, email), isNotNull(sa.conversationId))),
        ),
      )
      .returning({ id: schema.conversation.id });
    const records = await tx.delete(sa).where(inArray(sa.id, theirs)).returning({ id: sa.id });
    const entries = await tx
      .delete(r)
      .where(and(eq(r.email, email), inArray(r.classId, tx.select({ id: k.id }).from(k).where(inArray(k.ownerId, ownerIds)))))
      .returning({ id: r.id });
    const deleted = { records: records.length, transcripts: transcripts.length, rosterEntries: entries.length };
    await audit(tx, deleted);
    return deleted;
  });
}

/**
 * The teachers that hold anything of this address (an assignment record or a roster entry): the
 * candidates a school admin's request is checked against.
 */
export async function holdersOf(db: Db, email: string) {
  const [byRecord, byEntry] = await Promise.all([
    db
      .selectDistinct({ id: u.id, name: u.name, email: u.email, emailVerified: u.emailVerified, role: u.role })
      .from(sa)
      .innerJoin(a, eq(a.id, sa.assignmentId))
      .innerJoin(u, eq(u.id, a.ownerId))
      .where(eq(sa.email, email)),
    db
      .selectDistinct({ id: u.id, name: u.name, email: u.email, emailVerified: u.emailVerified, role: u.role })
      .from(r)
      .innerJoin(k, eq(k.id, r.classId))
      .innerJoin(u, eq(u.id, k.ownerId))
      .where(eq(r.email, email)),
  ]);
  const byId = new Map([...byRecord, ...byEntry].map((x) => [x.id, x]));
  return [...byId.values()];
}
