import { useMutation } from '@tanstack/react-query';
import { redirectUrl, type CheckoutInput, type RedirectUrl } from '../../../../contract/billing';
import { apiRequest } from '../../../lib/http';
import { useResetOnReturn } from './resetOnReturn';

/** POST /api/billing/checkout: a Stripe Checkout session (with the trial when the teacher still has one). */
export function startCheckout(input: CheckoutInput): Promise<RedirectUrl> {
  return apiRequest('/api/billing/checkout', redirectUrl, { method: 'POST', body: input });
}

/** Starts a checkout and sends the browser to Stripe; the mutation stays pending while the page unloads. */
export function useStartCheckout() {
  const mutation = useMutation({
    mutationFn: async (input: CheckoutInput) => {
      const { url } = await startCheckout(input);
      window.location.assign(url);
      // Never settles: the button stays disabled until the browser has left (no second checkout).
      return new Promise<never>(() => undefined);
    },
  });
  useResetOnReturn(mutation.reset);
  return mutation;
}
