import { useQuery } from '@tanstack/react-query';
import { rosterCheck, rosterCheckInput, type RosterCheck } from '../../../../contract/account';
import { apiRequest } from '../../../lib/http';

/** Whether some teacher has this address on a class roster (sign-up then offers "I'm a student" first). */
export function checkRoster(email: string, signal?: AbortSignal): Promise<RosterCheck> {
  return apiRequest('/api/auth/roster-check', rosterCheck, { method: 'POST', body: { email }, signal });
}

/**
 * The roster hint for a typed address, asked once per address (the server limits it per IP) and
 * only for a well-formed one; null while unknown. A failed check simply gives no hint.
 */
export function useRosterHint(email: string | null): boolean | null {
  const valid = email !== null && rosterCheckInput.safeParse({ email }).success;
  const query = useQuery({
    queryKey: ['auth', 'roster-check', email],
    queryFn: ({ signal }) => checkRoster(email!, signal),
    enabled: valid,
    staleTime: Infinity,
    retry: false,
  });
  return valid && query.data ? query.data.onRoster : null;
}
