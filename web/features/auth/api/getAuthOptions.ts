import { queryOptions, useQuery } from '@tanstack/react-query';
import { authProviders, type AuthProviders } from '../../../../contract/account';
import { apiRequest } from '../../../lib/http';

/** Which social sign-in buttons this installation offers. */
export function getAuthOptions(signal?: AbortSignal): Promise<AuthProviders> {
  return apiRequest('/api/auth-options', authProviders, { signal });
}

export const authOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['auth-options'], queryFn: ({ signal }) => getAuthOptions(signal), staleTime: Infinity });

export function useAuthOptions() {
  return useQuery(authOptionsQueryOptions());
}
