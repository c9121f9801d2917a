import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Plan, PlanAction, PlanSource, RequestPremiumResult } from '../../../contract/billing';
import { isPremium, type Subscription } from '../../../contract/subscription';
import { schema } from '../../db/client';
import { conflict } from '../../lib/errors';
import { logError } from '../../lib/log';
import type { AppDeps, SessionUser } from '../../core/context';
import { recordAudit } from '../../core/audit';
import { listPrices, trialAvailable } from '../billing';
import { quotaFor, usedBytes } from '../files';
import { monthUsage, monthWindow } from '../usage';
import { openTicketIn } from '../tickets';
import { graceEndOf, premiumStatusOf } from '../../core/plan';
import { message } from '../../lib/message';

type Row = typeof schema.customerSubscription.$inferSelect;

/** Stripe statuses after which the subscription is over: a new Checkout may start. */
const ENDED_STRIPE = ['canceled', 'incomplete_expired'];

/** A licence's expiration day as the instant it ends (it holds through that day, UTC). */
const endOfDay = (day: string) => `${day}T23:59:59.999Z`;

/**
 * The signed-in teacher's plan for My Subscription: where it comes from, the Stripe row's state,
 * this month's use against the plan's limits and the actions that fit (docs/product/roles-and-plans.md#plans-and-limits, issue 17).
 * `sub` is the caller's resolved Subscription, so the page and every permission check agree.
 */
export async function planOf(deps: AppDeps, user: SessionUser, sub: Subscription, now = new Date()): Promise<Plan> {
  const { config } = deps;
  const db = deps.database.db;
  const graceDays = config.billing.pastDueGraceDays;
  const rows = await db
    .select()
    .from(schema.customerSubscription)
    .where(eq(schema.customerSubscription.userId, user.id))
    .orderBy(schema.customerSubscription.createdAt);
  const granting = rows.find((r) => premiumStatusOf(r, now, graceDays) !== null);
  // The Stripe subscription shown: the one giving premium, else the latest one (canceled, past its grace, ...).
  const stripeRow =
    granting?.provider === 'stripe'
      ? granting
      : rows.filter((r) => r.provider === 'stripe').sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
  const school = sub.status === 'active school';
  const premium = isPremium(sub.status);
  const source: PlanSource = school ? 'school' : granting ? granting.provider : premium ? 'support' : 'none';
  const shown: Row | undefined = school ? undefined : (granting ?? stripeRow);

  const [used, storage, customer, prices, trial] = await Promise.all([
    monthUsage(db, user.id, now),
    usedBytes(db, user.id),
    db
      .select({ id: schema.billingCustomer.stripeCustomerId })
      .from(schema.billingCustomer)
      .where(eq(schema.billingCustomer.userId, user.id))
      .then((r) => r[0]),
    config.billing.stripe ? listPrices(deps) : Promise.resolve(null),
    trialAvailable(db, user.id),
  ]);
  const quotas = premium ? config.ai.quotas.premium : config.ai.quotas.free;

  const actions: PlanAction[] = [];
  if (!school) {
    if (config.billing.stripe) {
      const live = rows.some((r) => r.provider === 'stripe' && !ENDED_STRIPE.includes(r.status));
      if (!live) actions.push(trial ? 'start_trial' : 'get_premium');
      if (customer) actions.push('manage_billing');
    } else if (!premium) actions.push('request_premium');
  }

  const pastDue = stripeRow?.status === 'past_due' ? stripeRow : undefined;
  const premiumRequest = actions.includes('request_premium') ? await pendingPremiumRequest(deps, user.id) : null;
  return {
    source,
    billingStatus: stripeRow?.status ?? null,
    interval: stripeRow?.interval ?? null,
    periodEnd: school ? sub.current_period_end && endOfDay(sub.current_period_end) : (shown?.currentPeriodEnd?.toISOString() ?? null),
    trialEnd:
      (shown?.provider === 'stripe' ? shown.trialEnd : shown?.status === 'trialing' ? shown.currentPeriodEnd : null)?.toISOString() ?? null,
    cancelAtPeriodEnd: shown?.provider === 'stripe' ? shown.cancelAtPeriodEnd : false,
    pastDue: pastDue
      ? { since: (pastDue.pastDueSince ?? pastDue.updatedAt).toISOString(), graceEndsAt: graceEndOf(pastDue, graceDays).toISOString() }
      : null,
    usage: {
      text: { used: used.text, limit: quotas.text },
      images: { used: used.images, limit: quotas.images },
      storage: { used: storage, limit: quotaFor(config, sub) },
      resetsAt: monthWindow(now).resetsAt.toISOString(),
    },
    limits: {
      free: { ...config.ai.quotas.free, storage: config.files.quotaFreeBytes },
      premium: { ...config.ai.quotas.premium, storage: config.files.quotaPremiumBytes },
    },
    billing: {
      enabled: Boolean(config.billing.stripe),
      prices,
      trialDays: config.billing.trialDays,
      trialAvailable: trial,
    },
    actions,
    premiumRequest,
  };
}

