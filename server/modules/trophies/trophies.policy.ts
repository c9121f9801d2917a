import { conflict, notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import type { TrophyRow } from './trophies.store';

/**
 * Who may do what with trophies. Reaching them at all is the assignments policy's: the assigning
 * premium teacher (requireAssignmentTeacher, ownAssignment in every query) on the teacher side, and
 * studentOwnsRecord on the student side. Here: which trophies a teacher may take back.
 */

export const trophyNotFound = () => notFound(message('trophyNotFound'));

/** Only the teacher's own awards come back off; a rule's trophy stays (the rule is switched off for later ones instead). */
export function assertMayTakeBack(row: Pick<TrophyRow, 'kind'>): void {
  if (row.kind !== 'teacher') {
    throw conflict(message('trophyKept'));
  }
}
