import { DefaultChatTransport, type UIMessage } from 'ai';
import type { ReplyMetadata } from '../../../../contract/ai';
import { toApiError } from '../../../lib/http';

export type TryItMessage = UIMessage<ReplyMetadata>;

/**
 * The Try-it panel's test chat: the useChat transport and the conversation it posts to. The
 * conversation is started on the first send, so its id is read when each request is prepared.
 * Only the new message's text goes up, with the message id as idempotency key; history, model and
 * the bot's settings stay on the server.
 */
export class TryItSession {
  private conversation: { id: string; botId: string } | null = null;

  readonly transport = new DefaultChatTransport<TryItMessage>({
    credentials: 'same-origin',
    prepareSendMessagesRequest: ({ messages }) => {
      const id = this.conversation?.id;
      if (!id) throw new Error('The test chat has not started.');
      const last = messages.at(-1);
      const text = (last?.parts ?? []).map((p) => (p.type === 'text' ? p.text : '')).join('');
      const key = last?.id && /^[A-Za-z0-9._:-]{8,100}$/.test(last.id) ? last.id : crypto.randomUUID();
      return { api: `/api/conversations/${encodeURIComponent(id)}/messages`, body: { idempotencyKey: key, text } };
    },
  });

  /** Whether the chat already runs against this saved bot. */
  isWith(botId: string): boolean {
    return this.conversation?.botId === botId;
  }

  start(conversationId: string, botId: string): void {
    this.conversation = { id: conversationId, botId };
  }

  reset(): void {
    this.conversation = null;
  }
}

/** The server's message inside a failed stream request (its JSON error body), else null. */
export function chatErrorMessage(error: Error | undefined): string | null {
  if (!error) return null;
  // Not the error body (a network failure or a stream that broke off) reads as code unknown.
  const parsed = toApiError(0, error.message);
  return parsed.code === 'unknown' ? null : parsed.message;
}
