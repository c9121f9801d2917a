import type { ClassRef, StudentAssignmentStatus } from '../../../../contract/assignments';
import type { TrophyRuleKind } from '../../../../contract/trophies';
import type { MessageId } from '../../../lib/i18n';

/** "Biology · P3": a class as the pages name it. */
export const classLabel = (c: Pick<ClassRef, 'name' | 'section'>) => (c.section ? `${c.name} · ${c.section}` : c.name);

/** An error's message for an alert (ApiError messages are the server's, written for people). */
export const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Each status's word. */
export const statusKey = {
  assigned: 'assignments.status.assigned',
  in_progress: 'assignments.status.in_progress',
  submitted: 'assignments.status.submitted',
  completed: 'assignments.status.completed',
} as const satisfies Record<StudentAssignmentStatus, MessageId>;

/** Each automatic trophy rule's name and what it rewards, as the teacher reads them. */
export const trophyRuleKeys = {
  keptGoing: { label: 'assignments.trophies.rule.keptGoing.label', description: 'assignments.trophies.rule.keptGoing.description' },
  hints: { label: 'assignments.trophies.rule.hints.label', description: 'assignments.trophies.rule.hints.description' },
  cameBack: { label: 'assignments.trophies.rule.cameBack.label', description: 'assignments.trophies.rule.cameBack.description' },
  early: { label: 'assignments.trophies.rule.early.label', description: 'assignments.trophies.rule.early.description' },
} as const satisfies Record<TrophyRuleKind, { label: MessageId; description: MessageId }>;
