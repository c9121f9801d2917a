import { and, eq, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import type { AppDeps } from '../../core/context';
import { AppError } from '../../lib/errors';
import { logWarning } from '../../lib/log';
import { LTI_ROSTER_SYNC_MINUTES } from '../../../contract/lti';
import { recordAudit } from '../../core/audit';
import { findOrMakeAccount, putOnRoster, type LaunchAccount, type Platform } from './lti.accounts';
import { NRPS_SCOPE, PlatformCallError, platformCall, readAs, withServiceToken } from './lti.services';

const r = schema.rosterEntry;
const LEARNER = /(^|#)Learner$/;
/** Pages of a course's member list read at most (the platforms' pages hold 50 to 1,000 members). */
const MAX_PAGES = 40;

const member = z.object({
  user_id: z.string().min(1).max(255),
  status: z.string().optional(),
  name: z.string().max(1_000).optional(),
  given_name: z.string().max(1_000).optional(),
  family_name: z.string().max(1_000).optional(),
  email: z.string().max(254).optional(),
  roles: z.array(z.string()).default([]),
});
const membership = z.object({ members: z.array(member) });
type Member = z.infer<typeof member>;

const nextLink = (header: string | null) => /<([^>]+)>\s*;\s*rel="?next"?/i.exec(header ?? '')?.[1];

/** Every member of the course, following the platform's `Link: rel="next"` pages (one token for them all). */
async function readMembers(db: Db, platform: Platform, url: string): Promise<Member[]> {
  return withServiceToken(db, platform, [NRPS_SCOPE], async (token) => {
    const members: Member[] = [];
    let next: string | undefined = url;
    for (let page = 0; next && page < MAX_PAGES; page++) {
      const res = await platformCall(next, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json' },
      });
      members.push(...(await readAs(res, membership)).members);
      const link = nextLink(res.headers.get('link'));
      // A next page only on the platform's own host.
      next =
        link && URL.canParse(link, next) && new URL(link, next).origin === new URL(url).origin ? new URL(link, next).toString() : undefined;
    }
    return members;
  });
}

/** A teacher's launch reads the list again unless a read began this many seconds ago (a double click, two tabs). */
export const TEACHER_SYNC_SECONDS = 5;

/**
 * Claims the course's next member-list read, in the database so that it holds across processes: at
 * most one read per course in LTI_ROSTER_SYNC_MINUTES (TEACHER_SYNC_SECONDS for a teacher's launch,
 * who may just have changed the course). Answers the claim's time, or undefined when another launch
 * has it (or the course has no member list).
 */
export async function claimMemberRead(
  db: Db,
  platformId: string,
  contextId: string,
  role: 'teacher' | 'student',
): Promise<Date | undefined> {
  const c = schema.ltiContext;
  const window =
    role === 'teacher'
      ? sql`interval '${sql.raw(String(TEACHER_SYNC_SECONDS))} seconds'`
      : sql`interval '${sql.raw(String(LTI_ROSTER_SYNC_MINUTES))} minutes'`;
  const [claimed] = await db
    .update(c)
    .set({ membersClaimedAt: sql`now()` })
    .where(
      and(
        eq(c.platformId, platformId),
        eq(c.contextId, contextId),
        isNotNull(c.membershipsUrl),
        or(isNull(c.membersClaimedAt), lt(c.membersClaimedAt, sql`now() - ${window}`)),
      ),
    )
    .returning({ at: c.membersClaimedAt });
  return claimed?.at ?? undefined;
}

/**
 * Beside a launch, never in its way: claims the course's member-list read and, when this launch has
 * it, reads and applies the list. Never throws; a failure is logged by its kind (an HTTP status, a
 * timeout), and the next claim after the window tries again.
 */
export function syncMembersBeside(
  deps: AppDeps,
  platform: Platform,
  contextId: string,
  launching: LaunchAccount,
  role: 'teacher' | 'student',
): Promise<void> {
  return (async () => {
    const claimedAt = await claimMemberRead(deps.database.db, platform.id, contextId, role);
    if (claimedAt) await syncCourseMembers(deps, platform, contextId, launching, claimedAt);
  })().catch((err: unknown) =>
    logWarning(
      null,
      `lti: the course's members could not be read (${err instanceof PlatformCallError ? err.kind : 'error'})`,
      err instanceof PlatformCallError ? undefined : err,
    ),
  );
}

/**
 * Keeps a course's class in step with the course's member list (Names and Role Provisioning), beside
 * a launch from it (syncMembersBeside): active learners get an account (linked by their platform user id, as a launch
 * would) and a roster entry; entries the course put on whose student left it are taken off. Entries
 * the teacher added by hand are left alone. Answers what changed; undefined when the course has no
 * member list address.
 */
export async function syncCourseMembers(
  deps: AppDeps,
  platform: Platform,
  contextId: string,
  launching: LaunchAccount,
  readStartedAt = new Date(),
): Promise<{ added: number; removed: number } | undefined> {
  const { db } = deps.database;
  const c = schema.ltiContext;
  const [course] = await db
    .select({ classId: c.classId, url: c.membershipsUrl })
    .from(c)
    .where(and(eq(c.platformId, platform.id), eq(c.contextId, contextId)));
  if (!course?.url) return undefined;
  const learners = (await readMembers(db, platform, course.url)).filter(
    (m) => (m.status ?? 'Active') === 'Active' && m.roles.some((role) => LEARNER.test(role)),
  );
  return db.transaction(async (tx) => {
    const accounts: LaunchAccount[] = [];
    for (const m of learners) {
      const name = m.name || [m.given_name, m.family_name].filter(Boolean).join(' ');
      try {
        // A member list's addresses count only when the platform's are the school's own (managedAddresses).
        accounts.push(await findOrMakeAccount(tx, platform, { sub: m.user_id, name, email: m.email }, 'student'));
      } catch (err) {
        // A course's learner whose account is a teacher's stays off the roster.
        if (err instanceof AppError && err.code === 'lti_role_mismatch') continue;
        throw err;
      }
    }
    const added = [];
    for (const account of accounts) {
      const entry = await putOnRoster(tx, course.classId, account);
      if (entry) added.push(entry);
    }
    await deps.hooks.rosterEntriesAdded(tx, course.classId, added);
    // The person launching is in the course now, whatever an older copy of the list says.
    const keep = [...accounts.map((a) => a.id), launching.id];
    const gone = await tx
      .update(r)
      .set({ removedAt: new Date() })
      .where(
        and(
          eq(r.classId, course.classId),
          eq(r.source, 'lti'),
          isNull(r.removedAt),
          notInArray(r.userId, keep),
          // Someone put on while the list was on its way (their own launch) is not judged by it.
          lt(r.addedAt, readStartedAt),
        ),
      )
      .returning({ id: r.id });
    if (added.length || gone.length) {
      await tx.update(schema.teacherClass).set({ updatedAt: new Date() }).where(eq(schema.teacherClass.id, course.classId));
      await recordAudit(tx, {
        actorKind: 'system',
        actorLabel: 'LTI roster sync',
        action: 'lti_course.sync',
        entity: 'teacher_class',
        entityId: course.classId,
        after: { platformId: platform.id, contextId, added: added.length, removed: gone.length },
      });
    }
    return { added: added.length, removed: gone.length };
  });
}
