import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ConversationList, ConversationSummary } from '../../../contract/ai';
import {
  chatBotSettings,
  checkFormValues,
  docBotSettings,
  tutorBotSettings,
  type RecentRuns,
  type RecentRunsQuery,
  type StartRunInput,
} from '../../../contract/bots';
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale';
import type { RunSpec } from '../../ai/run-spec';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { AppError, invalidFields } from '../../lib/errors';
import type { TeacherAiActor } from '../conversations';
import { presentConversation } from '../conversations';
import type { SendBots } from '../conversations';
import type { ConversationRow, RunBot } from '../conversations';
import { visibleTo, type BotActor } from './bots.policy';
import { presentSummary, type BotRow } from './bots.presenter';
import { findVisibleBot } from './library.service';
import { templateInLocale } from './templates/es';
import { tutorFrame } from './templates/tutor-rules';
import { message } from '../../lib/message';

const engineKind = { DocBot: 'docbot', ChatBot: 'chatbot', TutorBot: 'tutorbot' } as const;

/**
 * POST /api/bots/:id/runs: a conversation with a bot the actor may see (templates included, with
 * no copy made). A DocBot's form is checked here, on the server, and kept with the run so every
 * turn (Generate, Refine, Regenerate) sees the same form. Records the owner's last use.
 */
export async function startBotRun(
  db: Db,
  actor: BotActor,
  id: string,
  input: StartRunInput,
  locale: Locale = DEFAULT_LOCALE,
): Promise<ConversationSummary> {
  const bot = await findVisibleBot(db, actor, id);
  let inputs: { key: string; label: string; value: string }[] = [];
  if (bot.kind === 'DocBot') {
    const form = docBotSettings.parse(bot.settings).formInputs;
    const { values, errors } = checkFormValues(form, input.values);
    if (Object.keys(errors).length) {
      const fields = Object.fromEntries(Object.entries(errors).map(([k, v]) => [`values.${k}`, v]));
      throw invalidFields(fields);
    }
    inputs = form.filter((f) => values[f.key] !== undefined).map((f) => ({ key: f.key, label: f.label, value: String(values[f.key]) }));
  }
  // One statement, not a transaction of three: on PGlite in its worker thread a transaction holds
  // the whole database across each round trip, and a class starting runs at once would queue on it.
  const now = new Date();
  const at = sql`${now.toISOString()}::timestamptz`;
  const conversation: ConversationRow = {
    id: randomUUID(),
    ownerId: actor.userId,
    botId: bot.id,
    botKind: engineKind[bot.kind],
    // A chat or tutor run is titled by its first question when it is sent (conversations.title.ts), so
    // past conversations tell apart; a DocBot run's first message is the form, so it keeps the bot's
    // name, a template's in the reader's language.
    title: bot.kind === 'DocBot' ? templateInLocale(bot, locale).name : '',
    createdAt: now,
    updatedAt: now,
  };
  const own = bot.ownerId === actor.userId;
  await db.execute(sql`
    with conv as (
      insert into ${schema.conversation} (id, owner_id, bot_id, bot_kind, title, created_at, updated_at)
      values (${conversation.id}::uuid, ${conversation.ownerId}, ${bot.id}, ${conversation.botKind}, ${conversation.title}, ${at}, ${at})
      returning id
    ),
    run as (insert into ${schema.botRun} (conversation_id, bot_id, inputs) select id, ${bot.id}::uuid, ${JSON.stringify(inputs)}::jsonb from conv),
    used as (update ${schema.bot} set last_used_at = ${at}, active_at = ${at} where id = ${bot.id}::uuid and owner_id = ${actor.userId} and ${own})
    select 1`);
  return presentConversation(conversation);
}

/**
 * A run that produced something: a reply with text, or one being written now. A run whose first
 * generation failed before any text (no AI, quota used up, the provider refused) or that never
 * sent anything is kept (its address still opens) but not listed (docs/decisions/074-past-runs-listing-and-titles.md).
 */
const producedSomething = sql`exists (select 1 from ai_message m where m.conversation_id = ${schema.conversation.id}
  and m.role = 'assistant' and m.status <> 'superseded' and (m.text <> '' or m.status = 'streaming'))`;

/** GET /api/bots/:id/runs: the actor's own past conversations with a bot they may see, newest first, empty ones left out. */
export async function listBotRuns(db: Db, actor: BotActor, id: string): Promise<ConversationList> {
  const bot = await findVisibleBot(db, actor, id);
  const rows = await db
    .select({ conversation: schema.conversation })
    .from(schema.botRun)
    .innerJoin(schema.conversation, eq(schema.conversation.id, schema.botRun.conversationId))
    .where(and(eq(schema.botRun.botId, bot.id), eq(schema.conversation.ownerId, actor.userId), producedSomething))
    .orderBy(desc(schema.conversation.updatedAt))
    .limit(100);
  return { conversations: rows.map((r) => presentConversation(r.conversation)) };
}

/**
 * GET /api/bots/recent-runs: the actor's own runs that produced something, of bots they may still see,
 * newest first, with the bot's card so the start page can open each in its runner.
 */
