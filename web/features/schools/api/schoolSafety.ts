import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  installationCrisisLinesView,
  schoolSafetyView,
  type InstallationCrisisLines,
  type SchoolSafetySettings,
} from '../../../../contract/crisis-lines';
import { apiRequest } from '../../../lib/http';

export const schoolSafetyKey = ['school-admin', 'safety'] as const;
const installationKey = ['superdash', 'crisis-lines'] as const;

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

/** GET /api/superdash/crisis-lines: the installation's lines for each language, and the defaults. */
export const useInstallationCrisisLines = () =>
  useQuery(
    queryOptions({
      queryKey: installationKey,
      queryFn: ({ signal }) => apiRequest('/api/superdash/crisis-lines', installationCrisisLinesView, { signal }),
    }),
  );

/** PUT /api/superdash/crisis-lines. */
export function useSaveInstallationCrisisLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InstallationCrisisLines) =>
      apiRequest('/api/superdash/crisis-lines', installationCrisisLinesView, { method: 'PUT', body }),
    onSuccess: (view) => queryClient.setQueryData(installationKey, view),
  });
}
