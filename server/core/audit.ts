import type { AuditAction } from '../../contract/audit';
import type { Db, Tx } from '../db/client';
import { schema } from '../db/client';

/** One entry as a writer gives it: the action is one of AUDIT_ACTIONS (the list superDash filters by). */
export type AuditEntry = Omit<typeof schema.auditLog.$inferInsert, 'id' | 'at' | 'action'> & { action: AuditAction };

/**
 * Writes one audit entry. Pass the transaction that makes the change, so the entry exists exactly
 * when the change does. `before`/`after` hold the changed row's fields (dates as ISO strings).
 */
export async function recordAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(schema.auditLog).values(entry);
}

/** A row's fields for `before`/`after`: dates become ISO strings, so the JSON reads the same everywhere. */
export function auditSnapshot(row: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!row) return null;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}
