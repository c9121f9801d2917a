import { and, eq, isNull } from 'drizzle-orm';
import { createBotInput } from '../../../contract/bots';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import type { BotActor } from '../bots';
import { createBot } from '../bots';
import { builtinTemplates } from '../bots';
import { startBotRun } from '../bots';
import { createSaved } from '../saved';
import { sharedSchoolBot, teacherSampleBots, teacherSampleDocuments, type SampleBot } from './demo-content';

/** What one pass of the demo seed added to the libraries. */
export interface SampleCounts {
  bots: number;
  runs: number;
  savedItems: number;
}

/**
 * Gives one demo teacher their sample library, through the same services the app's pages use:
 * bots copied from the built-in templates, a finished run of some of them (the turns written as
 * complete messages; no model is called) and Saved Docs items. Each sample is recognised by its
 * name, deleted ones included, so a second pass adds only what is missing and never brings back
 * what the teacher deleted.
 */
export async function seedSampleLibrary(db: Db, actor: BotActor, options: { sharesSchoolBot: boolean }): Promise<SampleCounts> {
  const counts: SampleCounts = { bots: 0, runs: 0, savedItems: 0 };
  const samples = [...teacherSampleBots, ...(options.sharesSchoolBot && actor.schoolId ? [sharedSchoolBot] : [])];
  for (const sample of samples) {
    const added = await seedSampleBot(db, actor, sample);
    counts.bots += added.bots;
    counts.runs += added.runs;
    counts.savedItems += added.savedItems;
  }
  for (const doc of teacherSampleDocuments) {
    const [found] = await db
      .select({ id: schema.savedItem.id })
      .from(schema.savedItem)
      .where(and(eq(schema.savedItem.ownerId, actor.userId), eq(schema.savedItem.title, doc.title)));
    if (found) continue;
    await createSaved(db, actor, { kind: 'document', title: doc.title, body: doc.body });
    counts.savedItems += 1;
  }
  return counts;
}

async function seedSampleBot(db: Db, actor: BotActor, sample: SampleBot): Promise<SampleCounts> {
  const template = builtinTemplates.find((t) => t.key === sample.templateKey);
  if (!template) throw new Error(`The demo data names a template that does not exist: ${sample.templateKey}`);
  const [existing] = await db
    .select({ id: schema.bot.id })
    .from(schema.bot)
    .where(and(eq(schema.bot.ownerId, actor.userId), eq(schema.bot.kind, template.kind), eq(schema.bot.name, sample.name)));
  if (existing) return { bots: 0, runs: 0, savedItems: 0 };

  const [source] = await db
    .select({ id: schema.bot.id })
    .from(schema.bot)
    .where(and(eq(schema.bot.templateKey, template.key), isNull(schema.bot.ownerId)));
  const input = createBotInput.parse({
    kind: template.kind,
    name: sample.name,
    description: sample.description,
    icon: { type: 'emoji', emoji: template.icon },
    instructions: template.instructions,
    settings: template.settings,
    temperature: template.temperature,
    visibility: sample.visibility,
    copiedFrom: source?.id ?? null,
  });
  const bot = await createBot(db, actor, input);
  if (!sample.run) return { bots: 1, runs: 0, savedItems: 0 };

  const run = await startBotRun(db, actor, bot.id, { values: sample.form ?? {} });
  let seq = 0;
  for (const turn of sample.run.turns) {
    const [asked] = await db
      .insert(schema.aiMessage)
      .values({ conversationId: run.id, seq: ++seq, role: 'user', text: turn.user, status: 'complete', idempotencyKey: `demo-${seq}` })
      .returning({ id: schema.aiMessage.id });
    await db
      .insert(schema.aiMessage)
      .values({ conversationId: run.id, seq: ++seq, role: 'assistant', text: turn.reply, status: 'complete', replyTo: asked!.id });
  }
  const last = sample.run.turns.at(-1)!;
  await createSaved(
    db,
    actor,
    sample.run.save === 'document'
      ? { kind: 'document', body: last.reply, conversationId: run.id, botId: bot.id }
      : { kind: 'conversation', conversationId: run.id },
  );
  return { bots: 1, runs: 1, savedItems: 1 };
}
