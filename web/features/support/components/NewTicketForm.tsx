import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  pickableTicketCategories,
  TICKET_MESSAGE_MAX,
  TICKET_SUBJECT_MAX,
  type TicketCategory,
  type TicketDetail,
} from '../../../../contract/tickets';
import { FileUpload } from '../../../components/upload/FileUpload';
import { ApiError } from '../../../lib/http';
import { useCreateTicket } from '../api/createTicket';
import { newKey } from '../api/keys';
import { useT } from '../../../lib/i18n';
import { LeaveDialog } from '../../../components/LeaveDialog';
import { useUnsavedChanges } from '../../../lib/useUnsavedChanges';

/** The New ticket form: category, subject, message and an optional attachment (uploaded first, as a file of the teacher's). */
export function NewTicketForm({ onCancel, onSent }: { onCancel: () => void; onSent: (ticket: TicketDetail) => void }) {
  const t = useT();
  const [category, setCategory] = useState<TicketCategory>('question');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [attachment, setAttachment] = useState<{ id: string; name: string } | null>(null);
  const [uploadKey, setUploadKey] = useState(0);
  // One key per ticket: a retry after a failure (or a double click) cannot open a second one.
  const [key] = useState(newKey);
  const create = useCreateTicket();
  // A ticket being written is lost on leaving: ask first (issue 39, item 12); not once it is sent.
  const { blocker } = useUnsavedChanges(
    !create.isPending && !create.isSuccess && (subject.trim() !== '' || message.trim() !== '' || attachment !== null),
  );
  const fields = create.error instanceof ApiError ? (create.error.fields ?? {}) : {};
  const send = () =>
    create.mutate(
      {
        category,
        subject: subject.trim(),
        message: message.trim(),
        ...(attachment ? { attachmentFileId: attachment.id } : {}),
        idempotencyKey: key,
      },
      { onSuccess: (r) => onSent(r.ticket) },
    );
  const ready = subject.trim() !== '' && message.trim() !== '';
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-labelledby="new-ticket-heading">
      <Typography id="new-ticket-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('support.contact.formHeading')}
      </Typography>
      <Stack spacing={2} component="form" onSubmit={(e) => (e.preventDefault(), ready && send())}>
        <TextField
          select
          label={t('support.contact.category')}
          value={category}
          onChange={(e) => setCategory(e.target.value as TicketCategory)}
          disabled={create.isPending}
          sx={{ maxWidth: 360 }}
        >
          {pickableTicketCategories.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`support.category.${c}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('support.contact.subject')}
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          required
          disabled={create.isPending}
          error={Boolean(fields.subject)}
          helperText={fields.subject}
          slotProps={{ htmlInput: { maxLength: TICKET_SUBJECT_MAX } }}
        />
        <TextField
          label={t('support.contact.message')}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          required
          multiline
          minRows={4}
          disabled={create.isPending}
          error={Boolean(fields.message)}
          helperText={fields.message ?? t('support.contact.messageHelp')}
          slotProps={{ htmlInput: { maxLength: TICKET_MESSAGE_MAX } }}
        />
        {attachment ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {t('support.thread.attached', { name: attachment.name })}
            </Typography>
            <Button size="small" disabled={create.isPending} onClick={() => (setAttachment(null), setUploadKey((k) => k + 1))}>
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
        {create.error && !fields.subject && !fields.message && <Alert severity="error">{create.error.message}</Alert>}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={create.isPending || !ready}>
            {create.isPending ? t('support.contact.sending') : t('support.contact.send')}
          </Button>
          <Button onClick={onCancel} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
        </Stack>
      </Stack>
      <LeaveDialog blocker={blocker} body={t('support.contact.unsent')} />
    </Paper>
  );
}
