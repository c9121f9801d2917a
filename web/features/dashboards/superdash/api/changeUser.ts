import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supportUser, type ExtendBody, type GrantBody, type RoleBody, type SupportUser } from '../../../../../contract/superdash';
import { apiRequest } from '../../../../lib/http';
import { superKeys } from './keys';

export type UserChange =
  { kind: 'grant'; body: GrantBody } | { kind: 'extend'; body: ExtendBody } | { kind: 'revoke' } | { kind: 'role'; body: RoleBody };

/** POST /api/superdash/users/:id/grant|extend|revoke, PATCH /api/superdash/users/:id/role: the account as it is after. */
export function changeUser(id: string, change: UserChange): Promise<SupportUser> {
  const base = `/api/superdash/users/${encodeURIComponent(id)}`;
  if (change.kind === 'role') return apiRequest(`${base}/role`, supportUser, { method: 'PATCH', body: change.body });
  return apiRequest(`${base}/${change.kind}`, supportUser, { method: 'POST', body: change.kind === 'revoke' ? {} : change.body });
}

export function useChangeUser(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: UserChange) => changeUser(id, change),
    onSuccess: () => client.invalidateQueries({ queryKey: superKeys.all }),
  });
}
