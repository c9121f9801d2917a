import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { RequestPremiumInput } from '../../../../contract/billing';
import { apiRequest } from '../../../lib/http';

/** The answer of POST /api/subscription/request-premium: `alreadyRequested` when an open request was already there. */
const requestPremiumResult = z.object({ alreadyRequested: z.boolean().optional() });
export type RequestPremiumResult = z.infer<typeof requestPremiumResult>;

/** POST /api/subscription/request-premium: asks this installation's support for premium. */
export function requestPremium(input: RequestPremiumInput): Promise<RequestPremiumResult> {
  return apiRequest('/api/subscription/request-premium', requestPremiumResult, { method: 'POST', body: input });
}

export function useRequestPremium() {
  return useMutation({ mutationFn: requestPremium });
}