export async function listRecentRuns(
  db: Db,
  actor: BotActor,
  query: RecentRunsQuery,
  locale: Locale = DEFAULT_LOCALE,
): Promise<RecentRuns> {
  const c = schema.conversation;
  const rows = await db
    .select({ conversation: c, bot: schema.bot })
    .from(c)
    .innerJoin(schema.botRun, eq(schema.botRun.conversationId, c.id))
    .innerJoin(schema.bot, eq(schema.bot.id, schema.botRun.botId))
    .where(and(eq(c.ownerId, actor.userId), visibleTo(actor), producedSomething))
    .orderBy(desc(c.updatedAt), desc(c.id))
    .limit(query.limit);
  return {
    runs: rows.map((r) => ({
      conversationId: r.conversation.id,
      title: r.conversation.title,
      updatedAt: r.conversation.updatedAt.toISOString(),
      bot: presentSummary(actor, r.bot, null, locale),
    })),
  };
}

/** The system text of a bot: its own instructions, with what its kind's fields mean for the model. */
export function composeBotInstructions(bot: Pick<BotRow, 'kind' | 'instructions' | 'settings'>): string {
  const own = bot.instructions.trim();
  switch (bot.kind) {
    case 'DocBot': {
      const s = docBotSettings.parse(bot.settings);
      return [
        own,
        s.outputFormat.trim() ? `Output format:\n${s.outputFormat.trim()}` : '',
        'The teacher filled in the form given with this run. Write the complete document in Markdown, using only the fields that were filled in. When the teacher then asks for a change, answer with the whole revised document, not only the changed part.',
      ]
        .filter(Boolean)
        .join('\n\n');
    }
    case 'ChatBot': {
      const s = chatBotSettings.parse(bot.settings);
      return [own, s.welcomeMessage ? `The chat opened with this welcome message from you: "${s.welcomeMessage}"` : '']
        .filter(Boolean)
        .join('\n\n');
    }
    case 'TutorBot': {
      const s = tutorBotSettings.parse(bot.settings);
      const details = [
        s.subject && `Subject: ${s.subject}`,
        s.gradeLevel && `Grade level: ${s.gradeLevel}`,
        s.learningObjectives && `Learning objectives: ${s.learningObjectives}`,
        s.completionCriteria && `Completion criteria: ${s.completionCriteria}`,
        s.tutoringStyle === 'practice_quiz' && `Questions per round: ${s.quizLength}`,
        s.welcomeMessage && `The student has already seen your welcome message: "${s.welcomeMessage}"`,
      ].filter(Boolean);
      // The app's teaching and safety rules come first, so a teacher's edit cannot remove them.
      return [
        tutorFrame(s.tutoringStyle),
        details.length ? `This tutor:\n${details.join('\n')}` : '',
        own ? `The teacher's own instructions:\n${own}` : '',
      ]
        .filter(Boolean)
        .join('\n\n');
    }
  }
}

/**
 * The bot's ready knowledge files (extracted text present), in the bot's order, as one JSON array
 * of { name, text }: an expression for any query that has the bot's id (the caller has checked
 * access to the bot).
 */
export function knowledgeJson(botId: AnyPgColumn | SQL): SQL {
  const k = schema.botKnowledge;
  const f = schema.file;
  return sql`(select coalesce(json_agg(json_build_object('name', ${f.name}, 'text', ${f.extractedText}) order by ${k.position}), '[]'::json)
    from ${k} join ${f} on ${f.id} = ${k.fileId}
    where ${k.botId} = ${botId} and ${f.status} = 'ready' and ${f.extractedText} is not null)`;
}

export type Knowledge = { name: string; text: string }[];

/** A knowledgeJson value as the driver gave it (parsed, or its text). */
export const parseKnowledge = (value: unknown): Knowledge => ((typeof value === 'string' ? JSON.parse(value) : value) ?? []) as Knowledge;

/** The extracted text of the bot's ready knowledge files, in the bot's order (the caller has checked access to the bot). */
export async function knowledgeTexts(db: Db, botId: string): Promise<Knowledge> {
  const result = (await db.execute(sql`select ${knowledgeJson(sql`${botId}::uuid`)} as knowledge`)) as { rows: { knowledge: unknown }[] };
  return parseKnowledge(result.rows[0]?.knowledge);
}

const unavailable = () => new AppError('not_found', 404, message('botGone'));

/**
 * A teacher's bot run spec from what the send's one read found (no query here): `bot` is null when
 * the run is missing or the teacher may no longer run the bot (deleted or unshared since the run
 * began), which answers 404. A TutorBot runs with the student audience, so its teacher's preview is
 * exactly what a student meets; the quota is the teacher's. Students' tutor runs go through
 * my-assignments, not here.
 */
export function botRunSpec(
  bot: RunBot | null,
  inputs: { label: string; value: string }[] | null,
  knowledge: Knowledge,
  teacher: TeacherAiActor,
): RunSpec {
  if (!bot || !inputs) throw unavailable();
  return {
    audience: bot.kind === 'TutorBot' ? 'student' : 'teacher',
    botId: bot.id,
    instructions: composeBotInstructions(bot),
    knowledge,
    inputs: inputs.map(({ label, value }) => ({ label, value })),
    temperature: bot.temperature,
    poolOwnerId: teacher.user.id,
  };
}

/** The bots module's pieces of a teacher's send, which createApp hands to the conversation routes. */
export const sendBots: SendBots = {
  visibleBot: visibleTo,
  knowledgeOf: knowledgeJson,
  runSpecOf: botRunSpec,
};
