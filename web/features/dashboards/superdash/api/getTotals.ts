import { queryOptions } from '@tanstack/react-query';
import { superTotals, type SuperTotals } from '../../../../../contract/superdash';
import { apiRequest } from '../../../../lib/http';
import { superKeys } from './keys';

/** GET /api/superdash/totals: the installation's totals and the per-school table. */
export function getTotals(signal?: AbortSignal): Promise<SuperTotals> {
  return apiRequest('/api/superdash/totals', superTotals, { signal });
}

export const totalsQuery = () =>
  queryOptions({ queryKey: superKeys.totals(), queryFn: ({ signal }) => getTotals(signal), staleTime: 30_000 });
