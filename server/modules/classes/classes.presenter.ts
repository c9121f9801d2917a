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
    defaultLocale: row.defaultLocale,
    studentCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A current roster entry as the teacher sees it; `linked` as classes.policy's shownLinked reads it. */
export function presentStudent(row: RosterRow, linked: boolean): RosterStudent {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    linked,
    source: row.source,
    addedAt: row.addedAt.toISOString(),
  };
}
