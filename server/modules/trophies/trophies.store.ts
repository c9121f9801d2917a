import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { TROPHY_ICONS_MAX, trophyRuleKinds, trophyRuleText } from '../../../contract/trophies';
import { schema, type Db, type Tx } from '../../db/client';
import { notifyCall } from '../../core/live';
import { INPUT_BLOCKED } from '../conversations';
import { ownAssignment, studentOwnsRecord, type AssignmentActor } from '../assignments';

/**
 * The trophy table's reads and writes. The teacher side reaches a record only through
 * `ownAssignment`, the student side only through `studentOwnsRecord`, both in the where clause.
 */

const t = schema.trophy;
const sa = schema.studentAssignment;
const a = schema.assignment;

/** A trophy with what the presenter needs of its record and assignment. */
const trophyColumns = {
  id: t.id,
  kind: t.kind,
  reason: t.reason,
  createdAt: t.createdAt,
  recordId: sa.id,
  assignmentId: a.id,
  assignmentTitle: a.title,
};
export interface TrophyRow {
  id: string;
  kind: (typeof t.$inferSelect)['kind'];
  reason: string;
  createdAt: Date;
  recordId: string;
  assignmentId: string;
  assignmentTitle: string;
}

/** A trophy that counts: not taken back. */
const shown = isNull(t.takenBackAt);

const trophiesFrom = (db: Db | Tx) =>
  db.select(trophyColumns).from(t).innerJoin(sa, eq(sa.id, t.studentAssignmentId)).innerJoin(a, eq(a.id, sa.assignmentId));

/** The record of one of the actor's assignments, with who to tell of its trophies, or undefined. */
export async function ownRecord(db: Db | Tx, actor: AssignmentActor, assignmentId: string, recordId: string) {
  const [row] = await db
    .select({ id: sa.id, assignmentId: a.id, ownerId: a.ownerId })
    .from(sa)
    .innerJoin(a, eq(a.id, sa.assignmentId))
    .where(and(ownAssignment(actor, assignmentId), eq(sa.id, recordId)));
  return row;
}

/** A record's trophies, newest first (the caller has checked the record is the actor's). */
export function recordTrophies(db: Db | Tx, recordId: string): Promise<TrophyRow[]> {
  return trophiesFrom(db)
    .where(and(eq(sa.id, recordId), shown))
    .orderBy(desc(t.createdAt), desc(t.id));
}

/** One trophy of one of the actor's records (shown, or taken back when `takenBack`), or undefined. */
export async function ownTrophy(
  db: Db | Tx,
  actor: AssignmentActor,
  assignmentId: string,
  recordId: string,
  trophyId: string,
  takenBack = false,
) {
  const [row] = await trophiesFrom(db).where(
    and(ownAssignment(actor, assignmentId), eq(sa.id, recordId), eq(t.id, trophyId), takenBack ? isNotNull(t.takenBackAt) : shown),
  );
  return row;
}

/** The teacher's award on a record; answers the new trophy. */
export async function insertAward(tx: Tx, recordId: string, teacherId: string, reason: string): Promise<TrophyRow> {
  const [row] = await tx
    .insert(t)
    .values({ studentAssignmentId: recordId, kind: 'teacher', reason, awardedBy: teacherId })
    .returning({ id: t.id });
  const [trophy] = await trophiesFrom(tx).where(eq(t.id, row!.id));
  return trophy!;
}

/** Take back: the row stays (same id, reason and time) for the Undo. */
export async function takeBack(tx: Tx, trophyId: string): Promise<void> {
  await tx.update(t).set({ takenBackAt: new Date() }).where(eq(t.id, trophyId));
}

/** The Undo of a take-back: the same trophy is shown again. */
export async function bringBack(tx: Tx, trophyId: string): Promise<void> {
  await tx.update(t).set({ takenBackAt: null }).where(eq(t.id, trophyId));
}

/**
 * The accounts that see this record as theirs: the one that opened it, or, before anyone has, every
 * account linked to a current roster entry of the teacher's with its address (studentOwnsRecord).
 */
