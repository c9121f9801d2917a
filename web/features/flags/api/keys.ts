import type { FlagStatus } from '../../../../contract/flags';

/**
 * Query keys of safety flags: the badge's count, the inbox by status, one record's, one flag. The
 * live stream's `flags` event refreshes them all at once (`flagKeys.all`).
 */
export const flagKeys = {
  all: ['flags'] as const,
  count: () => ['flags', 'count'] as const,
  list: (status: FlagStatus) => ['flags', 'list', status] as const,
  record: (recordId: string) => ['flags', 'record', recordId] as const,
  detail: (id: string) => ['flags', 'detail', id] as const,
};

export const flagPath = (id: string) => `/api/flags/${encodeURIComponent(id)}`;
