import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { BillingInterval, Plan } from '../../../../contract/billing';
import { useT, type Translate } from '../../../lib/i18n';
import { useOpenPortal } from '../api/openPortal';
import type { RequestPremiumResult } from '../api/requestPremium';
import { useStartCheckout } from '../api/startCheckout';
import { formatDate, formatPrice } from './format';
import { RequestPremiumDialog } from './RequestPremiumDialog';

/** Between a sentence and the link after it. */
const space = ' ';

function priceText(t: Translate, plan: Plan, interval: BillingInterval): string | null {
  const price = plan.billing.prices?.find((p) => p.interval === interval);
  const amount = price ? formatPrice(price) : null;
  if (!amount) return null;
  return interval === 'month' ? t('subscription.perMonth', { price: amount }) : t('subscription.perYear', { price: amount });
}

/** Start a trial or Get Premium: a billing period (with Stripe's prices when known), then Stripe Checkout. */
function CheckoutChoice({ plan, trial }: { plan: Plan; trial: boolean }) {
  const t = useT();
  const [interval, setInterval] = useState<BillingInterval>('month');
  const checkout = useStartCheckout();
  const options: { value: BillingInterval; label: string; price: string | null }[] = [
    { value: 'month', label: t('subscription.monthly'), price: priceText(t, plan, 'month') },
    { value: 'year', label: t('subscription.yearly'), price: priceText(t, plan, 'year') },
  ];
  return (
    <Box>
      <FormLabel id="billing-interval-label" sx={{ display: 'block', mb: 0.5 }}>
        {t('subscription.intervalLabel')}
      </FormLabel>
      <RadioGroup
        aria-labelledby="billing-interval-label"
        value={interval}
        onChange={(e) => setInterval(e.target.value === 'year' ? 'year' : 'month')}
        sx={{ flexDirection: { xs: 'column', sm: 'row' }, columnGap: 3 }}
      >
        {options.map((o) => (
          <FormControlLabel
            key={o.value}
            value={o.value}
            control={<Radio />}
            disabled={checkout.isPending}
            label={o.price ? t('subscription.intervalWithPrice', { interval: o.label, price: o.price }) : o.label}
          />
        ))}
      </RadioGroup>
      <Button variant="contained" size="large" sx={{ mt: 1.5 }} disabled={checkout.isPending} onClick={() => checkout.mutate({ interval })}>
        {trial ? t('subscription.startTrial', { days: plan.billing.trialDays }) : t('subscription.getPremium')}
      </Button>
      {trial && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('subscription.trialThen', { days: plan.billing.trialDays })}
        </Typography>
      )}
      {checkout.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {checkout.error.message}
        </Alert>
      )}
    </Box>
  );
}

function ManageBilling() {
  const t = useT();
  const portal = useOpenPortal();
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('subscription.manageBody')}
      </Typography>
      <Button variant="outlined" disabled={portal.isPending} onClick={() => portal.mutate()}>
        {t('subscription.manageBilling')}
      </Button>
      {portal.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {portal.error.message}
        </Alert>
      )}
    </Box>
  );
}

/** Request premium, or, while a request waits for support, when it was made and where the answer comes. */
function RequestPremium({ pending }: { pending: Plan['premiumRequest'] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<RequestPremiumResult | null>(null);
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('subscription.requestBody')}
      </Typography>
      {!pending && (
        <Button variant="contained" onClick={() => setOpen(true)}>
          {t('subscription.requestPremium')}
        </Button>
      )}
      {sent && (
        <Alert severity="success" sx={{ mt: 2 }} role="status">
          {sent.alreadyRequested ? t('subscription.requestAlready') : t('subscription.requestSent')}
        </Alert>
      )}
      {pending && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="premium-request-pending">
          {t('subscription.requestPending', { date: formatDate(pending.at) })}
          {space}
          <Link component={RouterLink} to={`/contact-support?ticket=${encodeURIComponent(pending.ticketId)}`}>
            {t('subscription.requestOpen')}
          </Link>
        </Alert>
      )}
      <RequestPremiumDialog
        open={open}
        onClose={() => setOpen(false)}
        onSent={(r) => {
          setOpen(false);
          setSent(r);
        }}
      />
    </Box>
  );
}

/** The actions the server says fit this teacher (plan.actions); nothing shows when none do. */
export function PlanActions({ plan }: { plan: Plan }) {
  const t = useT();
  const trial = plan.actions.includes('start_trial');
  // Both start a Checkout, which gives the trial when the teacher still has one: one button.
  const checkout = trial || plan.actions.includes('get_premium');
  const manage = plan.actions.includes('manage_billing');
  const request = plan.actions.includes('request_premium');
  if (!checkout && !manage && !request) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="actions-heading" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography variant="h6" component="h2" id="actions-heading" gutterBottom>
        {checkout || request ? t('subscription.actionsHeading') : t('subscription.manageHeading')}
      </Typography>
      <Stack spacing={3}>
        {checkout && <CheckoutChoice plan={plan} trial={trial} />}
        {request && <RequestPremium pending={plan.premiumRequest} />}
        {manage && <ManageBilling />}
      </Stack>
    </Paper>
  );
}
