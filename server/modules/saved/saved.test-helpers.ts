import { schema } from '../../db/client';
import type { TestContext } from '../../../tests/harness';
import { resolveSubscription } from '../../core/plan';
import { storeBufferAsFile } from '../files/files.service';
import { docBot } from '../bots/bots.test-helpers';

/** A 1×1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A stored conversation of the owner's with these turns, as the AI engine leaves it. */
export async function makeConversation(
  ctx: TestContext,
  ownerId: string,
  turns: string[],
  bot: { id: string; kind: 'docbot' | 'chatbot' } | null = null,
) {
  const [conversation] = await ctx.database.db
    .insert(schema.conversation)
    .values({ ownerId, title: turns[0] ?? '', botId: bot?.id ?? null, botKind: bot?.kind ?? null })
    .returning();
  await addTurns(ctx, conversation!.id, turns, 0);
  return conversation!;
}

/** Appends turns (user, assistant, user, ...) from seq `from`. */
export async function addTurns(ctx: TestContext, conversationId: string, turns: string[], from: number) {
  if (!turns.length) return;
  await ctx.database.db.insert(schema.aiMessage).values(
    turns.map((text, i) => ({
      conversationId,
      seq: from + i,
      role: (from + i) % 2 === 0 ? ('user' as const) : ('assistant' as const),
      text,
      status: 'complete' as const,
    })),
  );
}

/** A real stored image file of the user's (bytes in the storage backend). */
export async function makeImage(
  ctx: TestContext,
  user: { id: string; name: string; email: string; emailVerified: boolean; role: 'teacher' | 'student' },
) {
  const subscription = await resolveSubscription(ctx.database.db, { user, settings: ctx.config });
  return storeBufferAsFile({ db: ctx.database.db, config: ctx.config }, subscription, {
    ownerId: user.id,
    data: tinyPng,
    name: 'volcano.png',
    declaredType: 'image/png',
    purpose: 'image',
  });
}

export { docBot };
