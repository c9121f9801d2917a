import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useAppState } from '../../../lib/app-state/AppState';
import { useT } from '../../../lib/i18n';
import { useOpenPortal } from '../api/openPortal';
import { usePlan } from '../api/getPlan';
import { formatDate } from './format';

/**
 * Under the top bar on every teacher page while a Stripe payment has failed: premium holds until
 * the grace period ends. The plan is asked for only when the subscription is `active` (past_due
 * inside its grace resolves as active), so free, school and trial teachers cost nothing.
 */
export function PastDueBanner() {
  const t = useT();
  const { subscription } = useAppState();
  const plan = usePlan(subscription?.user_type === 'teacher' && subscription.status === 'active');
  const portal = useOpenPortal();
  const pastDue = plan.data?.pastDue;
  if (!pastDue) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="past-due-banner">
      {t('subscription.pastDue', { date: formatDate(pastDue.graceEndsAt) })}
      <Box sx={{ mt: 1 }}>
        <Button color="inherit" size="small" variant="outlined" disabled={portal.isPending} onClick={() => portal.mutate()}>
          {t('subscription.updatePayment')}
        </Button>
      </Box>
      {portal.error && <Box sx={{ mt: 1 }}>{portal.error.message}</Box>}
    </Alert>
  );
}
