import { queryOptions, useQuery } from '@tanstack/react-query';
import { isPremium, subscription, type Subscription } from '../../../contract/subscription';
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

/**
 * Whether the signed-in user is a teacher who may assign (Premium): the Assign buttons on a
 * TutorBot's card and in its editor show only then (the server decides all the same).
 */
export function useMayAssign(): boolean {
  const { data } = useQuery(subscriptionQueryOptions());
  return Boolean(data && data.user_type === 'teacher' && isPremium(data.status));
}
