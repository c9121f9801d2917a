import type { ClassSummary, RosterStudent } from '../../../contract/classes';
import type { schema } from '../../db/client';

type ClassRow = typeof schema.teacherClass.$inferSelect;
type RosterRow = typeof schema.rosterEntry.$inferSelect;

/** A class as the teacher's list shows it. */
export function presentClass(row: ClassRow, studentCount: number): ClassSummary {
  return {
    id: row.id,
    name: row.name,
    section: row.section,
    joinCode: row.joinCode,
    studentCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A current roster entry as the teacher sees it. */
export function presentStudent(row: RosterRow): RosterStudent {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    linked: row.userId !== null,
    source: row.source,
    addedAt: row.addedAt.toISOString(),
  };
}
