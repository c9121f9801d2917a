import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversation } from './ai';
import { user } from './auth';
import { bot, botKinds } from './bots';
import { file } from './files';

export const savedKinds = ['document', 'conversation', 'image'] as const;

/**
 * A Saved Docs item: the teacher's own copy of what a bot produced. A document keeps its Markdown
 * in `body`; a conversation references the stored conversation (so reopening continues it) and
 * keeps a Markdown transcript snapshot in `body` for search and export; an image references its
 * file. The bot's kind and name are snapshots, so the list still reads well after the bot is
 * deleted. `version` is bumped by every edit for optimistic concurrency; `deleted_at` is Undo's.
 */
export const savedItem = pgTable(
  'saved_item',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: savedKinds }).notNull(),
    title: text('title').notNull(),
    /**
     * The title is the document's first heading, kept in step with its text, until the teacher
     * names it (then false for good). False for anything else, so an item is never retitled unasked.
     */
    titleFromHeading: boolean('title_from_heading').notNull().default(false),
    body: text('body').notNull().default(''),
    /** The conversation a document or conversation came from (a document's Refine continues it). */
    conversationId: uuid('conversation_id').references(() => conversation.id, { onDelete: 'set null' }),
    fileId: uuid('file_id').references(() => file.id, { onDelete: 'cascade' }),
    botId: uuid('bot_id').references(() => bot.id, { onDelete: 'set null' }),
    botKind: text('bot_kind', { enum: botKinds }),
    botName: text('bot_name').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('saved_item_owner_updated_idx')
      .on(t.ownerId, t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('saved_item_owner_created_idx')
      .on(t.ownerId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('saved_item_conversation_idx').on(t.conversationId),
    index('saved_item_file_idx').on(t.fileId),
  ],
);
