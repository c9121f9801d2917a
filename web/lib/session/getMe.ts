import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { me, type Me } from '../../../contract/account';
import { ApiError, apiRequest } from '../http';

/**
 * Who is signed in, or null when nobody is. better-auth's get-session answers 200 with null for
 * a visitor, so a signed-out page load logs no failed request; /api/me then adds role and support.
 */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  const session = await apiRequest('/api/auth/get-session', z.unknown(), { signal });
  if (session === null) return null;
  try {
    return await apiRequest('/api/me', me, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const meQueryKey = ['session', 'me'] as const;

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
    retry: 2,
  });

/** The sign-in state: `data` is the user, null when signed out, undefined while it resolves. */
export function useMe() {
  return useQuery(meQueryOptions());
}
