import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestPremiumResult, type RequestPremiumInput, type RequestPremiumResult } from '../../../../contract/billing';

export type { RequestPremiumResult };
import { apiRequest } from '../../../lib/http';
import { planQueryKey } from './getPlan';

/** POST /api/subscription/request-premium: asks this installation's support for premium. */
export function requestPremium(input: RequestPremiumInput): Promise<RequestPremiumResult> {
  return apiRequest('/api/subscription/request-premium', requestPremiumResult, { method: 'POST', body: input });
}

/** Request premium; the plan is read again, so the page shows the request as pending. */
export function useRequestPremium() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestPremium, onSuccess: () => queryClient.invalidateQueries({ queryKey: planQueryKey }) });
}
