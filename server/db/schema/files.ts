import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * An uploaded or generated file. The bytes live in the storage backend under `storage_key`, a
 * name the server makes; `name` is the original file name, kept as metadata and shown as text.
 * A row is `processing` from the moment it reserves its owner's quota until its bytes are stored
 * and its text extracted; only `ready` files are served.
 *
 * `pending_until` is set on an upload made from a bot editor: the file waits for a save that uses
 * it (or the teacher's Keep on My Files), which clears it; the hourly sweep deletes a file still
 * pending after this time that nothing uses (docs/decisions/283-pending-editor-uploads.md).
 */
export const file = pgTable(
  'file',
  {
    id: uuid('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    declaredType: text('declared_type').notNull(),
    sniffedType: text('sniffed_type').notNull(),
    purpose: text('purpose', { enum: ['knowledge', 'image', 'icon', 'attachment'] }).notNull(),
    status: text('status', { enum: ['processing', 'ready'] }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    sha256: text('sha256').notNull(),
    extractedText: text('extracted_text'),
    pendingUntil: timestamp('pending_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('file_owner_idx').on(t.ownerId, t.createdAt),
    index('file_pending_idx')
      .on(t.pendingUntil)
      .where(sql`${t.pendingUntil} is not null`),
  ],
);

/**
 * Stored objects whose file rows are gone, waiting to be removed from storage. A delete writes the
 * keys here in the transaction that removes the rows (so the quota is freed at once), removes the
 * objects after it commits, and crosses each off; one left behind (storage down) is removed by the
 * files sweep on a later run, so no object outlives its row for long.
 */
export const fileDeletion = pgTable('file_deletion', {
  storageKey: text('storage_key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
