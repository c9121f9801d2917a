import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  SUPERDASH_PAGE_SIZE,
  USER_SEARCH_LIMIT,
  type AuditList,
  type SchoolLicence as SchoolLicenceOut,
  type ServerErrorList,
  type SupportUser,
  type SuperTotals,
  type UserSearchResult,
} from '../../../contract/superdash';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { cursorTimestamp, keysetCursor, timestampText } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { isSupportUser } from '../../core/access';
import type { SchoolLicence } from '../operator';
import { resolveSubscription, type PlanSettings } from '../../core/plan';
import { message } from '../../lib/message';

const u = schema.user;
const l = schema.schoolLicence;
const st = schema.schoolTeacher;
const ai = schema.aiUsage;
const f = schema.file;

const num = (q: SQL) => sql<number>`${q}`.mapWith(Number);
/** An address's domain, as emailDomain reads it: after the last @. */
const domainOf = (email: SQL | typeof u.email) => sql`lower(regexp_replace(${email}, '^.*@', ''))`;
/** The first instant of this calendar month (UTC). */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** AI calls that made something for someone: text and images, whatever their outcome but an error. */
const generation = sql`${ai.kind} in ('text', 'image') and ${ai.outcome} <> 'error'`;

/**
 * The installation's totals and the per-school table, each aggregated in SQL: a handful of
 * statements whatever the number of rows. The support account (`supportEmail`) is not a teacher.
 */
export async function totals(db: Db, supportEmail: string | undefined, now = new Date()): Promise<SuperTotals> {
  const month = monthStart(now);
  const notSupport = supportEmail ? sql`lower(${u.email}) <> ${supportEmail}` : sql`true`;
  const usage = (since: Date | null) =>
    db
      .select({
        // The tokens of generations, as the school dashboard counts them; the rest (the safety
        // checks of student messages, failed calls) apart, so the two pages agree (issue 39, item 19).
        inputTokens: num(sql`coalesce(sum(${ai.inputTokens}) filter (where ${generation}), 0)`),
        outputTokens: num(sql`coalesce(sum(${ai.outputTokens}) filter (where ${generation}), 0)`),
        checkTokens: num(sql`coalesce(sum(${ai.inputTokens} + ${ai.outputTokens}) filter (where ${ai.kind} = 'moderation'), 0)`),
        failedTokens: num(
          sql`coalesce(sum(${ai.inputTokens} + ${ai.outputTokens}) filter (where ${ai.kind} <> 'moderation' and not (${generation})), 0)`,
        ),
        images: num(sql`coalesce(sum(${ai.images}), 0)`),
        generations: num(sql`count(*) filter (where ${generation})`),
      })
      .from(ai)
      .where(since ? sql`${ai.createdAt} >= ${since.toISOString()}::timestamptz` : undefined);
  const [[users], [counts], [thisMonth], [allTime], perSchool] = await Promise.all([
    db
      .select({
        teachers: num(sql`count(*) filter (where ${u.role} = 'teacher' and ${notSupport})`),
        students: num(sql`count(*) filter (where ${u.role} = 'student')`),
        unverified: num(sql`count(*) filter (where not ${u.emailVerified})`),
      })
      .from(u),
    db
      .select({
        schools: num(sql`(select count(*) from ${l})`),
        bots: num(sql`(select count(*) from ${schema.bot})`),
        docBotRuns: num(sql`(select count(*) from ${schema.botRun})`),
        conversations: num(sql`(select count(*) from ${schema.conversation})`),
        storageBytes: num(sql`(select coalesce(sum(${f.size}), 0) from ${f})`),
      })
      .from(sql`(select 1) as one`),
    usage(month),
    usage(null),
    db
      .select({
        id: l.id,
        name: l.schoolname,
        domains: l.domains,
        expiration: l.expiration,
        teachersOnList: num(sql`(select count(*) from ${st} where ${st.schoolId} = ${l.id})`),
        signedUpTeachers: num(sql`(select count(*) from ${u} join ${st} on ${st.email} = ${u.email} and ${st.schoolId} = ${l.id})`),
        students: num(
          sql`(select count(*) from ${u} where ${domainOf(u.email)} = any(${l.domains}) and not (${u.email} = any(${l.admins}))
            and not exists (select 1 from ${st} where ${st.schoolId} = ${l.id} and ${st.email} = ${u.email}))`,
        ),
        generationsThisMonth: num(
          sql`(select count(*) from ${ai} where ${ai.schoolId} = ${l.id} and ${generation} and ${ai.createdAt} >= ${month.toISOString()}::timestamptz)`,
        ),
        storageBytes: num(
          sql`(select coalesce(sum(${f.size}), 0) from ${f} join ${u} on ${u.id} = ${f.ownerId} where ${domainOf(u.email)} = any(${l.domains}))`,
        ),
      })
      .from(l)
      .orderBy(l.schoolname, l.id),
  ]);
  return {
    users: users!,
    schools: counts!.schools,
    bots: counts!.bots,
    docBotRuns: counts!.docBotRuns,
    conversations: counts!.conversations,
    usage: { thisMonth: thisMonth!, allTime: allTime! },
    storageBytes: counts!.storageBytes,
    perSchool,
  };
}

