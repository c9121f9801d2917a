/** Query keys of conversations (a run of a bot is a conversation), for the runners and the editors' Try-it. */
export const conversationKeys = {
  all: ['conversations'] as const,
  detail: (id: string) => [...conversationKeys.all, 'detail', id] as const,
  /** The caller's past runs of every bot (a prefix, to read them all again). */
  ofAnyBot: ['conversations', 'bot'] as const,
  /** The caller's past runs of one bot. */
  ofBot: (botId: string) => [...conversationKeys.all, 'bot', botId] as const,
};