export async function studentsOfRecord(db: Db | Tx, recordId: string): Promise<string[]> {
  const result = (await db.execute(sql`select distinct re.user_id as id from ${sa}
      join ${a} on ${a.id} = ${sa.assignmentId}
      join ${schema.rosterEntry} re on re.email = ${sa.email} and re.removed_at is null and re.user_id is not null
      join ${schema.teacherClass} tc on tc.id = re.class_id and tc.owner_id = ${a.ownerId}
    where ${sa.id} = ${recordId} and (${sa.studentId} is null or ${sa.studentId} = re.user_id)`)) as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

/** The caller's records (as my-assignments lists them): driven by the roster entries linked to them. */
function myRecords(userId: string): SQL {
  const mine = sql`select ${schema.rosterEntry.email} from ${schema.rosterEntry}
    where ${schema.rosterEntry.userId} = ${userId} and ${schema.rosterEntry.removedAt} is null`;
  return and(sql`${sa.email} in (${mine})`, studentOwnsRecord(userId))!;
}

/** The student's trophy total across their records, and the newest TROPHY_ICONS_MAX of them. */
export async function myTrophies(db: Db, userId: string): Promise<{ total: number; rows: TrophyRow[] }> {
  const [totals, rows] = await Promise.all([
    db
      .select({ n: count() })
      .from(t)
      .innerJoin(sa, eq(sa.id, t.studentAssignmentId))
      .innerJoin(a, eq(a.id, sa.assignmentId))
      .where(and(myRecords(userId), shown)),
    trophiesFrom(db)
      .where(and(myRecords(userId), shown))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(TROPHY_ICONS_MAX),
  ]);
  return { total: Number(totals[0]?.n ?? 0), rows };
}

// The words the rules look for (lower case; curly apostrophes are read as straight ones).
export const MISTAKE_PHRASES = [
  'not quite',
  'not correct',
  "isn't correct",
  'is incorrect',
  "that's incorrect",
  'not right',
  'check that step',
  'try again',
  'a small slip',
  'mistake',
];
/**
 * What a tutor says about mistakes that is not pointing one out: encouragement ("don't worry about
 * making a mistake", "mistakes are how we learn", "you can always try again") and negation ("no
 * mistakes", "you didn't make a mistake"). These spans are cut from a reply before MISTAKE_PHRASES
 * are looked for, so "Don't worry, that's not quite right" still counts and "Don't worry about
 * making a mistake" does not. PostgreSQL regular expressions (\m, \M: start and end of a word).
 */
export const NOT_A_MISTAKE = [
  // "don't worry about making a mistake", "never be afraid of mistakes", "don't fear making mistakes"
  String.raw`\m(don't|do not|never|no need to|there's no need to) (worry|be afraid|be scared|be nervous|fear|mind|stress)\M[^.!?;]*?\mmistakes?\M`,
  // "it's okay to make mistakes", "it's fine to try again", "that's alright to get wrong"
  String.raw`\m(it's|it is|that's|that is) (totally |completely |perfectly )?(ok|okay|fine|alright|all right|normal|good) to (make (a |any |some )?mistakes?|try again)`,
  // "mistakes are how we learn", "making mistakes is part of learning", "everyone makes mistakes"
  String.raw`\m(making |to make )?mistakes (are|is|help) (ok|okay|fine|normal|how|part|good|great|welcome|useful|us|you)\M`,
  String.raw`\m(everyone|everybody|we all|all of us|people|anyone) (makes?|made) (a |any |some )?mistakes?`,
  // "if you make a mistake, ..." (advice before any answer)
  String.raw`\m(if|when|whenever|in case) (you|we) (make|made|get|got) (a |any |some )?mistakes?`,
  // "no mistakes", "not a single mistake", "without any mistakes", "isn't a mistake"
  String.raw`\m(no|not a|not one|not any|without a|without any|isn't a|wasn't a|never a)( single| big| real)? mistakes?`,
  // "you didn't make a mistake", "you haven't made any mistakes"
  String.raw`\m(didn't|did not|haven't|have not|never|don't|do not) (make|made) (a |any |one )?(single )?mistakes?`,
  // "you can always try again", "feel free to try again"
  String.raw`\m(you can|you may|you could|feel free to|you're welcome to|you are welcome to) (always )?try again`,
];

/**
 * True for a tutor reply (lower case, straight apostrophes) that points out a mistake: one of
 * MISTAKE_PHRASES outside the encouragement and negation of NOT_A_MISTAKE.
 */
export const pointsOutMistake = (lowered: SQL) =>
  anyOf(sql`regexp_replace(${lowered}, ${NOT_A_MISTAKE.map((p) => `(${p})`).join('|')}, ' ', 'g')`, MISTAKE_PHRASES);

export const HINT_PHRASES = ['hint', "i'm stuck", 'im stuck', "i don't know", 'i dont know', 'help me'];
/** How long after their first message a student's message on a later day counts as coming back. */
export const CAME_BACK_HOURS = 8;
/** Messages the student sends after the mistake, or after the second hint, for those rules to apply. */
export const MESSAGES_AFTER = 2;

const anyOf = (column: SQL, phrases: string[]) =>
  sql`${column} like any (array[${sql.join(
    phrases.map((p) => sql`${`%${p}%`}`),
    sql`, `,
  )}]::text[])`;

/**
 * The automatic rules, evaluated in one statement for the caller's own record (studentOwnsRecord,
 * and only the turns of their own conversation, so a teacher's preview never counts): each rule
 * that is on and holds gives its trophy, at most once per record (the partial unique index). When
 * any is given, the teacher's and the student's live events are sent with it. Answers how many.
 */
export async function awardByRules(db: Db, userId: string, recordId: string, teacherEvent: SQL, studentEvent: SQL): Promise<number> {
  const m = schema.aiMessage;
  const text = sql`replace(lower(m.text), chr(8217), '''')`;
  const reasons = sql.join(
    trophyRuleKinds.map((kind) => sql`(${kind}, ${trophyRuleText[kind].reason})`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with rec as (
      select ${sa.id} as id, ${sa.conversationId} as conversation_id, ${sa.submittedAt} as submitted_at,
        ${a.dueAt} as due_at, ${a.trophyRules} as rules
      from ${sa} join ${a} on ${a.id} = ${sa.assignmentId}
      where ${sa.id} = ${recordId} and ${studentOwnsRecord(userId)}
    ),
    msgs as (
      select m.seq, m.role, m.created_at, ${text} as t
      from ${m} m
        join rec on m.conversation_id = rec.conversation_id
        join ${schema.conversation} c on c.id = m.conversation_id and c.owner_id = ${userId}
      where m.status <> 'superseded'
        -- A turn the safety check answered without the tutor is not work on the assignment.
        and not exists (select 1 from ${m} b where b.reply_to = m.id and b.error_code = ${INPUT_BLOCKED})
    ),
    earned as (
      select 'early' as kind from rec where (rec.rules->>'early')::boolean
        and rec.due_at is not null and rec.submitted_at is not null and rec.submitted_at < rec.due_at
        -- Handed in after working on it, not an empty "I'm done".
        and exists (select 1 from msgs u where u.role = 'user')
      union all
      select 'cameBack' from rec where (rec.rules->>'cameBack')::boolean
        -- Another calendar day, and at least CAME_BACK_HOURS later: one evening's work across midnight (UTC) is not a return.
        and exists (select 1 from msgs u, msgs first where u.role = 'user' and first.role = 'user'
          and (u.created_at at time zone 'UTC')::date > (first.created_at at time zone 'UTC')::date
          and u.created_at >= first.created_at + make_interval(hours => ${CAME_BACK_HOURS}))
      union all
      select 'keptGoing' from rec where (rec.rules->>'keptGoing')::boolean
        and exists (select 1 from msgs k where k.role = 'assistant' and ${pointsOutMistake(sql`k.t`)}
          and (select count(*) from msgs u where u.role = 'user' and u.seq > k.seq) >= ${MESSAGES_AFTER})
      union all
      select 'hints' from rec where (rec.rules->>'hints')::boolean
        and (select count(*) from msgs u where u.role = 'user' and u.seq > (
          select h.seq from msgs h where h.role = 'user' and ${anyOf(sql`h.t`, HINT_PHRASES)} order by h.seq offset 1 limit 1
        )) >= ${MESSAGES_AFTER}
    ),
    given as (
      insert into ${t} (student_assignment_id, kind, reason)
      select rec.id, earned.kind, r.reason from earned cross join rec join (values ${reasons}) as r(kind, reason) on r.kind = earned.kind
      on conflict (student_assignment_id, kind) where kind <> 'teacher' do nothing
      returning 1
    )
    select (select count(*)::int from given) as n, ${teacherEvent} as teacher, ${studentEvent} as student
    from (select 1 from given limit 1) as any_given`)) as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** The notify calls of a rule's award: the teacher's table and the student's pages. */
export const ruleEvents = (teacherId: string, assignmentId: string, recordId: string, studentId: string) => ({
  teacher: notifyCall(teacherId, { type: 'assignment.updated', assignmentId, studentAssignmentId: recordId }),
  student: notifyCall(studentId, { type: 'trophies' }),
});
