import { useMutation } from '@tanstack/react-query';
import { redirectUrl, type RedirectUrl } from '../../../../contract/billing';
import { apiRequest } from '../../../lib/http';
import { useResetOnReturn } from './resetOnReturn';

/** POST /api/billing/portal: a Stripe Customer Portal session for plan changes, payment method and cancellation. */
export function openPortal(): Promise<RedirectUrl> {
  return apiRequest('/api/billing/portal', redirectUrl, { method: 'POST', body: {} });
}

/** Opens the portal in this tab; the mutation stays pending while the page unloads. */
export function useOpenPortal() {
  const mutation = useMutation({
    mutationFn: async () => {
      const { url } = await openPortal();
      window.location.assign(url);
      return new Promise<never>(() => undefined);
    },
  });
  useResetOnReturn(mutation.reset);
  return mutation;
}
