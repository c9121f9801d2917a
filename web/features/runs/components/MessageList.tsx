import Box from '@mui/material/Box';
import { strings } from '../../../lib/strings';
import type { RunChat } from '../hooks/useRunChat';
import { messageText } from '../../../lib/conversations/chatTransport';
import { replyState } from '../hooks/replyState';
import { MessageBubble } from './MessageBubble';

/** The conversation, oldest first, the welcome message (shown here only, never sent) at the top. */
export function MessageList({ chat, botName, welcome }: { chat: RunChat; botName: string; welcome: string }) {
  const { messages, status, streamingId, stopped } = chat;
  const waiting = status === 'submitted' && messages.at(-1)?.role === 'user';
  return (
    <Box
      component="ol"
      aria-label={strings.runs.chat.conversationLabel}
      sx={{ p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      {welcome && <MessageBubble role="assistant" text={welcome} state="complete" botName={botName} welcome />}
      {messages.map((m, i) => (
        <MessageBubble
          key={m.id}
          role={m.role === 'user' ? 'user' : 'assistant'}
          text={messageText(m)}
          state={replyState(m, { streamingId, stopped, status, isLast: i === messages.length - 1 })}
          botName={botName}
        />
      ))}
      {waiting && <MessageBubble role="assistant" text="" state="streaming" botName={botName} />}
    </Box>
  );
}
