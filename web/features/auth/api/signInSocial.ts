import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { AccountRole } from '../../../../contract/account';
import { apiRequest } from '../../../lib/http';
import { paths } from '../../../lib/paths';

const socialAnswer = z.object({ url: z.string(), redirect: z.boolean().optional() });

export type SocialProvider = 'google' | 'microsoft';

/**
 * Starts a Google or Microsoft sign-in and leaves for the provider. The role applies only when
 * the sign-in creates the account; an existing account keeps its own.
 */
export async function signInSocial(input: { provider: SocialProvider; role?: AccountRole }): Promise<void> {
  const answer = await apiRequest('/api/auth/sign-in/social', socialAnswer, {
    method: 'POST',
    body: {
      provider: input.provider,
      callbackURL: paths.home.to('DocBot'),
      ...(input.role ? { additionalData: { role: input.role } } : {}),
    },
  });
  window.location.assign(answer.url);
}

export function useSignInSocial() {
  return useMutation({ mutationFn: signInSocial });
}
