import type { PlanSettings } from '../../core/plan';
import { and, asc, desc, eq, gt, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  FLAG_CONTEXT_AFTER,
  FLAG_CONTEXT_BEFORE,
  FLAGS_PAGE_SIZE,
  type FlagCount,
  type FlagDetail,
  type FlagList,
  type FlagListQuery,
  type FlagSummary,
  type ReviewFlagInput,
  isAlertCategory,
} from '../../../contract/flags';
import { uuid } from '../../../contract/common';
import { schema, type Db } from '../../db/client';
import { cursorTimestamp, keysetCursor, timestampText } from '../../lib/cursor';
import { publish } from '../../core/live';
import { assertMayReadTranscript, recordNotFound } from '../assignments';
import { flagScope, readerRole, refuseFlag, type FlagReader } from './flags.policy';
import { presentFlag, presentTurn, type FlagRow } from './flags.presenter';
import { schoolAdminIds, teacherSchoolOf } from './flags.school';
import { message } from '../../lib/message';

/**
 * The flags' reads and the review: the inbox (the caller's scope, newest first), its badge count,
 * one flag with the message in context, and marking it reviewed. Scope is `flagScope` in every
 * where clause; a flag out of scope reads as not found.
 */

const f = schema.safetyFlag;
const sa = schema.studentAssignment;
const a = schema.assignment;
const u = schema.user;
const m = schema.aiMessage;
const reviewer = alias(schema.user, 'reviewer');

const cursor = keysetCursor(z.object({ at: cursorTimestamp, id: uuid() }), message('flagsPageExpired'));

function flagColumns(reader: FlagReader) {
  return {
    id: f.id,
    category: f.category,
    severity: f.severity,
    reason: f.reason,
    detectedBy: f.detectedBy,
    source: f.source,
    createdAt: f.createdAt,
    reviewedAt: f.reviewedAt,
    reviewerName: reviewer.name,
    reviewNote: f.reviewNote,
    studentName: sa.name,
    assignmentId: a.id,
    assignmentTitle: a.title,
    recordId: sa.id,
    as: readerRole(reader),
    alertMailFailures: f.alertMailFailures,
    alertMailRetryAt: f.alertMailRetryAt,
  };
}

/** GET /api/flags/count: the badge's number, in one statement. */
export async function countFlags(db: Db, reader: FlagReader): Promise<FlagCount> {
  const [row] = await db
    .select({
      unreviewed: sql<number>`count(*) filter (where ${f.reviewedAt} is null)`.mapWith(Number),
      total: sql<number>`count(*)`.mapWith(Number),
    })
    .from(f)
    .innerJoin(sa, eq(sa.id, f.studentAssignmentId))
    .innerJoin(a, eq(a.id, sa.assignmentId))
    .innerJoin(u, eq(u.id, a.ownerId))
    .where(flagScope(reader));
  return { unreviewed: row?.unreviewed ?? 0, total: row?.total ?? 0 };
}

/**
 * The record's owner decides who may list its flags (as its transcript): the assigning teacher, or
 * an admin of their school now. Anyone else: 402 or the one 404, whether or not it exists.
 */
async function assertMayReadRecord(db: Db, reader: FlagReader, recordId: string, settings: PlanSettings) {
  const [found] = await db
    .select({ owner: { id: u.id, email: u.email, emailVerified: u.emailVerified, role: u.role } })
    .from(sa)
    .innerJoin(a, eq(a.id, sa.assignmentId))
    .innerJoin(u, eq(u.id, a.ownerId))
    .where(and(eq(sa.id, recordId), isNull(a.deletedAt)));
  await assertMayReadTranscript(db, reader, found?.owner, settings);
  if (!found) throw recordNotFound();
}

/** GET /api/flags: the caller's flags (or one record's), newest first, one page, with the unreviewed total. */
export async function listFlags(
  db: Db,
  reader: FlagReader,
  query: FlagListQuery,
  recordId: string | undefined,
  settings: PlanSettings,
): Promise<FlagList> {
  if (recordId) await assertMayReadRecord(db, reader, recordId, settings);
  const conditions: SQL[] = [flagScope(reader)];
  if (recordId) conditions.push(eq(sa.id, recordId));
  if (query.status === 'unreviewed') conditions.push(isNull(f.reviewedAt));
  if (query.status === 'reviewed') conditions.push(sql`${f.reviewedAt} is not null`);
  if (query.cursor) {
    const key = cursor.decode(query.cursor);
    conditions.push(sql`(${f.createdAt}, ${f.id}) < (${key.at}::timestamptz, ${key.id}::uuid)`);
  }
  const [rows, count] = await Promise.all([
    db
      .select({ ...flagColumns(reader), at: timestampText(f.createdAt) })
      .from(f)
      .innerJoin(sa, eq(sa.id, f.studentAssignmentId))
      .innerJoin(a, eq(a.id, sa.assignmentId))
      .innerJoin(u, eq(u.id, a.ownerId))
      .leftJoin(reviewer, eq(reviewer.id, f.reviewedBy))
      .where(and(...conditions))
      .orderBy(desc(f.createdAt), desc(f.id))
      .limit(FLAGS_PAGE_SIZE + 1),
    countFlags(db, reader),
  ]);
  // A teacher without Premium who never had a flag has no inbox: the same 402 as other teacher lists.
  if (!recordId && count.total === 0 && !reader.premium && !reader.adminOf) refuseFlag(reader);
  const page = rows.slice(0, FLAGS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    flags: page.map((row) => presentFlag(row as FlagRow)),
    nextCursor: rows.length > FLAGS_PAGE_SIZE && last ? cursor.encode({ at: last.at, id: last.id }) : null,
    unreviewed: count.unreviewed,
  };
}