/** The teacher's latest premium request whose ticket is still open (support has not closed it). */
async function pendingPremiumRequest(deps: AppDeps, userId: string): Promise<Plan['premiumRequest']> {
  const t = schema.supportTicket;
  const [open] = await deps.database.db
    .select({ id: t.id, createdAt: t.createdAt })
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.category, 'premium'), eq(t.status, 'open')))
    .orderBy(desc(t.createdAt))
    .limit(1);
  return open ? { at: open.createdAt.toISOString(), ticketId: open.id } : null;
}

/**
 * A teacher without premium asks this installation's support for it: an audit entry and a support
 * ticket (category 'premium', followed at /contact-support), in one transaction, and an e-mail to
 * SUPPORT_EMAIL when it is set. Once a day per teacher (UTC): a second request that day sends
 * nothing and answers with that day's ticket. The teacher's address and message go in the mail and
 * the ticket only, never in a log.
 */
export async function requestPremium(
  deps: AppDeps,
  user: SessionUser,
  sub: Subscription,
  note: string | undefined,
  now = new Date(),
): Promise<RequestPremiumResult> {
  if (isPremium(sub.status)) throw conflict(message('premiumAlready'));
  const db = deps.database.db;
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  // The day's ticket key: a second request that day finds the same ticket.
  const ticketKey = `premium-request:${dayStart.toISOString().slice(0, 10)}`;
  const recorded = await db.transaction(async (tx) => {
    // One request at a time per teacher, so two clicks at once make one request.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`premium.request:${user.id}`}))`);
    const [earlier] = await tx
      .select({ id: schema.auditLog.id })
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.subjectUserId, user.id), eq(schema.auditLog.action, 'premium.request'), gte(schema.auditLog.at, dayStart)),
      )
      .orderBy(desc(schema.auditLog.at))
      .limit(1);
    if (earlier) {
      const [today] = await tx
        .select({ id: schema.supportTicket.id })
        .from(schema.supportTicket)
        .where(and(eq(schema.supportTicket.userId, user.id), eq(schema.supportTicket.idempotencyKey, ticketKey)));
      return { sent: false as const, ticketId: today?.id ?? null };
    }
    await recordAudit(tx, {
      actorKind: 'user',
      actorUserId: user.id,
      actorLabel: user.email,
      action: 'premium.request',
      subjectUserId: user.id,
    });
    const { ticket } = await openTicketIn(tx, user, {
      category: 'premium',
      subject: PREMIUM_TICKET_SUBJECT,
      message: note || PREMIUM_TICKET_NO_MESSAGE,
      idempotencyKey: ticketKey,
    });
    return { sent: true as const, ticketId: ticket.id };
  });
  if (!recorded.sent) return { alreadyRequested: true, ticketId: recorded.ticketId };
  const to = deps.config.supportEmail;
  if (to) {
    await deps.mailer.send({ to, ...premiumRequestMail(deps.config.baseUrl, user, note, recorded.ticketId) }).catch((err: unknown) => {
      logError(null, `premium request of user ${user.id}: the e-mail to support failed`, err);
    });
  }
  return { alreadyRequested: false, ticketId: recorded.ticketId };
}

const PREMIUM_TICKET_SUBJECT = 'Premium request';
const PREMIUM_TICKET_NO_MESSAGE = 'I would like Premium. (No message.)';

function premiumRequestMail(baseUrl: string, user: SessionUser, message: string | undefined, ticketId: string) {
  const lines = [
    `${user.name || user.email} (${user.email}) asks for Premium at ${baseUrl}.`,
    '',
    message ? `Their message:\n${message}` : 'They left no message.',
    '',
    `Grant it from the command line: classbots subscription:grant --email ${user.email} --status active [--until YYYY-MM-DD]`,
    `Answer the teacher on the ticket: ${baseUrl}/supportTickets?ticket=${ticketId}`,
  ];
  return { subject: 'ClassBots: a teacher asks for Premium', text: `${lines.join('\n')}\n` };
}
