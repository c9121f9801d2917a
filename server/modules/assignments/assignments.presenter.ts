import type { AssignmentSummary, ClassRef, StatusCounts, StudentRecord } from '../../../contract/assignments';
import type { schema } from '../../db/client';
import { iconOf, type BotRow } from '../bots';
import { isLate } from './assignments.policy';

export type AssignmentRow = typeof schema.assignment.$inferSelect;
export type RecordRow = typeof schema.studentAssignment.$inferSelect;
type ClassRow = Pick<typeof schema.teacherClass.$inferSelect, 'id' | 'name' | 'section'>;

/** What the table shows about a record besides its own columns (read with it in one query). */
export interface RecordFacts {
  className: string | null;
  onRoster: boolean;
  hasTranscript: boolean;
  flags: number;
  trophies: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A class as the assignment pages name it: "Biology · P3", as My Students labels it. */
export const classLabel = (c: Pick<ClassRow, 'name' | 'section'>) => (c.section ? `${c.name} · ${c.section}` : c.name);

export function presentClassRef(c: ClassRow): ClassRef {
  return { id: c.id, name: c.name, section: c.section };
}

export const emptyCounts = (): StatusCounts => ({ assigned: 0, in_progress: 0, submitted: 0, completed: 0, total: 0 });

/** The assignment as the teacher's list shows it. */
export function presentSummary(
  row: AssignmentRow,
  bot: Pick<BotRow, 'id' | 'name' | 'icon' | 'iconFileId' | 'kind' | 'deletedAt'>,
  classes: ClassRow[],
  counts: StatusCounts,
  flags: number,
): AssignmentSummary {
  return {
    id: row.id,
    title: row.title,
    instructions: row.instructions,
    dueAt: iso(row.dueAt),
    messageBudget: row.messageBudget,
    responseLanguage: row.responseLanguage,
    status: row.closedAt ? 'closed' : 'open',
    closedAt: iso(row.closedAt),
    bot: { id: bot.id, name: bot.name, icon: iconOf(bot), deleted: bot.deletedAt !== null },
    classes: classes.map(presentClassRef),
    counts,
    flags,
    trophyRules: row.trophyRules,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One row of the teacher's table. */
export function presentRecord(row: RecordRow, facts: RecordFacts, dueAt: Date | null, now = new Date()): StudentRecord {
  return {
    id: row.id,
    rosterEntryId: row.rosterEntryId,
    email: row.email,
    name: row.name,
    className: facts.className,
    onRoster: facts.onRoster,
    status: row.status,
    startedAt: iso(row.startedAt),
    lastActiveAt: iso(row.lastActiveAt),
    submittedAt: iso(row.submittedAt),
    completedAt: iso(row.completedAt),
    timeSpentSeconds: row.timeSpentSeconds,
    messageCount: row.messageCount,
    late: isLate(row, dueAt, now),
    feedback: row.feedback,
    feedbackAt: iso(row.feedbackAt),
    flags: facts.flags,
    trophies: facts.trophies,
    hasTranscript: facts.hasTranscript,
    version: row.version,
  };
}
