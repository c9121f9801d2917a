import { DefaultChatTransport, type UIMessage } from 'ai';
import type { ReplyMetadata } from '../../../../contract/ai';

export type ChatMessage = UIMessage<ReplyMetadata>;

/**
 * The useChat transport for one conversation: a send posts only the new message's text with the
 * message's own id as the idempotency key (a double click or a retried request makes one reply);
 * Regenerate posts to /retry. History, model and provider stay on the server.
 */
export function conversationTransport(conversationId: string) {
  const base = `/api/conversations/${encodeURIComponent(conversationId)}`;
  return new DefaultChatTransport<ChatMessage>({
    api: `${base}/messages`,
    credentials: 'same-origin',
    prepareSendMessagesRequest: ({ messages, trigger }) => {
      if (trigger === 'regenerate-message') return { api: `${base}/retry`, body: { idempotencyKey: crypto.randomUUID() } };
      const last = messages.at(-1);
      const text = (last?.parts ?? []).map((p) => (p.type === 'text' ? p.text : '')).join('');
      return { body: { idempotencyKey: last?.id && last.id.length >= 8 ? last.id : crypto.randomUUID(), text } };
    },
  });
}
