import { useMutation, useQueryClient } from '@tanstack/react-query';
import { schoolLicence, type SchoolLicence, type SchoolLicenceInput } from '../../../../../contract/superdash';
import { apiRequest } from '../../../../lib/http';
import { superKeys } from './keys';

/** POST /api/superdash/schools (no id) or PATCH /api/superdash/schools/:id: a licence's fields. */
export function saveSchool(id: string | null, input: SchoolLicenceInput): Promise<SchoolLicence> {
  return id
    ? apiRequest(`/api/superdash/schools/${encodeURIComponent(id)}`, schoolLicence, { method: 'PATCH', body: input })
    : apiRequest('/api/superdash/schools', schoolLicence, { method: 'POST', body: input });
}

export function useSaveSchool(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SchoolLicenceInput) => saveSchool(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: superKeys.all }),
  });
}
