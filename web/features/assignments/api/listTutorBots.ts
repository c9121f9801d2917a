import { queryOptions } from '@tanstack/react-query';
import { botPage, type BotSummary } from '../../../../contract/bots';
import { apiRequest } from '../../../lib/http';
import { assignmentKeys } from '../../../lib/assignments/keys';

/** More than a teacher picks from in a dialog; the library pages through the rest. */
const LIMIT = 100;

/**
 * The TutorBots an assignment can use: the teacher's own (the library's Mine tab) or the built-in
 * templates (its Templates tab; the server copies a template to the teacher on create).
 */
export async function listTutorBots(tab: 'mine' | 'templates', signal?: AbortSignal): Promise<BotSummary[]> {
  const query = new URLSearchParams({ kind: 'TutorBot', tab, limit: String(LIMIT) });
  const page = await apiRequest(`/api/bots?${query.toString()}`, botPage, { signal });
  return page.items;
}

export const tutorBotsQuery = (tab: 'mine' | 'templates') =>
  queryOptions({
    queryKey: assignmentKeys.tutorBots(tab),
    queryFn: ({ signal }) => listTutorBots(tab, signal),
    staleTime: 30_000,
  });
