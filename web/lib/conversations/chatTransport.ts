import { DefaultChatTransport, type ChatRequestOptions, type UIMessage } from 'ai';
import type { ReplyMetadata } from '../../../contract/ai';
import { apiFetch } from '../http';

/** A message of a chat with a bot, as useChat holds it (the stored status rides in its metadata). */
export type ChatMessage = UIMessage<ReplyMetadata>;

/**
 * The text of a message: its last text part. The server opens a second text part only to replace
 * what was shown (a student's reply a check flagged halfway, or held, is replaced by the safe reply).
 */
export const messageText = (m: Pick<ChatMessage, 'parts'>) => m.parts.findLast((p) => p.type === 'text')?.text ?? '';

/**
 * Options for `resumeStream` that attach to a reply the server is still writing (a reload, a
 * second tab): the transport reads that reply's stream from where it is.
 */
export const attachTo = (messageId: string) => ({ body: { messageId } }) satisfies ChatRequestOptions;

/**
 * Options for `regenerate` that repeat the last request as it was, same idempotency key included:
 * "Try again" after a request that may or may not have reached the server.
 */
export const repeatLastRequest = { body: { repeat: true } } satisfies ChatRequestOptions;

/**
 * Where a conversation's chat is served, given its id: the base path under which the transport
 * posts `/messages` and `/retry` and reads `/messages/:messageId/stream` (Stop posts
 * `/messages/:messageId/stop`, and a GET of the base answers `{ messages }`). A teacher's run is
 * /api/conversations/:id; a student's assignment is /api/my-assignments/:asid.
 */
export type ChatEndpoint = (conversationId: string) => string;

/** The conversations API: a teacher's own runs and the editors' Try-it. */
export const conversationEndpoint: ChatEndpoint = (id) => `/api/conversations/${encodeURIComponent(id)}`;

interface PreparedRequest {
  api: string;
  body: { idempotencyKey: string; text?: string };
}

/**
 * The one useChat transport of a conversation, for the runners and the editors' Try-it. The
 * conversation is read when each request starts (a new chat creates it on its first send). Only the
 * new text goes up; history, model and the bot's settings stay on the server. A send posts to
 * /messages, Regenerate to /retry. Idempotency: each user action (a send, a regenerate) gets a
 * fresh key, and repeating that same action (repeatLastRequest) sends the same key again, so the
 * server answers a request it already has with the reply it made, without a second model call.
 * Resuming (attachTo) reads /messages/:messageId/stream: the reply from its text so far, growing
 * until it ends. Refused requests throw the server's ApiError. `endpoint` says where the
 * conversation is served (the conversations API unless told otherwise).
 */
export function chatTransport(conversationId: () => string | null, endpoint: ChatEndpoint = conversationEndpoint) {
  const base = () => {
    const id = conversationId();
    if (!id) throw new Error('The chat has no conversation yet.');
    return endpoint(id);
  };
  let last: PreparedRequest | null = null;
  return new DefaultChatTransport<ChatMessage>({
    api: '/api/conversations',
    credentials: 'same-origin',
    fetch: apiFetch,
    prepareSendMessagesRequest: ({ messages, trigger, body }) => {
      const repeat = body?.repeat === true;
      if (repeat && last) return last;
      const idempotencyKey = crypto.randomUUID();
      const message = messages.at(-1);
      // A repeat with nothing to repeat (no request yet in this chat) sends the last message anew.
      last =
        trigger === 'regenerate-message' && !repeat
          ? { api: `${base()}/retry`, body: { idempotencyKey } }
          : { api: `${base()}/messages`, body: { idempotencyKey, text: message ? messageText(message) : '' } };
      return last;
    },
    prepareReconnectToStreamRequest: ({ body }) => {
      const messageId: unknown = (body as { messageId?: unknown } | undefined)?.messageId;
      if (typeof messageId !== 'string') throw new Error('Attaching needs the reply being written.');
      return { api: `${base()}/messages/${encodeURIComponent(messageId)}/stream` };
    },
  });
}