/** One flag in the reader's scope, with the ids its context and live events need. */
async function findFlag(db: Db, reader: FlagReader, id: string) {
  const [row] = await db
    .select({
      ...flagColumns(reader),
      messageId: f.messageId,
      conversationId: sa.conversationId,
      flagConversationId: f.conversationId,
      ownerId: a.ownerId,
      teacherName: u.name,
    })
    .from(f)
    .innerJoin(sa, eq(sa.id, f.studentAssignmentId))
    .innerJoin(a, eq(a.id, sa.assignmentId))
    .innerJoin(u, eq(u.id, a.ownerId))
    .leftJoin(reviewer, eq(reviewer.id, f.reviewedBy))
    .where(and(eq(f.id, id), flagScope(reader)));
  if (!row) refuseFlag(reader);
  return row;
}

/**
 * The flagged turn and up to 3 visible turns before it and 2 after, in order. A held turn's text
 * is shown: this is the teacher's review of it. A flag whose turn is gone has no context.
 */
async function contextOf(db: Db, conversationId: string, messageId: string | null) {
  if (!messageId) return [];
  const [flagged] = await db
    .select({ id: m.id, seq: m.seq, role: m.role, text: m.text, status: m.status, createdAt: m.createdAt })
    .from(m)
    .where(and(eq(m.id, messageId), eq(m.conversationId, conversationId)));
  if (!flagged) return [];
  const visible = and(eq(m.conversationId, conversationId), ne(m.status, 'superseded'));
  const columns = { id: m.id, seq: m.seq, role: m.role, text: m.text, status: m.status, createdAt: m.createdAt };
  const [before, after] = await Promise.all([
    db
      .select(columns)
      .from(m)
      .where(and(visible, lt(m.seq, flagged.seq)))
      .orderBy(desc(m.seq))
      .limit(FLAG_CONTEXT_BEFORE),
    db
      .select(columns)
      .from(m)
      .where(and(visible, gt(m.seq, flagged.seq)))
      .orderBy(asc(m.seq))
      .limit(FLAG_CONTEXT_AFTER),
  ]);
  return [...before.reverse(), flagged, ...after].map((turn) => presentTurn(turn, flagged.id));
}

/** GET /api/flags/:id. */
export async function getFlag(db: Db, reader: FlagReader, id: string, settings: PlanSettings): Promise<FlagDetail> {
  const row = await findFlag(db, reader, id);
  const context = await contextOf(db, row.flagConversationId, row.messageId);
  // A safeguarding flag carries the school's reporting guidance (null: the page's general words).
  const reportingGuidance =
    row.category === 'safeguarding' ? ((await teacherSchoolOf(db, row.ownerId, settings))?.reportingGuidance ?? null) : null;
  return { ...presentFlag(row), teacherName: row.teacherName, context, reportingGuidance };
}

/**
 * Everyone whose inbox shows this flag: its teacher and, for self-harm and safeguarding, the admins of the
 * teacher's school (their user ids), told to refetch.
 */
export async function flagAudience(db: Db, ownerId: string, category: string, settings: PlanSettings): Promise<string[]> {
  if (!isAlertCategory(category)) return [ownerId];
  const school = await teacherSchoolOf(db, ownerId, settings);
  const admins = school ? await schoolAdminIds(db, school.id) : [];
  return [...new Set([ownerId, ...admins])];
}

/** POST /api/flags/:id/review: reviewed with the note (who and when), or back to unreviewed. */
export async function reviewFlag(
  db: Db,
  reader: FlagReader,
  id: string,
  input: ReviewFlagInput,
  settings: PlanSettings,
): Promise<FlagSummary> {
  const row = await findFlag(db, reader, id);
  const audience = await flagAudience(db, row.ownerId, row.category, settings);
  // The events go on commit, with the change they announce.
  await db.transaction(async (tx) => {
    await tx
      .update(f)
      .set({
        reviewedAt: input.reviewed ? sql`now()` : null,
        reviewedBy: input.reviewed ? reader.userId : null,
        reviewNote: input.note,
      })
      .where(eq(f.id, id));
    for (const userId of audience) await publish(tx, userId, { type: 'flags' });
  });
  const updated = await findFlag(db, reader, id);
  return presentFlag(updated);
}
