import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { installationCrisisLinesView, type InstallationCrisisLines } from '../../../../../contract/crisis-lines';
import { apiRequest } from '../../../../lib/http';
import { superKeys } from './keys';

/** GET /api/superdash/crisis-lines: the installation's lines for each language, and the defaults. */
export const useInstallationCrisisLines = () =>
  useQuery(
    queryOptions({
      queryKey: superKeys.crisisLines(),
      queryFn: ({ signal }) => apiRequest('/api/superdash/crisis-lines', installationCrisisLinesView, { signal }),
    }),
  );

/** PUT /api/superdash/crisis-lines. */
export function useSaveInstallationCrisisLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InstallationCrisisLines) =>
      apiRequest('/api/superdash/crisis-lines', installationCrisisLinesView, { method: 'PUT', body }),
    onSuccess: (view) => queryClient.setQueryData(superKeys.crisisLines(), view),
  });
}
