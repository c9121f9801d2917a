import { useMutation } from '@tanstack/react-query';
import { requestPremiumResult, type RequestPremiumInput, type RequestPremiumResult } from '../../../../contract/billing';

export type { RequestPremiumResult };
import { apiRequest } from '../../../lib/http';

/** POST /api/subscription/request-premium: asks this installation's support for premium. */
export function requestPremium(input: RequestPremiumInput): Promise<RequestPremiumResult> {
  return apiRequest('/api/subscription/request-premium', requestPremiumResult, { method: 'POST', body: input });
}

export function useRequestPremium() {
  return useMutation({ mutationFn: requestPremium });
}
