import { memo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Markdown } from '../../../components/markdown/Markdown';
import { strings } from '../../../lib/strings';

const s = strings.runs.message;

/** How a reply stands: being written, done, or ended early (and why). */
export type ReplyState = 'streaming' | 'pending' | 'complete' | 'stopped' | 'interrupted' | 'failed' | 'blocked';

interface Props {
  role: 'user' | 'assistant';
  text: string;
  state: ReplyState;
  /** Who speaks for the bot (its name); the user is "You". */
  botName: string;
  /** The client-only welcome message. */
  welcome?: boolean;
  /** Only the text and how it ended (a DocBot's document), not a chat bubble. */
  bare?: boolean;
}

const note: Partial<Record<ReplyState, string>> = {
  stopped: s.stopped,
  interrupted: s.interrupted,
  failed: s.failed,
  blocked: s.blocked,
  pending: s.stillWriting,
};

/**
 * One message. Memoised on its props: a finished message never renders again while another
 * streams, so only the streaming one re-parses its Markdown on each update.
 */
export const MessageBubble = memo(function MessageBubble({ role, text, state, botName, welcome, bare }: Props) {
  const mine = role === 'user';
  const body = (
    <>
      {mine ? (
        <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Box>
      ) : text ? (
        <Markdown text={text} />
      ) : state === 'streaming' ? (
        <Typography color="text.secondary">{s.writing}</Typography>
      ) : null}
      {note[state] && (
        <Typography variant="body2" color={state === 'failed' ? 'error' : 'text.secondary'} sx={{ mt: text ? 1 : 0, fontStyle: 'italic' }}>
          {note[state]}
        </Typography>
      )}
    </>
  );
  if (bare) return body;
  return (
    <Box component="li" sx={{ listStyle: 'none', display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
      <Box
        sx={{
          maxWidth: { xs: '100%', sm: mine ? '85%' : '100%' },
          minWidth: 0,
          px: 2,
          py: 1.25,
          borderRadius: 2,
          bgcolor: mine ? 'action.selected' : 'background.paper',
          border: mine ? 'none' : 1,
          borderColor: 'divider',
        }}
      >
        <Typography component="div" variant="caption" sx={{ display: 'block', color: 'text.secondary', fontWeight: 600, mb: 0.5 }}>
          {mine ? s.you : welcome ? `${botName} · ${s.welcome}` : s.bot(botName)}
        </Typography>
        {body}
      </Box>
    </Box>
  );
});
