import type { ChatStatus } from 'ai';
import type { ChatMessage } from '../../../lib/conversations/chatTransport';
import type { ReplyState } from '../components/MessageBubble';

/** How a message stands, from the live chat (streaming, stopped here) and its stored status. */
export function replyState(
  m: ChatMessage,
  live: { streamingId: string | undefined; stopped: ReadonlySet<string>; status: ChatStatus; isLast: boolean },
): ReplyState {
  if (m.role === 'user') return 'complete';
  if (m.id === live.streamingId) return 'streaming';
  if (live.stopped.has(m.id) || m.metadata?.stopped) return 'stopped';
  const stored = m.metadata?.status;
  // Stored as still streaming: being written by the server (the page was reloaded meanwhile).
  if (stored === 'streaming') return 'pending';
  if (stored === 'interrupted' || stored === 'failed' || stored === 'blocked') return stored;
  if (live.isLast && live.status === 'error' && stored === undefined) return 'interrupted';
  return 'complete';
}
