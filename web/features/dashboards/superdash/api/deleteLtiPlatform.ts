import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../../lib/http';
import { superKeys } from './keys';

/** DELETE /api/superdash/lti-platforms/:id: a registration, for good (its links and synced courses go with it). */
export async function deleteLtiPlatform(id: string): Promise<void> {
  await apiRequest(`/api/superdash/lti-platforms/${encodeURIComponent(id)}`, z.unknown(), { method: 'DELETE' });
}

export function useDeleteLtiPlatform() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteLtiPlatform,
    onSuccess: () => client.invalidateQueries({ queryKey: superKeys.all }),
  });
}
