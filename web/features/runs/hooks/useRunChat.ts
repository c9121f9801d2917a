import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Chat, useChat } from '@ai-sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConversationDetail } from '../../../../contract/ai';
import {
  attachTo,
  chatTransport,
  conversationEndpoint,
  messageText,
  repeatLastRequest,
  type ChatEndpoint,
  type ChatMessage,
} from '../../../lib/conversations/chatTransport';
import { conversationKeys } from '../../../lib/conversations/keys';
import { stopReply as stopOnServer } from '../api/stopReply';
import { getStoredMessages } from '../api/getStoredMessages';
import { ApiError } from '../../../lib/http';

/** A conversation as this hook needs it: its id and stored messages. */
type StoredConversation = Pick<ConversationDetail, 'id' | 'messages'>;

/** Stored messages as useChat messages: the stored id, one text part, the stored status as metadata. */
function toChatMessages(detail: StoredConversation | null): ChatMessage[] {
  if (!detail) return [];
  return detail.messages.map((m) => ({
    id: m.id,
    role: m.role,
    parts: [{ type: 'text', text: m.text }],
    metadata: { conversationId: detail.id, messageId: m.id, status: m.status, stopped: m.errorCode === 'stopped' || undefined },
  }));
}

/** Errors the server raised before storing anything: the message goes back into the box to send again. */
const nothingStored = (err: unknown) =>
  err instanceof ApiError && err.status !== 0 && (!err.code.startsWith('ai_') || err.code === 'ai_not_configured');

/** A reply the server was still writing when this page opened it (a reload, a second tab). */
const writtenOnServer = (m: ChatMessage | undefined): boolean => m?.role === 'assistant' && m.metadata?.status === 'streaming';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The conversation id the transport reads when a request starts; set once, on the first send. */
class ConversationHandle {
  constructor(private value: string | null) {}
  get id() {
    return this.value;
  }
  adopt(id: string) {
    this.value = id;
  }
  forget() {
    this.value = null;
  }
}

interface RunChatOptions {
  /** The stored conversation being reopened, or null for a new run. */
  initial: StoredConversation | null;
  /** Creates the run's conversation on the first send (POST /api/bots/:id/runs). */
  createConversation: () => Promise<string>;
  /** Told once the conversation exists, to put its id in the address. */
  onCreated?: (conversationId: string) => void;
  /** Where the conversation is served: the conversations API unless told (a student's assignment). */
  endpoint?: ChatEndpoint;
}

/**
 * One run's conversation: useChat over the conversation's endpoints, the conversation created on
 * the first send, Stop, Regenerate and Try again with the server's rules (see
 * docs/decisions/068-the-chat-transport-and-streaming-client.md).
 */
