import { infiniteQueryOptions } from '@tanstack/react-query';
import { auditList, type AuditList } from '../../../../../contract/superdash';
import { apiRequest } from '../../../../lib/http';
import { superKeys } from './keys';

/** GET /api/superdash/audit: the audit log, newest first, by action and by the subject's address. */
export function listAudit(filter: { action: string; email: string }, before: string | null, signal?: AbortSignal): Promise<AuditList> {
  const q = new URLSearchParams();
  if (filter.action) q.set('action', filter.action);
  if (filter.email) q.set('email', filter.email);
  if (before) q.set('before', before);
  return apiRequest(`/api/superdash/audit?${q.toString()}`, auditList, { signal });
}

export const auditQuery = (action: string, email: string) =>
  infiniteQueryOptions({
    queryKey: superKeys.audit(action, email),
    queryFn: ({ pageParam, signal }) => listAudit({ action, email }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