/** Every school licence, by name, with the length of its teachers list. */
export async function listSchools(db: Db): Promise<SchoolLicenceOut[]> {
  const rows = await db
    .select({ licence: l, teachersOnList: num(sql`(select count(*) from ${st} where ${st.schoolId} = ${l.id})`) })
    .from(l)
    .orderBy(l.schoolname, l.id);
  return rows.map((r) => presentSchool(r.licence, r.teachersOnList));
}

export function presentSchool(licence: SchoolLicence, teachersOnList: number): SchoolLicenceOut {
  return {
    id: licence.id,
    name: licence.schoolname,
    domains: licence.domains,
    admins: licence.admins,
    expiration: licence.expiration,
    logoUrl: licence.logoUrl,
    teachersOnList,
    createdAt: licence.createdAt.toISOString(),
    updatedAt: licence.updatedAt.toISOString(),
  };
}

export async function teachersOnList(db: Db, schoolId: string): Promise<number> {
  const [row] = await db
    .select({ n: num(sql`count(*)`) })
    .from(st)
    .where(eq(st.schoolId, schoolId));
  return row?.n ?? 0;
}

/** The account with this id, or 404 (an id that is no account reads the same as a missing one). */
export async function findUserById(db: Db, id: string) {
  const missing = () => new AppError('not_found', 404, message('accountNotFound'));
  // Account ids are letters, digits, _ and -: anything else (a NUL byte PostgreSQL refuses) is no account.
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(id)) throw missing();
  const [user] = await db.select().from(u).where(eq(u.id, id));
  if (!user) throw missing();
  return user;
}

type UserRow = typeof schema.user.$inferSelect;

