import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../../../contract/billing';
import type { Subscription } from '../../../../contract/subscription';
import type { Translate } from '../../../lib/i18n';
import en from '../../../lib/i18n/messages/en.json';
import { planWords as planWordsIn } from './PlanSummary';

const intl = createIntl({ locale: 'en', messages: en });
const t: Translate = (id, values) => intl.formatMessage({ id }, values);
const planWords = (subscription: Subscription, plan: Plan | undefined) => planWordsIn(t, subscription, plan);

const sub = (over: Partial<Subscription>): Subscription => ({
  status: 'not subscribed yet',
  current_period_end: null,
  school_name: null,
  school_id: null,
  school_domain: null,
  user_type: 'teacher',
  is_admin: false,
  teacher_building: null,
  message: null,
  ...over,
});

const plan = (over: Partial<Plan>): Plan => ({
  source: 'none',
  billingStatus: null,
  interval: null,
  periodEnd: null,
  trialEnd: null,
  cancelAtPeriodEnd: false,
  pastDue: null,
  usage: { text: { used: 0, limit: 40 }, images: { used: 0, limit: 5 }, storage: { used: 0, limit: 1 }, resetsAt: '2026-12-01T00:00:00Z' },
  limits: { free: { text: 40, images: 5, storage: 1 }, premium: { text: 2000, images: 200, storage: 2 } },
  billing: { enabled: true, prices: null, trialDays: 14, trialAvailable: true },
  actions: [],
  premiumRequest: null,
  ...over,
});

describe('the plan in plain words', () => {
  it('names the school under a school licence', () => {
    expect(planWords(sub({ status: 'active school', school_name: 'Springfield High' }), undefined)).toEqual({
      title: 'Premium through your school',
      lines: ['Your school covers you: Springfield High.'],
    });
  });

  it('gives a trial its end date', () => {
    const words = planWords(sub({ status: 'trialing' }), plan({ source: 'stripe', trialEnd: '2027-03-03T12:00:00Z' }));
    expect(words).toEqual({ title: 'Premium, free trial', lines: ['Your trial ends on March 3, 2027.'] });
  });

  it('says whether a Stripe plan (its trial too) is paid monthly or yearly (issue 39, item 20)', () => {
    const trial = plan({ source: 'stripe', interval: 'month', trialEnd: '2027-03-03T12:00:00Z' });
    expect(planWords(sub({ status: 'trialing' }), trial).lines).toEqual([
      'Your trial ends on March 3, 2027.',
      'After the trial, paid monthly through Stripe.',
    ]);
    expect(planWords(sub({ status: 'trialing' }), { ...trial, interval: 'year' }).lines).toContain(
      'After the trial, paid yearly through Stripe.',
    );
    // A trial cancelled before it ends becomes nothing; a plan whose price is unknown does not guess monthly.
    expect(planWords(sub({ status: 'trialing' }), { ...trial, cancelAtPeriodEnd: true }).lines).toEqual([
      'Your trial ends on March 3, 2027.',
    ]);
    expect(planWords(sub({ status: 'active' }), plan({ source: 'stripe', interval: null })).lines).toEqual(['Paid through Stripe.']);
  });

  it('says how a Stripe plan is paid and when it renews, but not when it is cancelled at the period end', () => {
    const paying = plan({ source: 'stripe', interval: 'year', periodEnd: '2027-01-10T12:00:00Z' });
    expect(planWords(sub({ status: 'active' }), paying).lines).toEqual(['Paid yearly through Stripe.', 'Renews on January 10, 2027.']);
    expect(planWords(sub({ status: 'active' }), { ...paying, cancelAtPeriodEnd: true }).lines).toEqual(['Paid yearly through Stripe.']);
  });

  it('says a past-due plan is overdue instead of renewing', () => {
    const pastDue = plan({
      source: 'stripe',
      interval: 'month',
      periodEnd: '2027-01-10T12:00:00Z',
      pastDue: { since: '2027-01-03T12:00:00Z', graceEndsAt: '2027-01-10T12:00:00Z' },
    });
    expect(planWords(sub({ status: 'active' }), pastDue).lines).toEqual([
      'Paid monthly through Stripe.',
      'Payment overdue: Premium holds until January 10, 2027.',
    ]);
  });

  it('says a grant has no end date, or when it ends', () => {
    expect(planWords(sub({ status: 'active' }), plan({ source: 'manual' })).lines).toEqual([
      'Granted by this installation’s support.',
      'No end date.',
    ]);
    expect(planWords(sub({ status: 'active' }), plan({ source: 'manual', periodEnd: '2027-06-30T12:00:00Z' })).lines).toContain(
      'Ends on June 30, 2027.',
    );
  });

  it('calls the free plan by its name', () => {
    expect(planWords(sub({}), plan({})).title).toBe('Free plan');
  });
});
