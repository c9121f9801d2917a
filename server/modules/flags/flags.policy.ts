import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alertCategories } from '../../../contract/flags';
import { schema } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import type { TranscriptReader } from '../assignments';

/**
 * Who reads and reviews a safety flag (issue 16, item 5). A flag belongs to a student's assignment
 * record. The assigning teacher reads and reviews every flag of their records, even while their
 * plan has lapsed (as transcripts: their students kept working). An admin of the school licence
 * the teacher is in now reads and reviews that teacher's self-harm flags: those are the alerts the
 * admin is sent. Everyone else: the one 404 (402 for a free teacher, as every teacher endpoint).
 * Every query carries `flagScope`, so a flag out of scope reads as not found.
 */

export type FlagReader = TranscriptReader;

const f = schema.safetyFlag;
const sa = schema.studentAssignment;
const a = schema.assignment;
const u = schema.user;

export const flagNotFound = () => notFound(message('flagNotFound'));

export const flagsPremiumRequired = () => new AppError('premium_required', 402, message('premiumFlags'));

/**
 * The assignment's owner (`user` joined as `u`) is a teacher of this school now, as
 * resolveSubscription decides it: a verified address whose domain's licence (the oldest listing the
 * domain) is this one and has not expired (a licence is valid through its last day, in UTC).
 */
export function ownerInSchool(schoolId: string): SQL {
  return sql`${u.emailVerified} and exists (
    select 1 from ${schema.schoolLicence} l
    where l.id = ${schoolId}
      and (l.expiration is null or l.expiration >= (now() at time zone 'UTC')::date)
      and lower(substring(${u.email} from '[^@]*$')) = any(l.domains)
      and not exists (select 1 from ${schema.schoolLicence} l2
        where lower(substring(${u.email} from '[^@]*$')) = any(l2.domains) and l2.created_at < l.created_at)
  )`;
}

/**
 * The flags the reader may see, over `safety_flag` joined with its record (`student_assignment`),
 * the record's assignment (not deleted) and the assignment's owner as `u`.
 */
export function flagScope(reader: FlagReader): SQL {
  const own = eq(a.ownerId, reader.userId);
  const alerted = reader.adminOf ? and(inArray(f.category, [...alertCategories]), ownerInSchool(reader.adminOf)) : undefined;
  return and(isNull(a.deletedAt), alerted ? or(own, alerted) : own)!;
}

/** Whether the reader sees the flag as its teacher or as an alerted admin. */
export const readerRole = (reader: FlagReader) =>
  sql<'teacher' | 'admin'>`case when ${a.ownerId} = ${reader.userId} then 'teacher' else 'admin' end`;

/** Refusing a flag the reader may not see: 402 for a teacher without Premium (as every teacher endpoint), else 404. */
export function refuseFlag(reader: FlagReader): never {
  if (!reader.premium && !reader.adminOf) throw flagsPremiumRequired();
  throw flagNotFound();
}

/** The joins `flagScope` reads, for a select from `safety_flag`. */
export const scopeJoins = { f, sa, a, u };
