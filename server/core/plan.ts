import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Subscription, UserType } from '../../contract/subscription';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { schema } from '../db/client';
import { logError } from '../lib/log';
import { planMemo } from './plan-changes';

/**
 * What resolving a plan reads from the config: the support account and the past-due grace. Pass
 * the app's config (it fits); there is no default, so no caller can forget the grace days.
 */
export interface PlanSettings {
  supportEmail: Config['supportEmail'];
  billing: Pick<Config['billing'], 'pastDueGraceDays'>;
}

export interface ResolveInput {
  /** The signed-in user; null when nobody is signed in. */
  user: { id: string; email: string; emailVerified: boolean; role: 'teacher' | 'student' } | null;
  settings: PlanSettings;
  now?: Date;
}

const DAY_MS = 86_400_000;

/** A customer_subscription row as far as deciding premium goes. */
export type SubscriptionRow = Pick<
  typeof schema.customerSubscription.$inferSelect,
  'status' | 'provider' | 'currentPeriodEnd' | 'pastDueSince' | 'updatedAt'
>;

/** The statuses a row may grant premium with; every other status (canceled, unpaid, incomplete, ...) ends it. */
const PREMIUM_STATUSES = ['trialing', 'active', 'past_due'];

/** When a past_due Stripe row's grace ends: grace days after it became past_due. */
export function graceEndOf(row: Pick<SubscriptionRow, 'pastDueSince' | 'updatedAt'>, graceDays: number): Date {
  return new Date((row.pastDueSince ?? row.updatedAt).getTime() + graceDays * DAY_MS);
}

/**
 * The Subscription status a row gives at `now`, or null when it gives none (the mapping table in
 * docs/decisions/031-premium-status-grace-and-grants.md). A grant holds through its period end;
 * a Stripe row is honoured `graceDays` past its period end (a late renewal webhook must not drop a
 * paying teacher), and past_due holds for `graceDays` after it began.
 */
export function premiumStatusOf(row: SubscriptionRow, now: Date, graceDays: number): 'active' | 'trialing' | null {
  const grace = row.provider === 'stripe' ? graceDays * DAY_MS : 0;
  if (row.currentPeriodEnd && row.currentPeriodEnd.getTime() + grace <= now.getTime()) return null;
  if (row.status === 'trialing') return 'trialing';
  if (row.status === 'active') return 'active';
  if (row.status === 'past_due' && row.provider === 'stripe' && now < graceEndOf(row, graceDays)) return 'active';
  return null;
}

const empty = (status: Subscription['status'], userType: UserType): Subscription => ({
  status,
  current_period_end: null,
  school_name: null,
  school_id: null,
  school_domain: null,
  user_type: userType,
  is_admin: false,
  teacher_building: null,
  message: null,
});

/** The part of an e-mail address after the last @, lower-case. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** Today's date in UTC as YYYY-MM-DD: a licence is valid through its expiration day. */
function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Whether a licence has expired at `now` (it is valid through its expiration day, UTC). */
export function licenceExpired(licence: { expiration: string | null }, now: Date = new Date()): boolean {
  return licence.expiration !== null && licence.expiration < isoDay(now);
}

/**
 * The licence whose domains include this address's domain (expired or not), with this address's
 * teachers-list entry when there is one: one query, since this runs on every permission check.
 */
export async function findLicenceForEmail(db: Db, email: string) {
  const domain = emailDomain(email);
  const rows = await db
    // Flat columns: drizzle nulls a nested left-joined object when one of its fields is null.
    .select({ licence: schema.schoolLicence, teacherId: schema.schoolTeacher.id, teacherBuilding: schema.schoolTeacher.building })
    .from(schema.schoolLicence)
    .leftJoin(
      schema.schoolTeacher,
      and(eq(schema.schoolTeacher.schoolId, schema.schoolLicence.id), eq(schema.schoolTeacher.email, email.toLowerCase())),
    )
    .where(sql`${domain} = any(${schema.schoolLicence.domains})`)
    .orderBy(asc(schema.schoolLicence.createdAt))
    .limit(1);
  const row = rows[0];
  return row ? { ...row.licence, teacher: row.teacherId ? { building: row.teacherBuilding } : null } : undefined;
}

