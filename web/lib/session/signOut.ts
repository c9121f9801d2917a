import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../http';
import { forgetUploadUrls } from '../upload/url-storage';
import { meQueryKey } from './getMe';

/**
 * Ends the session (better-auth answers {success:true}). The addresses kept to resume uploads go
 * first, even if the request then fails: the next person at a shared computer must not see them.
 */
export async function signOut(): Promise<void> {
  forgetUploadUrls();
  await apiRequest('/api/auth/sign-out', z.unknown(), { method: 'POST', body: {} });
}

/** Signs out and forgets everything the signed-in user had loaded. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ queryKey: ['session', 'subscription'] });
    },
  });
}
