import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Plan } from '../../../../contract/billing';
import { isPremium, type Subscription } from '../../../../contract/subscription';
import { PageHeading } from '../../../components/PageHeading';
import { useAppState } from '../../../lib/app-state/AppState';
import { subscriptionQueryOptions } from '../../../lib/session/getSubscription';
import { useT } from '../../../lib/i18n';
import { useLapsedWork } from '../api/getLapsedWork';
import { usePlan } from '../api/getPlan';
import { CheckoutNotice, useCheckoutConfirmation, type CheckoutReturn } from './CheckoutReturn';
import { PlanActions } from './PlanActions';
import { PlanSummary } from './PlanSummary';
import { PremiumComparison } from './PremiumComparison';
import { UsageCard } from './UsageCard';

/**
 * What changed for a teacher whose Premium lapsed (the guard sends them here from Assignments and
 * My Students): nothing was deleted, and what their open work does now.
 */
function LapsedNotice({ subscription, plan }: { subscription: Subscription; plan: Plan | undefined }) {
  const t = useT();
  const lapsedTeacher = subscription.user_type === 'teacher' && !isPremium(subscription.status) && subscription.status !== 'error';
  const work = useLapsedWork(lapsedTeacher).data;
  if (!lapsedTeacher) return null;
  const notice =
    work && !work.premium
      ? work.openAssignments > 0
        ? t('subscription.status.lapsedAssignments', { open: work.openAssignments, allowance: work.freeMonthlyGenerations })
        : work.classes > 0
          ? t('subscription.status.lapsedClasses', { classes: work.classes })
          : null
      : null;
  // A plan that came from Stripe or a grant and no longer counts: say so even with nothing left open.
  const hadPlan = plan !== undefined && plan.source !== 'none';
  if (!notice && !hadPlan) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="lapsed-work">
      <AlertTitle>{t('subscription.lapsedTitle')}</AlertTitle>
      <Box component="span" sx={{ display: 'block' }}>
        {notice ?? t('subscription.lapsedBody')}
      </Box>
    </Alert>
  );
}

function PlanSkeleton() {
  const t = useT();
  return (
    <Box aria-busy="true" aria-label={t('subscription.loadingPlan')} role="progressbar" data-testid="plan-loading" sx={gridSx}>
      <Skeleton variant="rounded" height={150} />
      <Skeleton variant="rounded" height={220} />
      <Skeleton variant="rounded" height={180} />
    </Box>
  );
}

const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  alignItems: 'start',
} as const;

function checkoutReturn(value: string | null): CheckoutReturn {
  return value === 'success' || value === 'cancel' ? value : null;
}

/** My Subscription: the plan in plain words, this month's use, the actions that fit, and what Premium adds. */
export default function MySubscriptionPage() {
  const t = useT();
  const { subscription } = useAppState();
  const [params] = useSearchParams();
  const checkout = checkoutReturn(params.get('checkout'));
  const teacher = subscription?.user_type === 'teacher';
  const premium = subscription !== null && isPremium(subscription.status);
  const planQuery = usePlan(teacher);
  // Confirmed once a plan fetched on this page and the subscription both say premium.
  const confirmation = useCheckoutConfirmation(checkout, premium && planQuery.isSuccess);
  usePlan(teacher, confirmation.pollMs);
  useQuery({ ...subscriptionQueryOptions(), refetchInterval: confirmation.pollMs });

  const title = t('subscription.page.title');
  if (!subscription) return <PageHeading>{title}</PageHeading>;

  if (!teacher) {
    return (
      <Box sx={{ maxWidth: 1000, mx: 'auto', minWidth: 0 }}>
        <PageHeading>{title}</PageHeading>
        <Typography sx={{ mt: 2 }} data-testid="subscription-status">
          {t('subscription.status.label', { plan: subscription.status.replaceAll(' ', '_') })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('subscription.studentBody')}
        </Typography>
      </Box>
    );
  }

  const plan = planQuery.data;
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto', minWidth: 0 }}>
      <PageHeading>{title}</PageHeading>
      <CheckoutNotice
        checkout={checkout}
        confirming={confirmation.confirming}
        slow={confirmation.slow}
        trial={subscription.status === 'trialing'}
      />
      <LapsedNotice subscription={subscription} plan={plan} />
      {planQuery.isError && !plan ? (
        <Stack spacing={2}>
          <PlanSummary subscription={subscription} plan={undefined} />
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void planQuery.refetch()} disabled={planQuery.isFetching}>
                {t('common.tryAgain')}
              </Button>
            }
          >
            <AlertTitle>{t('subscription.planFailed')}</AlertTitle>
            {planQuery.error.message}
          </Alert>
        </Stack>
      ) : !plan ? (
        <PlanSkeleton />
      ) : (
        <Box sx={gridSx}>
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <PlanSummary subscription={subscription} plan={plan} />
            <PlanActions plan={plan} />
          </Stack>
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <UsageCard usage={plan.usage} />
            {!premium && <PremiumComparison limits={plan.limits} />}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
