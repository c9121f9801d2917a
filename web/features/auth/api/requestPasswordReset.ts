import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/http';

/** Mails a reset link (to /?token=...) when the address has an account; answers the same otherwise. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest('/api/auth/request-password-reset', z.unknown(), { method: 'POST', body: { email, redirectTo: '/' } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
