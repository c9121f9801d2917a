import { queryOptions, useQuery } from '@tanstack/react-query';
import { mySchool, type MySchool } from '../../../contract/schools';
import { apiRequest } from '../http';

/** The licence the signed-in user belongs to (its name, domain and logo). */
export function getMySchool(signal?: AbortSignal): Promise<MySchool> {
  return apiRequest('/api/school', mySchool, { signal });
}

export const mySchoolQueryOptions = (schoolId: string) =>
  queryOptions({
    queryKey: ['session', 'school', schoolId] as const,
    queryFn: ({ signal }) => getMySchool(signal),
    staleTime: 10 * 60_000,
    retry: false,
  });

/** The school of the Subscription object; asked for only when there is one. */
export function useMySchool(schoolId: string | null) {
  return useQuery({ ...mySchoolQueryOptions(schoolId ?? ''), enabled: schoolId !== null });
}
