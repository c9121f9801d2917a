import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Plan } from '../../../../contract/billing';
import type { Subscription } from '../../../../contract/subscription';
import { strings } from '../../../lib/strings';
import { formatDate } from './format';

const s = strings.mySubscription;

/** The plan in plain words: its name, then what pays for it and when it ends or renews. */
export function planWords(subscription: Subscription, plan: Plan | undefined): { title: string; lines: string[] } {
  switch (subscription.status) {
    case 'active school':
      return { title: s.plain.school, lines: [subscription.school_name ? s.schoolCovers(subscription.school_name) : s.schoolCoversNoName] };
    case 'trialing': {
      const end = plan?.trialEnd ?? plan?.periodEnd ?? subscription.current_period_end;
      return { title: s.plain.trial, lines: end ? [s.trialEnds(formatDate(end))] : [] };
    }
    case 'active': {
      if (plan?.source === 'support') return { title: s.plain.support, lines: [] };
      const lines: string[] = [];
      if (plan?.source === 'stripe') lines.push(plan.interval === 'year' ? s.paidYearly : s.paidMonthly);
      if (plan?.source === 'manual') lines.push(s.granted);
      const end = plan?.periodEnd ?? subscription.current_period_end;
      // A failed payment does not renew; a plan cancelled at its period's end says so in its own notice.
      if (plan?.pastDue) lines.push(s.paymentOverdue(formatDate(plan.pastDue.graceEndsAt)));
      else if (end && !plan?.cancelAtPeriodEnd)
        lines.push(plan?.source === 'stripe' ? s.renews(formatDate(end)) : s.endsOn(formatDate(end)));
      else if (!end && plan?.source === 'manual') lines.push(s.openEnded);
      return { title: s.plain.premium, lines };
    }
    case 'not subscribed yet':
      return { title: s.plain.free, lines: [s.freeBody] };
    case 'error':
      return { title: s.plain.error, lines: subscription.message ? [subscription.message] : [] };
    default:
      return { title: s.plain.signedOut, lines: [] };
  }
}

/** The plan card: the seed's status (kept for the lapsed-work spec), the plan in plain words, its dates. */
export function PlanSummary({ subscription, plan }: { subscription: Subscription; plan: Plan | undefined }) {
  const words = planWords(subscription, plan);
  const endsAt = plan?.cancelAtPeriodEnd ? (plan.periodEnd ?? plan.trialEnd) : null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="plan-heading" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary" component="p" data-testid="subscription-status">
        {strings.subscriptionStatus.label(subscription.status)}
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
          {s.cancelAtPeriodEnd(formatDate(endsAt))}
        </Alert>
      )}
    </Paper>
  );
}
