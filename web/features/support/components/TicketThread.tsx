import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { TICKET_MESSAGE_MAX, type TicketDetail, type TicketReport } from '../../../../contract/tickets';
import { MessageText } from '../../../components/markdown/MessageText';
import { FileUpload } from '../../../components/upload/FileUpload';
import { dateTime } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { newKey } from '../api/keys';
import { useT } from '../../../lib/i18n';
import { formatSize, ticketOpener } from '../strings';

/** A ticket's status (and category) as chips. */
export function TicketChips({ ticket }: { ticket: Pick<TicketDetail, 'status' | 'category'> }) {
  const t = useT();
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      <Chip
        size="small"
        color={ticket.status === 'open' ? 'primary' : 'default'}
        label={ticket.status === 'open' ? t('support.thread.open') : t('support.thread.closed')}
      />
      <Chip size="small" variant="outlined" label={t(`support.category.${ticket.category}`)} />
    </Stack>
  );
}

/** A reported conversation, readable: each turn with who said it, the reported answer marked. */
function ReportedConversation({ report }: { report: TicketReport }) {
  const t = useT();
  const intro =
    `${report.title || t('support.thread.untitled')}. ${t('support.thread.reportIntro')}` +
    (report.truncated ? ` ${t('support.thread.reportTruncated')}` : '');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="reported-conversation">
      <Typography id="reported-conversation" variant="h6" component="h3">
        {t('support.thread.reportHeading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {intro}
      </Typography>
      <Stack spacing={1}>
        {report.turns.map((turn) => (
          <Box
            key={turn.id}
            data-reported={turn.reported || undefined}
            sx={{
              p: 1.5,
              borderRadius: 1,
              border: 1,
              borderColor: turn.reported ? 'error.main' : 'divider',
              bgcolor: turn.role === 'assistant' ? 'action.hover' : 'transparent',
            }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography variant="caption" sx={{ fontWeight: 700 }}>
                {turn.role === 'user' ? t('support.thread.turnUser') : t('support.thread.turnAssistant')}
              </Typography>
              {turn.reported && <Chip size="small" color="error" label={t('support.thread.reportedAnswer')} />}
            </Stack>
            <Box sx={{ typography: 'body2' }}>
              <MessageText role={turn.role} text={turn.text} />
            </Box>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}

/** The thread: the reported conversation when there is one, then every message, oldest first. */
export function TicketThread({ ticket, reader }: { ticket: TicketDetail; reader: 'opener' | 'support' }) {
  const t = useT();
  const openerName = reader === 'opener' ? t('support.thread.you') : ticketOpener(t, ticket.opener);
  return (
    <Stack spacing={2}>
      {ticket.report && <ReportedConversation report={ticket.report} />}
      <Stack spacing={1.5} component="ol" aria-label={ticket.subject} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {ticket.messages.map((m) => (
          <Paper
            key={m.id}
            component="li"
            variant="outlined"
            data-from={m.fromSupport ? 'support' : 'opener'}
            sx={{
              p: 2,
              ml: m.fromSupport ? { xs: 0, sm: 6 } : 0,
              mr: m.fromSupport ? 0 : { xs: 0, sm: 6 },
              borderColor: m.fromSupport ? 'primary.main' : 'divider',
            }}
          >
            <Stack direction="row" spacing={1} sx={{ mb: 0.5, flexWrap: 'wrap', alignItems: 'baseline' }}>
              <Typography variant="subtitle2" component="span" sx={{ overflowWrap: 'anywhere' }}>
                {m.fromSupport ? (reader === 'support' ? t('support.thread.supportYou') : t('support.thread.support')) : openerName}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="time" dateTime={m.createdAt}>
                {dateTime(m.createdAt)}
              </Typography>
            </Stack>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.body}</Typography>
            {m.attachment && (
              <Link
                href={m.attachment.url}
                download
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1, overflowWrap: 'anywhere' }}
              >
                <AttachFileIcon fontSize="small" aria-hidden />
                {t('support.thread.attachment', { name: m.attachment.name, size: formatSize(m.attachment.size) })}
              </Link>
            )}
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

/** The reply box under a thread: an optional attachment, one submit per idempotency key, a fresh key after each sent reply. */
export function ReplyBox({
  onSend,
  pending,
  error,
  note,
}: {
  onSend: (input: { message: string; idempotencyKey: string; attachmentFileId?: string }, done: () => void) => void;
  pending: boolean;
  error: Error | null;
  note?: string;
}) {
  const t = useT();
  const [message, setMessage] = useState('');
  const [key, setKey] = useState(newKey);
  const [attachment, setAttachment] = useState<{ id: string; name: string } | null>(null);
  const [uploadKey, setUploadKey] = useState(0);
  const fieldError = error instanceof ApiError ? error.fields?.message : undefined;
  const send = () => {
    if (!message.trim()) return;
    onSend({ message: message.trim(), idempotencyKey: key, ...(attachment ? { attachmentFileId: attachment.id } : {}) }, () => {
      setMessage('');
      setKey(newKey());
      setAttachment(null);
      setUploadKey((k) => k + 1);
    });
  };
  return (
    <Stack spacing={1} component="form" onSubmit={(e) => (e.preventDefault(), send())}>
      <TextField
        label={t('support.thread.replyLabel')}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        multiline
        minRows={3}
        fullWidth
        disabled={pending}
        error={Boolean(fieldError)}
        helperText={fieldError ?? note}
        slotProps={{ htmlInput: { maxLength: TICKET_MESSAGE_MAX } }}
      />
      {attachment ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>{t('support.thread.attached', { name: attachment.name })}</Typography>
          <Button size="small" disabled={pending} onClick={() => (setAttachment(null), setUploadKey((k) => k + 1))}>
            {t('support.thread.removeAttachment')}
          </Button>
        </Stack>
      ) : (
        <FileUpload
          key={uploadKey}
          purpose="attachment"
          label={t('support.thread.attach')}
          onUploaded={(f) => setAttachment({ id: f.id, name: f.name })}
        />
      )}
      {error && !fieldError && <Alert severity="error">{error.message}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={pending || !message.trim()}>
          {pending ? t('support.thread.replying') : t('support.thread.reply')}
        </Button>
      </Box>
    </Stack>
  );
}
