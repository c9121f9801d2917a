import Box from '@mui/material/Box';
import { useT } from '../../../lib/i18n';
import type { ReadAloud } from '../../../lib/speech/useReadAloud';
import type { RunChat } from '../hooks/useRunChat';
import { messageText } from '../../../lib/conversations/chatTransport';
import { replyState } from '../hooks/replyState';
import { MessageBubble } from './MessageBubble';

const welcomeId = 'welcome';

/**
 * The conversation, oldest first, the welcome message (shown here only, never sent) at the top.
 * With `readAloud` (the tutor chat, where the browser can speak) each finished reply has a play button.
 */
export function MessageList({
  chat,
  botName,
  welcome,
  readAloud,
  onReport,
  reported,
}: {
  chat: RunChat;
  botName: string;
  welcome: string;
  readAloud?: ReadAloud;
  /** "Report this answer" on each stored reply (called with the reply's stored id). */
  onReport?: (messageId: string) => void;
  /** Replies already reported: marked, with no button. */
  reported?: ReadonlySet<string>;
}) {
  const t = useT();
  const { messages, status, streamingId, stopped } = chat;
  const waiting = status === 'submitted' && messages.at(-1)?.role === 'user';
  const onReadAloud = readAloud?.supported ? readAloud.toggle : undefined;
  const speakingId = readAloud?.speakingId ?? null;
  return (
    <Box
      component="ol"
      aria-label={t('runs.chat.conversationLabel')}
      sx={{ p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      {welcome && (
        <MessageBubble
          role="assistant"
          text={welcome}
          state="complete"
          botName={botName}
          welcome
          id={welcomeId}
          onReadAloud={onReadAloud}
          speaking={speakingId === welcomeId}
        />
      )}
      {messages.map((m, i) => (
        <MessageBubble
          key={m.id}
          id={m.id}
          role={m.role === 'user' ? 'user' : 'assistant'}
          text={messageText(m)}
          state={replyState(m, { streamingId, stopped, status, isLast: i === messages.length - 1 })}
          botName={botName}
          onReadAloud={onReadAloud}
          speaking={speakingId === m.id}
          onReport={m.role === 'assistant' && m.metadata?.messageId === m.id && m.metadata.status !== 'held' ? onReport : undefined}
          reported={reported?.has(m.id) ?? false}
        />
      ))}
      {waiting && <MessageBubble role="assistant" text="" state="streaming" botName={botName} />}
    </Box>
  );
}
