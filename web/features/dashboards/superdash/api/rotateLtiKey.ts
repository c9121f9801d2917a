import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../../lib/http';
import { superKeys } from './keys';

/** POST /api/superdash/lti-platforms/keys/rotate: a new signing key; the old one stays published LTI_KEY_RETIRED_DAYS. */
export async function rotateLtiKey(): Promise<void> {
  await apiRequest('/api/superdash/lti-platforms/keys/rotate', z.object({ kid: z.string() }), { method: 'POST' });
}

export function useRotateLtiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rotateLtiKey,
    onSuccess: () => client.invalidateQueries({ queryKey: superKeys.all }),
  });
}
