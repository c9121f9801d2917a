import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useT } from '../../../lib/i18n';

/** How often and how long the page asks again after Stripe sent the teacher back. */
export const confirmPollMs = 2_000;
const confirmForMs = 60_000;

export type CheckoutReturn = 'success' | 'cancel' | null;

/**
 * After `?checkout=success` the page polls until the plan is premium: Stripe's webhook grants it,
 * never the return itself. `confirming` while it waits, `slow` after a minute without it.
 */
export function useCheckoutConfirmation(checkout: CheckoutReturn, confirmed: boolean) {
  const [slow, setSlow] = useState(false);
  const waiting = checkout === 'success' && !confirmed;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setSlow(true), confirmForMs);
    return () => clearTimeout(timer);
  }, [waiting]);
  return { confirming: waiting && !slow, slow: waiting && slow, pollMs: waiting && !slow ? confirmPollMs : false } as const;
}

/** The notice for a teacher back from Stripe Checkout. */
export function CheckoutNotice({
  checkout,
  confirming,
  slow,
  trial,
}: {
  checkout: CheckoutReturn;
  confirming: boolean;
  slow: boolean;
  /** The confirmed plan is a trial. */
  trial: boolean;
}) {
  const t = useT();
  if (checkout === 'cancel') {
    return (
      <Alert severity="info" variant="outlined" sx={{ mb: 2 }} data-testid="checkout-notice">
        {t('subscription.checkoutCancelled')}
      </Alert>
    );
  }
  if (checkout !== 'success') return null;
  if (confirming) {
    return (
      <Alert severity="info" icon={<CircularProgress size={20} aria-hidden />} sx={{ mb: 2 }} role="status" data-testid="checkout-notice">
        {t('subscription.checkoutConfirming')}
      </Alert>
    );
  }
  return (
    <Alert severity={slow ? 'warning' : 'success'} sx={{ mb: 2 }} role="status" data-testid="checkout-notice">
      {slow ? t('subscription.checkoutSlow') : trial ? t('subscription.checkoutTrialStarted') : t('subscription.checkoutConfirmed')}
    </Alert>
  );
}
