import { queryOptions } from '@tanstack/react-query';
import { userSearchResult, type UserSearchResult } from '../../../../../contract/superdash';
import { apiRequest } from '../../../../lib/http';
import { superKeys } from './keys';

/** GET /api/superdash/users?email=: accounts whose address is, or starts with, the text typed. */
export function searchUsers(email: string, signal?: AbortSignal): Promise<UserSearchResult> {
  return apiRequest(`/api/superdash/users?${new URLSearchParams({ email }).toString()}`, userSearchResult, { signal });
}

export const usersQuery = (email: string) =>
  queryOptions({ queryKey: superKeys.users(email), queryFn: ({ signal }) => searchUsers(email, signal), enabled: email.length > 0 });