/**
 * Resolves a user's subscription in the order and by the rules of docs/product/roles-and-plans.md
 * (resolution order, who is who): only a verified address matches a school; an expired licence does not match (but its
 * admins keep the school fields and is_admin); the support account is active when nothing else
 * applies. Any failure gives status `error` with a message.
 */
export async function resolveSubscription(db: Db, input: ResolveInput): Promise<Subscription> {
  const { user } = input;
  const { supportEmail } = input.settings;
  if (!user) return empty('not authenticated', 'student');
  const now = input.now ?? new Date();
  const email = user.email.toLowerCase();
  try {
    let expiredAdminSchool: Pick<Subscription, 'school_name' | 'school_id' | 'school_domain' | 'is_admin'> | null = null;
    if (user.emailVerified) {
      const licence = await findLicenceForEmail(db, email);
      if (licence) {
        const isAdmin = licence.admins.includes(email);
        const expired = licenceExpired(licence, now);
        if (!expired) {
          const { teacher } = licence;
          // docs/product/roles-and-plans.md: an admin is staff, a teacher of the school even off the teachers list (no building).
          return {
            status: 'active school',
            current_period_end: licence.expiration,
            school_name: licence.schoolname,
            school_id: licence.id,
            school_domain: licence.domain,
            user_type: teacher || isAdmin ? 'teacher' : 'student',
            is_admin: isAdmin,
            teacher_building: teacher?.building ?? null,
            message: null,
          };
        }
        if (isAdmin) {
          expiredAdminSchool = {
            school_name: licence.schoolname,
            school_id: licence.id,
            school_domain: licence.domain,
            is_admin: true,
          };
        }
      }
    }
    const c = schema.customerSubscription;
    const rows = await db
      .select({
        status: c.status,
        provider: c.provider,
        currentPeriodEnd: c.currentPeriodEnd,
        pastDueSince: c.pastDueSince,
        updatedAt: c.updatedAt,
      })
      .from(c)
      .where(and(eq(c.userId, user.id), inArray(c.status, PREMIUM_STATUSES)))
      .orderBy(asc(c.createdAt));
    const base = { ...empty('not subscribed yet', user.role), ...expiredAdminSchool };
    for (const row of rows) {
      const status = premiumStatusOf(row, now, input.settings.billing.pastDueGraceDays);
      if (status) return { ...base, status, current_period_end: row.currentPeriodEnd ? row.currentPeriodEnd.toISOString() : null };
    }
    if (supportEmail && user.emailVerified && email === supportEmail) return { ...base, status: 'active' };
    return base;
  } catch (err) {
    logError(null, `subscription: resolving user ${user.id} failed`, err);
    return {
      ...empty('error', user.role),
      // The text is the request's to say (subscription.routes formats subscriptionUnchecked).
      message: null,
    };
  }
}

const rememberedPlan = planMemo<Subscription>(60_000);

/**
 * resolveSubscription for the hot paths (every teacher AI call checks the caller's plan):
 * remembered per process and user until a plan change is heard (server/core/plan-changes.ts) or a
 * minute passes, as the quota pool is; a failed resolution is not remembered.
 */
export function rememberedSubscription(db: Db, input: ResolveInput): Promise<Subscription> {
  const { user } = input;
  if (!user || input.now) return resolveSubscription(db, input);
  const variant = `${user.email}\n${String(user.emailVerified)}\n${user.role}`;
  return rememberedPlan(
    db,
    user.id,
    variant,
    () => resolveSubscription(db, input),
    (sub) => sub.status !== 'error',
  );
}
