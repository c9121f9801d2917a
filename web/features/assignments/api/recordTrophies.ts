import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { recordTrophies, trophy, type AwardTrophyInput, type RecordTrophies, type Trophy } from '../../../../contract/trophies';
import { recordPath } from './paths';
import { retryServerErrors, apiRequest } from '../../../lib/http';
import { trophyKeys } from '../../../lib/trophies/keys';
import { useServerCall } from '../../../lib/useServerCall';

const trophiesPath = (assignmentId: string, recordId: string) => `${recordPath(assignmentId, recordId)}/trophies`;

/** GET /api/assignments/:id/students/:recordId/trophies: one record's trophies, newest first. */
export function getRecordTrophies(assignmentId: string, recordId: string, signal?: AbortSignal): Promise<RecordTrophies> {
  return apiRequest(trophiesPath(assignmentId, recordId), recordTrophies, { signal });
}

export const recordTrophiesQuery = (assignmentId: string, recordId: string) =>
  queryOptions({
    queryKey: trophyKeys.record(assignmentId, recordId),
    queryFn: ({ signal }) => getRecordTrophies(assignmentId, recordId, signal),
    staleTime: 5_000,
    retry: retryServerErrors,
  });

/** POST .../trophies: the teacher awards a trophy with its reason. */
export function awardTrophy(assignmentId: string, recordId: string, input: AwardTrophyInput): Promise<Trophy> {
  return apiRequest(trophiesPath(assignmentId, recordId), trophy, { method: 'POST', body: input });
}

/** DELETE .../trophies/:trophyId: takes back the teacher's own award (a rule's answers 409). */
export async function takeBackTrophy(assignmentId: string, recordId: string, trophyId: string): Promise<void> {
  await apiRequest(`${trophiesPath(assignmentId, recordId)}/${encodeURIComponent(trophyId)}`, z.unknown(), { method: 'DELETE' });
}

/** POST .../trophies/:trophyId/restore: the Undo of a take-back; the same trophy (id, reason, time) comes back. */
export function restoreTrophy(assignmentId: string, recordId: string, trophyId: string): Promise<Trophy> {
  return apiRequest(`${trophiesPath(assignmentId, recordId)}/${encodeURIComponent(trophyId)}/restore`, trophy, { method: 'POST' });
}

/** awardTrophy as a hook, for components. */
export const useAwardTrophy = () => useServerCall(awardTrophy);

/** takeBackTrophy as a hook, for components. */
export const useTakeBackTrophy = () => useServerCall(takeBackTrophy);

/** restoreTrophy as a hook, for components. */
export const useRestoreTrophy = () => useServerCall(restoreTrophy);
