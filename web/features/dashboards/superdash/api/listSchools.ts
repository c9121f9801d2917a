import { queryOptions } from '@tanstack/react-query';
import { schoolLicenceList, type SchoolLicenceList } from '../../../../../contract/superdash';
import { apiRequest } from '../../../../lib/http';
import { superKeys } from './keys';

/** GET /api/superdash/schools: every school licence, by name. */
export function listSchools(signal?: AbortSignal): Promise<SchoolLicenceList> {
  return apiRequest('/api/superdash/schools', schoolLicenceList, { signal });
}

export const schoolsQuery = () =>
  queryOptions({ queryKey: superKeys.schools(), queryFn: ({ signal }) => listSchools(signal), staleTime: 10_000 });
