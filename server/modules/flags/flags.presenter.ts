import type { FlagCategory, FlagSeverity, FlagSummary, FlagTurn } from '../../../contract/flags';
import { flagCategories } from '../../../contract/flags';

/** A flag as the list and detail queries select it. */
export interface FlagRow {
  id: string;
  category: string;
  severity: FlagSeverity;
  reason: string;
  detectedBy: FlagSummary['detectedBy'];
  source: FlagSummary['source'];
  createdAt: Date;
  reviewedAt: Date | null;
  reviewerName: string | null;
  reviewNote: string;
  studentName: string;
  assignmentId: string;
  assignmentTitle: string;
  recordId: string;
  as: 'teacher' | 'admin';
  alertMailFailures: number;
  alertMailRetryAt: Date | null;
}

/** A category the checkers did not name (an older row) reads as the provider's own block. */
const categoryOf = (c: string): FlagCategory =>
  (flagCategories as readonly string[]).includes(c) ? (c as FlagCategory) : 'provider_block';

export function presentFlag(row: FlagRow): FlagSummary {
  return {
    id: row.id,
    category: categoryOf(row.category),
    severity: row.severity,
    reason: row.reason,
    detectedBy: row.detectedBy,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    reviewed: row.reviewedAt ? { at: row.reviewedAt.toISOString(), byName: row.reviewerName, note: row.reviewNote } : null,
    studentName: row.studentName,
    assignment: { id: row.assignmentId, title: row.assignmentTitle },
    recordId: row.recordId,
    as: row.as,
    // Due again after a round that failed: unsent. Due for the first time (the send under way): not yet a failure.
    alertUnsent: row.alertMailRetryAt !== null && row.alertMailFailures > 0,
  };
}

export function presentTurn(
  m: { id: string; role: 'user' | 'assistant'; text: string; status: string; createdAt: Date },
  flaggedId: string | null,
): FlagTurn {
  return { id: m.id, role: m.role, text: m.text, status: m.status, createdAt: m.createdAt.toISOString(), flagged: m.id === flaggedId };
}
