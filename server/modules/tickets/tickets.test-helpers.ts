import { randomBytes } from 'node:crypto';
import { schema } from '../../db/client';
import type { TestContext } from '../../../tests/harness';

export const key = () => `k-${randomBytes(6).toString('hex')}`;

export const newTicket = (over: Record<string, unknown> = {}) => ({
  category: 'problem',
  subject: 'The bot will not open',
  message: 'When I press Run, nothing happens.',
  idempotencyKey: key(),
  ...over,
});

/**
 * A conversation of the owner's with `turns` alternating user/assistant turns (the first is the
 * user's), as a runner leaves it; returns its id and its turns' ids in order.
 */
export async function conversationOf(ctx: TestContext, ownerId: string, turns: string[], title = 'Fractions chat') {
  const [conv] = await ctx.database.db.insert(schema.conversation).values({ ownerId, title, botKind: 'chatbot' }).returning();
  const ids: string[] = [];
  for (const [i, text] of turns.entries()) {
    const [m] = await ctx.database.db
      .insert(schema.aiMessage)
      .values({ conversationId: conv!.id, seq: i + 1, role: i % 2 === 0 ? 'user' : 'assistant', text, status: 'complete' })
      .returning();
    ids.push(m!.id);
  }
  return { id: conv!.id, turnIds: ids };
}