/** One account as superDash shows it: never a password or a session. */
export async function presentUser(db: Db, user: UserRow, settings: PlanSettings, now = new Date()): Promise<SupportUser> {
  const [plan, [grant]] = await Promise.all([
    resolveSubscription(db, { user, settings, now }),
    db
      .select({ status: schema.customerSubscription.status, until: schema.customerSubscription.currentPeriodEnd })
      .from(schema.customerSubscription)
      .where(and(eq(schema.customerSubscription.userId, user.id), eq(schema.customerSubscription.provider, 'manual')))
      .limit(1),
  ]);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    verified: user.emailVerified,
    plan,
    grant: grant ? { status: grant.status, until: grant.until ? grant.until.toISOString() : null } : null,
    isSupport: isSupportUser(user, settings.supportEmail),
    lastSignInAt: user.lastSignInAt ? user.lastSignInAt.toISOString() : null,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * Accounts whose address is the text typed or starts with it (lower-cased; LIKE's wildcards are
 * taken literally), the exact match first, then by address; at most USER_SEARCH_LIMIT.
 */
export async function searchUsers(db: Db, email: string, settings: PlanSettings): Promise<UserSearchResult> {
  const typed = email.trim().toLowerCase();
  const rows = await db
    .select()
    .from(u)
    .where(sql`left(${u.email}, ${typed.length}) = ${typed}`)
    .orderBy(sql`${u.email} = ${typed} desc`, u.email)
    .limit(USER_SEARCH_LIMIT + 1);
  const now = new Date();
  const users = await Promise.all(rows.slice(0, USER_SEARCH_LIMIT).map((row) => presentUser(db, row, settings, now)));
  return { users, more: rows.length > USER_SEARCH_LIMIT };
}

const uuidText = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
const errorsCursor = keysetCursor(z.object({ at: cursorTimestamp, id: uuidText }), message('errorsPageExpired'));
const auditCursor = keysetCursor(z.object({ at: cursorTimestamp, id: uuidText }), message('auditPageExpired'));

/** Recent server errors, newest first; `requestId` finds one request's (exact). */
export async function listServerErrors(db: Db, query: { before?: string; requestId?: string }): Promise<ServerErrorList> {
  const e = schema.serverError;
  const conditions: SQL[] = [];
  if (query.requestId) conditions.push(eq(e.requestId, query.requestId));
  if (query.before) {
    const key = errorsCursor.decode(query.before);
    conditions.push(sql`(${e.at}, ${e.id}) < (${key.at}::timestamptz, ${key.id}::uuid)`);
  }
  const rows = await db
    .select({ id: e.id, at: timestampText(e.at), requestId: e.requestId, method: e.method, route: e.route, status: e.status, code: e.code })
    .from(e)
    .where(and(...conditions))
    .orderBy(desc(e.at), desc(e.id))
    .limit(SUPERDASH_PAGE_SIZE + 1);
  const page = rows.slice(0, SUPERDASH_PAGE_SIZE);
  const last = page.at(-1);
  return {
    errors: page,
    nextCursor: rows.length > SUPERDASH_PAGE_SIZE && last ? errorsCursor.encode({ at: last.at, id: last.id }) : null,
  };
}

const actor = alias(schema.user, 'actor');

/**
 * The audit log, newest first, by action and by the subject's address (both exact). An entry's
 * actor reads as written (an address, "command line", a Stripe event id); an entry written with
 * the acting account only (older premium requests) reads as that account's address.
 */
export async function listAudit(db: Db, query: { before?: string; action?: string; email?: string }): Promise<AuditList> {
  const a = schema.auditLog;
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(a.action, query.action));
  if (query.email) {
    conditions.push(inArray(a.subjectUserId, db.select({ id: u.id }).from(u).where(eq(u.email, query.email.toLowerCase()))));
  }
  if (query.before) {
    const key = auditCursor.decode(query.before);
    conditions.push(sql`(${a.at}, ${a.id}) < (${key.at}::timestamptz, ${key.id}::uuid)`);
  }
  const rows = await db
    .select({
      id: a.id,
      at: timestampText(a.at),
      actorKind: a.actorKind,
      actorLabel: sql<string | null>`coalesce(${a.actorLabel}, ${actor.email})`,
      action: a.action,
      subjectEmail: u.email,
      entity: a.entity,
      entityId: a.entityId,
      before: a.before,
      after: a.after,
    })
    .from(a)
    .leftJoin(u, eq(u.id, a.subjectUserId))
    .leftJoin(actor, eq(actor.id, a.actorUserId))
    .where(and(...conditions))
    .orderBy(desc(a.at), desc(a.id))
    .limit(SUPERDASH_PAGE_SIZE + 1);
  const page = rows.slice(0, SUPERDASH_PAGE_SIZE);
  const last = page.at(-1);
  return {
    entries: page,
    nextCursor: rows.length > SUPERDASH_PAGE_SIZE && last ? auditCursor.encode({ at: last.at, id: last.id }) : null,
  };
}