export function useRunChat({ initial, createConversation, onCreated, endpoint = conversationEndpoint }: RunChatOptions) {
  const [current] = useState(() => new ConversationHandle(initial?.id ?? null));
  const [conversationId, setConversationId] = useState<string | null>(initial?.id ?? null);
  /** The text of a message the server refused, given back to the message box. */
  const [returnedText, setReturnedText] = useState<{ text: string; at: number } | null>(null);
  /** The last send was refused before anything was stored (nothing to retry: the text is back in the box). */
  const [refused, setRefused] = useState(false);
  const [instance] = useState(() => {
    const c: Chat<ChatMessage> = new Chat<ChatMessage>({
      id: initial?.id ?? `new-${crypto.randomUUID()}`,
      messages: toChatMessages(initial),
      transport: chatTransport(() => current.id, endpoint),
      // A send refused before anything was stored leaves no trace: the message leaves the list
      // and goes back into the box, next to the server's reason.
      onError: (err) => {
        const last = c.lastMessage;
        if (!nothingStored(err) || last?.role !== 'user') return;
        setRefused(true);
        c.messages = c.messages.slice(0, -1);
        setReturnedText({ text: messageText(last), at: Date.now() });
      },
    });
    return c;
  });
  const chat = useChat<ChatMessage>({ chat: instance, experimental_throttle: 60 });
  const [stopped, setStopped] = useState<ReadonlySet<string>>(() => new Set());
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<unknown>(null);
  const { messages, status, error, sendMessage, regenerate, stop, clearError, setMessages } = chat;

  // Attaching to a reply the server is writing: from the request until its stream ends.
  const [attaching, setAttaching] = useState(() => writtenOnServer(instance.lastMessage));
  const attachRuns = useRef(0);
  const follow = useCallback(async () => {
    const last = instance.lastMessage;
    if (!last) return;
    const run = ++attachRuns.current;
    try {
      // Resuming a second time (a remount) aborts the first; only the last one ends the attaching.
      await instance.resumeStream(attachTo(last.id));
    } finally {
      if (attachRuns.current === run) setAttaching(false);
    }
  }, [instance]);
  useEffect(() => {
    if (writtenOnServer(instance.lastMessage)) void follow();
  }, [follow, instance]);
  const attach = useCallback(async () => {
    setAttaching(true);
    await follow();
  }, [follow]);

  // A reply still being written is no reply to act on yet, attached or not (yet).
  const pending = writtenOnServer(messages.at(-1));
  const busy = starting || status === 'submitted' || status === 'streaming' || attaching || pending;

  // The side lists of past runs ("Earlier documents", "Past conversations") read again once a
  // run is made and after each reply ends (its title and time change), without a reload.
  const client = useQueryClient();
  const refreshRunLists = useCallback(() => void client.invalidateQueries({ queryKey: conversationKeys.ofAnyBot }), [client]);
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) refreshRunLists();
    wasBusy.current = busy;
  }, [busy, refreshRunLists]);
  const streamingId = status === 'streaming' || attaching ? messages.at(-1)?.id : undefined;

  const ensureConversation = useCallback(async () => {
    if (current.id) return current.id;
    const id = await createConversation();
    current.adopt(id);
    setConversationId(id);
    onCreated?.(id);
    refreshRunLists();
    return id;
  }, [current, createConversation, onCreated, refreshRunLists]);

  /** Sends a message, creating the conversation first when needed. Refused sends give the text back. */
  const send = useCallback(
    async (text: string) => {
      setStartError(null);
      setRefused(false);
      clearError();
      setStarting(true);
      try {
        await ensureConversation();
      } catch (err) {
        setStartError(err);
        setRefused(true);
        setReturnedText({ text, at: Date.now() });
        return;
      } finally {
        setStarting(false);
      }
      await sendMessage({ text });
    },
    [ensureConversation, sendMessage, clearError],
  );

  /** The next send starts a new conversation (a DocBot whose form changed before any reply). */
  const forgetConversation = useCallback(() => {
    current.forget();
    setConversationId(null);
  }, [current]);

  /** Waits until the server has ended a reply that was stopped here (at once, unless the stop did not reach it). */
  const settle = useCallback(async () => {
    const id = current.id;
    if (!id) return;
    for (let i = 0; i < 120; i++) {
      const detail = await getStoredMessages(id, endpoint);
      if (detail.messages.at(-1)?.status !== 'streaming') return;
      await sleep(1000);
    }
  }, [current, endpoint]);

  const [settling, setSettling] = useState(false);

  /** Regenerate the last reply (also "Try again" after a failed or cut-off reply). */
  const regenerateLast = useCallback(async () => {
    clearError();
    setStartError(null);
    const last = messages.at(-1);
    // "Try again" on a reply that could not be followed: attach to it again.
    if (writtenOnServer(last)) {
      await attach();
      return;
    }
    if (last && stopped.has(last.id)) {
      setSettling(true);
      try {
        await settle();
      } catch (err) {
        setStartError(err);
        return;
      } finally {
        setSettling(false);
      }
    }
    // A send or regenerate lost to the network may or may not have reached the server: repeat it
    // with its key (the server answers a known key with the reply it made); a stored failure is retried.
    if (last?.role === 'user' && error instanceof ApiError && error.status === 0) {
      await regenerate(repeatLastRequest);
      return;
    }
    await regenerate();
  }, [clearError, messages, attach, stopped, settle, error, regenerate]);

  /** Stop: the page stops reading, and the server ends the reply where it is (and keeps it). */
  const stopReply = useCallback(async () => {
    const last = messages.at(-1);
    await stop();
    if (last?.role !== 'assistant') return;
    setStopped((s) => new Set(s).add(last.id));
    const id = current.id;
    if (!id) return;
    // If this fails (a lost connection), the reply finishes on the server; Regenerate still waits for it.
    const ended = await stopOnServer(id, last.id, endpoint).catch(() => undefined);
    // A student's reply comes in checked pieces: what was written before Stop and not yet shown is
    // released by the closing check after this page stopped reading, so show the stored text when
    // it says more than the page does.
    if (ended) {
      const detail = await getStoredMessages(id, endpoint).catch(() => undefined);
      const stored = detail?.messages.find((m) => m.id === last.id);
      if (detail && stored && stored.text !== messageText(last)) setMessages(toChatMessages({ id, messages: detail.messages }));
    }
  }, [messages, stop, current, endpoint, setMessages]);

  return useMemo(
    () => ({
      conversationId,
      messages,
      status,
      error: startError ?? (status === 'error' ? error : null),
      returnedText,
      refused,
      busy: busy || settling,
      settling,
      streamingId,
      stopped,
      send,
      forgetConversation,
      stop: stopReply,
      regenerate: regenerateLast,
    }),
    [
      conversationId,
      messages,
      status,
      startError,
      error,
      returnedText,
      refused,
      busy,
      settling,
      streamingId,
      stopped,
      send,
      forgetConversation,
      stopReply,
      regenerateLast,
    ],
  );
}

export type RunChat = ReturnType<typeof useRunChat>;
