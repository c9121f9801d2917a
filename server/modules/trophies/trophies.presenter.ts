import type { Trophy } from '../../../contract/trophies';
import type { TrophyRow } from './trophies.store';

/** One trophy as the teacher and the student see it. */
export function presentTrophy(row: TrophyRow): Trophy {
  return {
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    assignmentId: row.assignmentId,
    assignmentTitle: row.assignmentTitle,
    recordId: row.recordId,
    byTeacher: row.kind === 'teacher',
    awardedAt: row.createdAt.toISOString(),
  };
}
