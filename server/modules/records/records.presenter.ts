import type { RecordAssignment, StudentRecordExport } from '../../../contract/records';
import type { HeldRows } from './records.store';

/**
 * A held reply has not passed the safety check, and the export may be handed to a parent or the
 * student: its text stays out (record.json and record.html), its status stays in.
 */
export const HELD_TEXT = '(held for the safety check; not shown)';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** The export's JSON from the rows held: assignments oldest first, each with its transcript, flags and trophies. */
export function presentRecord(rows: HeldRows, email: string, scope: StudentRecordExport['scope'], now = new Date()): StudentRecordExport {
  const recordOfConversation = new Map(
    rows.records.flatMap((x) => (x.record.conversationId ? [[x.record.conversationId, x.record.id]] : [])),
  );
  const names = new Set<string>();
  for (const e of rows.entries) names.add(e.name);
  for (const x of rows.records) names.add(x.record.name);
  const linked = rows.entries.some((e) => Boolean(e.linked)) || rows.records.some((x) => x.record.studentId !== null);

  const assignments: RecordAssignment[] = rows.records.map(({ record, assignment, teacher }) => {
    const flags = rows.flags.filter((f) => (f.studentAssignmentId ?? recordOfConversation.get(f.conversationId)) === record.id);
    return {
      teacher,
      title: assignment.title,
      assignmentState: assignment.deletedAt ? 'deleted' : assignment.closedAt ? 'closed' : 'open',
      assignedAt: record.createdAt.toISOString(),
      dueAt: iso(assignment.dueAt),
      closedAt: iso(assignment.closedAt),
      status: record.status,
      startedAt: iso(record.startedAt),
      submittedAt: iso(record.submittedAt),
      completedAt: iso(record.completedAt),
      lastActiveAt: iso(record.lastActiveAt),
      timeSpentSeconds: record.timeSpentSeconds,
      messageCount: record.messageCount,
      feedback: record.feedback,
      feedbackAt: iso(record.feedbackAt),
      transcript: record.conversationId
        ? rows.messages
            .filter((m) => m.conversationId === record.conversationId)
            .map((m) => ({
              seq: m.seq,
              role: m.role,
              text: m.status === 'held' ? HELD_TEXT : m.text,
              status: m.status,
              at: m.createdAt.toISOString(),
            }))
        : [],
      flags: flags.map((f) => ({
        category: f.category,
        severity: f.severity,
        reason: f.reason,
        source: f.source,
        at: f.createdAt.toISOString(),
        reviewed: f.reviewedAt !== null,
        reviewedAt: iso(f.reviewedAt),
        note: f.reviewNote,
      })),
      trophies: rows.trophies
        .filter((t) => t.studentAssignmentId === record.id)
        .map((t) => ({ reason: t.reason, at: t.createdAt.toISOString() })),
    };
  });

  return {
    exportedAt: now.toISOString(),
    scope,
    student: { email, names: [...names], linked },
    classes: rows.entries.map((e) => ({
      teacher: e.teacher,
      name: e.className,
      section: e.section,
      addedAt: e.addedAt.toISOString(),
      removedAt: iso(e.removedAt),
    })),
    assignments,
  };
}
