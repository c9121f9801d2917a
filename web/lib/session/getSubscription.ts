import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscription, type Subscription } from '../../../contract/subscription';
import { apiRequest } from '../http';

/** The signed-in user's Subscription object (status `error` is an answer, not a failure). */
export function getSubscription(signal?: AbortSignal): Promise<Subscription> {
  return apiRequest('/api/subscription', subscription, { signal });
}

export const subscriptionQueryKey = ['session', 'subscription'] as const;

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionQueryKey,
    queryFn: ({ signal }) => getSubscription(signal),
    // Loaded once after sign-in; refreshed when the window regains focus (a checkout in another
    // tab, a licence granted by the operator) and whenever sign-in state changes (invalidated).
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    retry: 1,
  });

/** The Subscription query, run only while someone is signed in. */
export function useSubscription(enabled: boolean) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}
