import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/http';
import { meQueryKey } from '../../../lib/session/getMe';
import { subscriptionQueryKey } from '../../../lib/session/getSubscription';

export interface SignInInput {
  email: string;
  password: string;
}

/** Signs in with e-mail and password. 403 `email_not_verified` re-sends the verification mail. */
export async function signInEmail(input: SignInInput): Promise<void> {
  await apiRequest('/api/auth/sign-in/email', z.unknown(), { method: 'POST', body: input });
}

/** Signs in, then reloads everything about the session before the caller navigates. */
export function useSignInEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInEmail,
    onSuccess: async () => {
      // A subscription loaded while signed out says `not authenticated`: never let the guards see it.
      queryClient.removeQueries({ queryKey: subscriptionQueryKey });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
