import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { EMAIL_CONFIRMED_CALLBACK } from '../../../../contract/account';
import { apiRequest } from '../../../lib/http';

/**
 * Mails a new confirmation link when the address waits for one; the answer is the same for any
 * address. The link lands in the app, signed in (the server fixes where it lands).
 */
export async function resendVerification(email: string): Promise<void> {
  await apiRequest('/api/auth/send-verification-email', z.unknown(), {
    method: 'POST',
    body: { email, callbackURL: EMAIL_CONFIRMED_CALLBACK },
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
