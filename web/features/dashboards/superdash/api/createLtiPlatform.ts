import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ltiPlatform, type LtiPlatform, type LtiPlatformInput } from '../../../../../contract/lti';
import { apiRequest } from '../../../../lib/http';
import { superKeys } from './keys';

/** POST /api/superdash/lti-platforms: a new registration (422 with the field refused, one per issuer and client id). */
export function createLtiPlatform(input: LtiPlatformInput): Promise<LtiPlatform> {
  return apiRequest('/api/superdash/lti-platforms', ltiPlatform, { method: 'POST', body: input });
}

export function useCreateLtiPlatform() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createLtiPlatform,
    onSuccess: () => client.invalidateQueries({ queryKey: superKeys.all }),
  });
}
