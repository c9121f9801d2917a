import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { schoolSafetyView, type SchoolSafetySettings } from '../../../../contract/crisis-lines';
import { apiRequest } from '../../../lib/http';

export const schoolSafetyKey = ['school-admin', 'safety'] as const;

/** GET /api/school-admin/safety: the school's crisis lines and reporting guidance. */
export const schoolSafetyQuery = () =>
  queryOptions({
    queryKey: schoolSafetyKey,
    queryFn: ({ signal }) => apiRequest('/api/school-admin/safety', schoolSafetyView, { signal }),
  });

export const useSchoolSafety = () => useQuery(schoolSafetyQuery());

/** PUT /api/school-admin/safety. */
export function useSaveSchoolSafety() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SchoolSafetySettings) => apiRequest('/api/school-admin/safety', schoolSafetyView, { method: 'PUT', body }),
    onSuccess: (view) => queryClient.setQueryData(schoolSafetyKey, view),
  });
}
