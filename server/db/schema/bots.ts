import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversation } from './ai';
import { user } from './auth';
import { file } from './files';
import { schoolLicence } from './schools';

export const botKinds = ['DocBot', 'ChatBot', 'TutorBot'] as const;

/** The letters PostgreSQL's translate() folds on the bots' side; the same as search-terms.ts foldAccents for our two languages. */
const ACCENTED = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç';
const UNACCENTED = 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc';

/** The text search configurations of the two languages: a bot's searched fields are indexed in each. */
export const TEXT_CONFIGS = ['english', 'spanish'] as const;
export type TextConfig = (typeof TEXT_CONFIGS)[number];

/** A SQL string literal: these expressions are written out, not bound, for an index to match them. */
const literal = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);

/** A field's text with its accents folded (translate only when there is a letter beyond ASCII: it is slow). */
const folded = (field: SQLWrapper) =>
  sql`case when ${field} ~ ${literal(String.raw`[^\x01-\x7f]`)} then translate(${field}, ${literal(ACCENTED)}, ${literal(UNACCENTED)}) else ${field} end`;

/**
 * A field as the ranked search reads it (decision 281, server/modules/bots/bot-search.ts): accents
 * folded, and each hyphenated word also written joined ("E-mail" also reads "Email").
 */
export const searchable = (field: SQLWrapper) => {
  const text = folded(field);
  return sql`${text} || ' ' || regexp_replace(${text}, ${literal("(?<=[[:alnum:]])[-'’‐](?=[[:alnum:]])")}, '', 'g')`;
};

/**
 * A field's text vector in a configuration, written exactly as its GIN index below is
 * (bot_search_*_idx), so `searchVector(...) @@ query` is answered by the index without reading the text.
 */
export const searchVector = (config: TextConfig, field: SQLWrapper): SQL =>
  sql`to_tsvector(${sql.raw(`'${config}'::regconfig`)}, ${searchable(field)})`;
export const botVisibilities = ['private', 'school', 'public'] as const;

/** A teacher's named folder in one library (per kind), in the teacher's order. */
export const botCollection = pgTable(
  'bot_collection',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: botKinds }).notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bot_collection_owner_idx').on(t.ownerId, t.kind, t.position)],
);

/**
 * A DocBot, ChatBot or TutorBot. Built-in templates have no owner and a stable `template_key`;
 * a teacher's copy is a separate row (`copied_from`), so syncing templates never touches it.
 * `school_id` is the owner's school licence as of the owner's last write, which is what school
 * sharing matches on. `version` is bumped on every edit for optimistic concurrency; `active_at`
 * (last edit or run) orders the library and carries the keyset cursor.
 */
export const bot = pgTable(
  'bot',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id').references(() => schoolLicence.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: botKinds }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** An emoji; ignored when icon_file_id is set. */
    icon: text('icon').notNull().default(''),
    iconFileId: uuid('icon_file_id').references(() => file.id, { onDelete: 'set null' }),
    instructions: text('instructions').notNull().default(''),
    /** The kind's own fields (contract/bots.ts docBotSettings, chatBotSettings, tutorBotSettings). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    temperature: doublePrecision('temperature').notNull().default(0.7),
    visibility: text('visibility', { enum: botVisibilities }).notNull().default('private'),
    collectionId: uuid('collection_id').references(() => botCollection.id, { onDelete: 'set null' }),
    /** The bot this one was copied from; no foreign key, since the source may be deleted. */
    copiedFrom: uuid('copied_from'),
    templateKey: text('template_key').unique(),
    templateVersion: integer('template_version'),
    version: integer('version').notNull().default(1),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    activeAt: timestamp('active_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by Delete; cleared by Undo. Deleted rows are invisible to every read. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // One index per library tab, matching its where clause and its keyset order.
    index('bot_owner_kind_active_idx')
      .on(t.ownerId, t.kind, t.activeAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('bot_school_kind_active_idx')
      .on(t.schoolId, t.kind, t.activeAt.desc(), t.id.desc())
      .where(sql`${t.visibility} = 'school' and ${t.deletedAt} is null`),
    index('bot_public_kind_active_idx')
      .on(t.kind, t.activeAt.desc(), t.id.desc())
      .where(sql`${t.visibility} = 'public' and ${t.deletedAt} is null`),
    index('bot_collection_idx').on(t.collectionId),
    // The ranked search's direct matches (decision 281): each searched field's text vector, in each
    // language. Without fastupdate a new bot goes straight into the index, not into a pending list
    // that every search would read through.
    ...TEXT_CONFIGS.flatMap((config) => [
      index(`bot_search_name_${config}_idx`).using('gin', searchVector(config, t.name)).with({ fastupdate: 'off' }),
      index(`bot_search_subject_${config}_idx`)
        .using('gin', searchVector(config, sql`coalesce(${t.settings} ->> 'subject', '')`))
        .with({ fastupdate: 'off' }),
      index(`bot_search_description_${config}_idx`).using('gin', searchVector(config, t.description)).with({ fastupdate: 'off' }),
    ]),
  ],
);

/** The knowledge files of a bot, in order. A copy links the source's files (see docs/decisions/058-copies-link-their-source-files.md). */
export const botKnowledge = pgTable(
  'bot_knowledge',
  {
    botId: uuid('bot_id')
      .notNull()
      .references(() => bot.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => file.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.fileId] }), index('bot_knowledge_file_idx').on(t.fileId)],
);

/**
 * A bot conversation started from the library or a runner: which bot, and a DocBot's form as the
 * runner filled it in (checked against the bot's form), which every turn of the run is given.
 */
export const botRun = pgTable(
  'bot_run',
  {
    conversationId: uuid('conversation_id')
      .primaryKey()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bot.id, { onDelete: 'cascade' }),
    /** [{ key, label, value }] in the form's order. */
    inputs: jsonb('inputs').$type<{ key: string; label: string; value: string }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bot_run_bot_idx').on(t.botId)],
);
