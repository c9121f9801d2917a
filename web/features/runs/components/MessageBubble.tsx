import { memo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Markdown } from '../../../components/markdown/Markdown';
import { useT, type MessageId } from '../../../lib/i18n';
import { splitAttachment } from '../api/attachment';
import { ReadAloudButton } from './ReadAloudButton';
import { ReportAnswerButton, ReportedMark } from '../report/ReportAnswerButton';

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
  /** Which message this is, for read-aloud. */
  id?: string;
  /** Read-aloud, where the runner offers it and the browser can speak (stable across renders). */
  onReadAloud?: (id: string, text: string) => void;
  /** This message is the one being read aloud. */
  speaking?: boolean;
  /** "Report this answer", on a stored reply where the runner offers it (stable across renders). */
  onReport?: (id: string) => void;
  /** Already reported: a mark instead of the button. */
  reported?: boolean;
}

const note: Partial<Record<ReplyState, MessageId>> = {
  stopped: 'runs.message.stopped',
  interrupted: 'runs.message.interrupted',
  failed: 'runs.message.failed',
  blocked: 'runs.message.blocked',
  pending: 'runs.message.stillWriting',
};

/** What the user typed, and an attached file's text folded under its name. */
function UserText({ text }: { text: string }) {
  const t = useT();
  const { text: typed, attachment } = splitAttachment(text);
  return (
    <>
      {typed && <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{typed}</Box>}
      {attachment && (
        <Box component="details" sx={{ mt: typed ? 1 : 0, '& > summary': { cursor: 'pointer', color: 'text.secondary' } }}>
          <summary>
            <AttachFileIcon fontSize="inherit" sx={{ verticalAlign: 'middle', mr: 0.5 }} />
            {t('runs.attach.summary', { name: attachment.name, chars: attachment.text.length })}
          </summary>
          <Box
            component="pre"
            sx={{
              m: 0,
              mt: 1,
              maxHeight: 240,
              overflow: 'auto',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              fontFamily: 'inherit',
              fontSize: '0.875rem',
            }}
          >
            {attachment.text}
          </Box>
        </Box>
      )}
    </>
  );
}

/**
 * One message. Memoised on its props: a finished message never renders again while another
 * streams, so only the streaming one re-parses its Markdown on each update.
 */
export const MessageBubble = memo(function MessageBubble({
  role,
  text,
  state,
  botName,
  welcome,
  bare,
  id,
  onReadAloud,
  speaking = false,
  onReport,
  reported = false,
}: Props) {
  const t = useT();
  const mine = role === 'user';
  // Only a reply that is no longer being written can be read.
  const noteId = note[state];
  const readable = !mine && text.trim() !== '' && state !== 'streaming' && state !== 'pending';
  const body = (
    <>
      {mine ? (
        <UserText text={text} />
      ) : text ? (
        <Markdown text={text} />
      ) : state === 'streaming' ? (
        <Typography color="text.secondary">{t('runs.message.writing')}</Typography>
      ) : null}
      {noteId && (
        <Typography variant="body2" color={state === 'failed' ? 'error' : 'text.secondary'} sx={{ mt: text ? 1 : 0, fontStyle: 'italic' }}>
          {t(noteId)}
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
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
          <Typography
            component="div"
            variant="caption"
            sx={{ display: 'block', color: 'text.secondary', fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere', flexGrow: 1 }}
          >
            {mine ? t('runs.message.you') : welcome ? t('runs.message.botWelcome', { bot: botName }) : botName}
          </Typography>
          {readable && onReadAloud && id !== undefined && <ReadAloudButton speaking={speaking} onClick={() => onReadAloud(id, text)} />}
          {readable &&
            !welcome &&
            onReport &&
            id !== undefined &&
            (reported ? <ReportedMark /> : <ReportAnswerButton onClick={() => onReport(id)} />)}
        </Box>
        {body}
      </Box>
    </Box>
  );
});
