import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/http';

/** Sets a new password with the token of the reset link; every session of the account ends. */
export async function resetPassword(input: { newPassword: string; token: string }): Promise<void> {
  await apiRequest('/api/auth/reset-password', z.unknown(), { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
