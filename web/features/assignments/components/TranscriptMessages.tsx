import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ConversationMessage } from '../../../../contract/ai';
import { MessageText } from '../../../components/markdown/MessageText';
import { dateTime } from '../../../lib/format';
import { useT, type MessageId } from '../../../lib/i18n';

const note: Partial<Record<ConversationMessage['status'], MessageId>> = {
  blocked: 'assignments.blockedTurn',
  failed: 'assignments.failedTurn',
  interrupted: 'assignments.interruptedTurn',
  streaming: 'assignments.streamingTurn',
};

/**
 * A student's conversation, read-only: each turn labelled with who spoke (student or tutor) and
 * when; the tutor's turns in the runners' Markdown and math, the student's as typed. A turn a
 * safety flag points at is outlined and labelled "Flagged", as the flag detail shows it.
 */
export function TranscriptMessages({
  messages,
  studentName,
  tutorName,
  flaggedIds = [],
}: {
  messages: ConversationMessage[];
  studentName: string;
  tutorName: string;
  /** The turns a safety flag of the record points at. */
  flaggedIds?: readonly string[];
}) {
  const t = useT();
  if (messages.length === 0) return <Typography color="text.secondary">{t('assignments.noMessages')}</Typography>;
  return (
    <Box component="ol" aria-label={t('assignments.messagesLabel')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {messages.map((m) => {
        const student = m.role === 'user';
        const noteId = note[m.status];
        const flagged = flaggedIds.includes(m.id);
        return (
          <Box
            component="li"
            key={m.id}
            data-role={student ? 'student' : 'tutor'}
            data-flagged={flagged || undefined}
            sx={{
              px: 2,
              py: 1.25,
              borderRadius: 2,
              minWidth: 0,
              bgcolor: student ? 'action.selected' : 'background.paper',
              border: flagged ? 2 : 1,
              borderColor: flagged ? 'error.main' : student ? 'transparent' : 'divider',
              borderLeft: 4,
              borderLeftColor: flagged ? 'error.main' : student ? 'secondary.main' : 'primary.main',
            }}
          >
            <Typography
              component="div"
              variant="caption"
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, mb: 0.5 }}
            >
              <Box component="strong" sx={{ color: 'text.primary' }}>
                {student ? t('assignments.studentTurn', { name: studentName }) : t('assignments.tutorTurn', { name: tutorName })}
              </Box>
              <Box component="time" dateTime={m.createdAt} sx={{ color: 'text.secondary' }}>
                {dateTime(m.createdAt)}
              </Box>
              {flagged && <Chip size="small" color="error" label={t('assignments.flaggedTurn')} />}
            </Typography>
            {m.text ? <MessageText role={m.role} text={m.text} /> : null}
            {noteId && (
              <Typography
                variant="body2"
                color={m.status === 'failed' ? 'error' : 'text.secondary'}
                sx={{ mt: m.text ? 1 : 0, fontStyle: 'italic' }}
              >
                {t(noteId)}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
