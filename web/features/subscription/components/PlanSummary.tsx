import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Plan } from '../../../../contract/billing';
import type { Subscription } from '../../../../contract/subscription';
import { useT, type Translate } from '../../../lib/i18n';
import { formatDate } from './format';

/** The plan in plain words: its name, then what pays for it and when it ends or renews. */
export function planWords(t: Translate, subscription: Subscription, plan: Plan | undefined): { title: string; lines: string[] } {
  switch (subscription.status) {
    case 'active school':
      return {
        title: t('subscription.plain.school'),
        lines: [
          subscription.school_name
            ? t('subscription.schoolCovers', { school: subscription.school_name })
            : t('subscription.schoolCoversNoName'),
        ],
      };
    case 'trialing': {
      const end = plan?.trialEnd ?? plan?.periodEnd ?? subscription.current_period_end;
      const lines = end ? [t('subscription.trialEnds', { date: formatDate(end) })] : [];
      // A Stripe trial runs on the price chosen at checkout: say what it becomes.
      if (plan?.source === 'stripe' && plan.interval && !plan.cancelAtPeriodEnd)
        lines.push(plan.interval === 'year' ? t('subscription.thenYearly') : t('subscription.thenMonthly'));
      return { title: t('subscription.plain.trial'), lines };
    }
    case 'active': {
      if (plan?.source === 'support') return { title: t('subscription.plain.support'), lines: [] };
      const lines: string[] = [];
      if (plan?.source === 'stripe')
        lines.push(
          plan.interval === 'year'
            ? t('subscription.paidYearly')
            : plan.interval === 'month'
              ? t('subscription.paidMonthly')
              : t('subscription.paidStripe'),
        );
      if (plan?.source === 'manual') lines.push(t('subscription.granted'));
      const end = plan?.periodEnd ?? subscription.current_period_end;
      // A failed payment does not renew; a plan cancelled at its period's end says so in its own notice.
      if (plan?.pastDue) lines.push(t('subscription.paymentOverdue', { date: formatDate(plan.pastDue.graceEndsAt) }));
      else if (end && !plan?.cancelAtPeriodEnd)
        lines.push(
          plan?.source === 'stripe'
            ? t('subscription.renews', { date: formatDate(end) })
            : t('subscription.endsOn', { date: formatDate(end) }),
        );
      else if (!end && plan?.source === 'manual') lines.push(t('subscription.openEnded'));
      return { title: t('subscription.plain.premium'), lines };
    }
    case 'not subscribed yet':
      return { title: t('subscription.plain.free'), lines: [t('subscription.freeBody')] };
    case 'error':
      return { title: t('subscription.plain.error'), lines: subscription.message ? [subscription.message] : [] };
    default:
      return { title: t('subscription.plain.signedOut'), lines: [] };
  }
}

/** The plan card: the seed's status (kept for the lapsed-work spec), the plan in plain words, its dates. */
export function PlanSummary({ subscription, plan }: { subscription: Subscription; plan: Plan | undefined }) {
  const t = useT();
  const words = planWords(t, subscription, plan);
  const endsAt = plan?.cancelAtPeriodEnd ? (plan.periodEnd ?? plan.trialEnd) : null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="plan-heading" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary" component="p" data-testid="subscription-status">
        {t('subscription.status.label', { plan: subscription.status.replaceAll(' ', '_') })}
      </Typography>
      <Typography variant="h5" component="h2" id="plan-heading" sx={{ overflowWrap: 'anywhere' }}>
        {words.title}
      </Typography>
      <Stack spacing={0.5} sx={{ mt: 1 }}>
        {words.lines.map((line) => (
          <Typography key={line} color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        ))}
      </Stack>
      {endsAt && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="cancel-at-period-end">
          {t('subscription.cancelAtPeriodEnd', { date: formatDate(endsAt) })}
        </Alert>
      )}
    </Paper>
  );
}
