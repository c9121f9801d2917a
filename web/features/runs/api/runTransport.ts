import { DefaultChatTransport, type UIMessage } from 'ai';
import type { ReplyMetadata } from '../../../../contract/ai';
import { apiFetch } from '../../../lib/http';

export type RunMessage = UIMessage<ReplyMetadata>;

/** The text of a message's text parts. */
export const messageText = (m: Pick<RunMessage, 'parts'>) => m.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');

/**
 * The useChat transport of a run. The conversation is read when each request starts (a new run
 * creates it on the first send). A send posts only the new text, keyed by the message's id so a
 * repeated request makes one reply; Regenerate posts to /retry. History stays on the server.
 */
export function runTransport(conversationId: () => string | null) {
  const base = () => {
    const id = conversationId();
    if (!id) throw new Error('the run has no conversation yet');
    return `/api/conversations/${encodeURIComponent(id)}`;
  };
  return new DefaultChatTransport<RunMessage>({
    api: '/api/conversations',
    credentials: 'same-origin',
    fetch: apiFetch,
    prepareSendMessagesRequest: ({ messages, trigger, body }) => {
      const last = messages.at(-1);
      // "Try again" after a lost connection re-sends the same message (same key); otherwise a
      // regenerate replaces the last stored reply.
      const resend = last?.role === 'user' && body?.resend === true;
      if (trigger === 'regenerate-message' && !resend) return { api: `${base()}/retry`, body: { idempotencyKey: crypto.randomUUID() } };
      const key = last?.id && /^[A-Za-z0-9._:-]{8,100}$/.test(last.id) ? last.id : crypto.randomUUID();
      return { api: `${base()}/messages`, body: { idempotencyKey: key, text: last ? messageText(last) : '' } };
    },
  });
}
