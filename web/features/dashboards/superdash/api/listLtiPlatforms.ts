import { queryOptions } from '@tanstack/react-query';
import { ltiPlatformList, type LtiPlatformList } from '../../../../../contract/lti';
import { apiRequest } from '../../../../lib/http';
import { superKeys } from './keys';

/** GET /api/superdash/lti-platforms: the registered course platforms (newest first) and the addresses to paste in an LMS. */
export function listLtiPlatforms(signal?: AbortSignal): Promise<LtiPlatformList> {
  return apiRequest('/api/superdash/lti-platforms', ltiPlatformList, { signal });
}

export const ltiPlatformsQuery = () =>
  queryOptions({ queryKey: superKeys.ltiPlatforms(), queryFn: ({ signal }) => listLtiPlatforms(signal), staleTime: 10_000 });
