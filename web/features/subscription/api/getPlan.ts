import { queryOptions, useQuery } from '@tanstack/react-query';
import { plan, type Plan } from '../../../../contract/billing';
import { apiRequest } from '../../../lib/http';

/** GET /api/subscription/plan: the signed-in teacher's plan, usage and the actions that fit (teachers only). */
export function getPlan(signal?: AbortSignal): Promise<Plan> {
  return apiRequest('/api/subscription/plan', plan, { signal });
}

export const planQueryKey = ['subscription', 'plan'] as const;

export const planQueryOptions = () =>
  queryOptions({ queryKey: planQueryKey, queryFn: ({ signal }) => getPlan(signal), staleTime: 30_000, refetchOnWindowFocus: true });

/** Asked only for teachers: the endpoint refuses students. `refetchInterval` polls while a checkout is being confirmed. */
export function usePlan(enabled: boolean, refetchInterval: number | false = false) {
  return useQuery({ ...planQueryOptions(), enabled, refetchInterval });
}
