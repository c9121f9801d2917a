import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { EMAIL_CONFIRMED_CALLBACK, type SignUpInput } from '../../../../contract/account';
import { apiRequest } from '../../../lib/http';

/**
 * Creates an account and sends the verification mail. The server answers the same for an address
 * already in use (it mails that address instead), so the answer reveals nothing. The link lands
 * in the app, signed in, with an "E-mail confirmed" notice.
 */
export async function signUpEmail(input: SignUpInput): Promise<void> {
  await apiRequest('/api/auth/sign-up/email', z.unknown(), { method: 'POST', body: { ...input, callbackURL: EMAIL_CONFIRMED_CALLBACK } });
}

export function useSignUpEmail() {
  return useMutation({ mutationFn: signUpEmail });
}
