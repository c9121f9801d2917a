import { useId, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { STUDENT_REPORT_NOTE_MAX, studentReportReasons, type StudentReportReason } from '../../../../contract/flags';
import { TICKET_MESSAGE_MAX, type TicketResult } from '../../../../contract/tickets';
import { ApiError } from '../../../lib/http';
import { paths } from '../../../lib/paths';
import { useReportToSupport } from '../api/reportToSupport';
import { useReportToTeacher } from '../api/reportToTeacher';
import { useT, type MessageId } from '../../../lib/i18n';

/** What a teacher can say is wrong with a reply (the ticket carries the words). */
const supportReasons = ['wrong', 'harmful', 'unsuitable', 'other'] as const;
type SupportReason = (typeof supportReasons)[number];
const supportReasonIds: Record<SupportReason, MessageId> = {
  wrong: 'runs.report.support.reason.wrong',
  harmful: 'runs.report.support.reason.harmful',
  unsuitable: 'runs.report.support.reason.unsuitable',
  other: 'runs.report.support.reason.other',
};
const studentReasonIds: Record<StudentReportReason, MessageId> = {
  wrong: 'runs.report.student.reason.wrong',
  uncomfortable: 'runs.report.student.reason.uncomfortable',
  other: 'runs.report.student.reason.other',
};

const newKey = () => `report-${crypto.randomUUID()}`;

/** What went wrong, in plain words: the server's own message for a refusal, ours for the rest. */
const problemOf = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message ? err.message : fallback;

/** The dialog both reports share: a title, the form (or what happened), and the actions. */
function ReportShell({
  title,
  onClose,
  busy,
  children,
  actions,
}: {
  title: string;
  onClose: () => void;
  busy: boolean;
  children: ReactNode;
  actions: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId} data-testid="report-dialog">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>{actions}</DialogActions>
    </Dialog>
  );
}

function ReasonPicker<R extends string>({
  label,
  reasons,
  value,
  onChange,
  disabled,
}: {
  label: string;
  reasons: Record<R, string>;
  value: R | null;
  onChange: (r: R) => void;
  disabled: boolean;
}) {
  const labelId = useId();
  return (
    <FormControl disabled={disabled}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup aria-labelledby={labelId} value={value ?? ''} onChange={(e) => onChange(e.target.value as R)}>
        {(Object.keys(reasons) as R[]).map((r) => (
          <FormControlLabel key={r} value={r} control={<Radio />} label={reasons[r]} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/**
 * A teacher's report of a runner's reply: a support ticket with their own conversation up to that
 * reply. One idempotency key per dialog, so a double click makes one ticket.
 */
export function SupportReportDialog({
  botName,
  conversationId,
  messageId,
  onClose,
}: {
  botName: string;
  conversationId: string;
  messageId: string;
  onClose: () => void;
}) {
  const t = useT();
  const client = useQueryClient();
  const [key] = useState(newKey);
  const [reason, setReason] = useState<SupportReason | null>(null);
  const [details, setDetails] = useState('');
  const [missing, setMissing] = useState(false);
  const inFlight = useRef(false);
  const send = useReportToSupport({ onSuccess: () => void client.invalidateQueries({ queryKey: ['tickets'] }) });
  const sent: TicketResult | undefined = send.data;
  const submit = () => {
    if (!reason) {
      setMissing(true);
      return;
    }
    // A second click before the first has re-rendered: the one request already under way answers it.
    if (inFlight.current) return;
    inFlight.current = true;
    send.mutate(
      {
        category: 'report',
        subject: t('runs.report.support.subject', { bot: botName }).slice(0, 150),
        message: `${t('runs.report.support.message', { reason: t(supportReasonIds[reason]) })}${details.trim() ? `\n\n${details.trim()}` : ''}`,
        report: { conversationId, messageId },
        idempotencyKey: key,
      },
      { onSettled: () => (inFlight.current = false) },
    );
  };
  return (
    <ReportShell
      title={t('runs.report.support.title')}
      onClose={onClose}
      busy={send.isPending}
      actions={
        sent ? (
          <>
            <Button component={RouterLink} to={`${paths.contactSupport.to()}?ticket=${encodeURIComponent(sent.ticket.id)}`}>
              {t('runs.report.support.open')}
            </Button>
            <Button variant="contained" onClick={onClose}>
              {t('common.close')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose} disabled={send.isPending}>
              {t('common.cancel')}
            </Button>
            <Button variant="contained" onClick={submit} disabled={send.isPending}>
              {send.isPending ? t('runs.report.sending') : t('runs.report.support.send')}
            </Button>
          </>
        )
      }
    >
      {sent ? (
        <Alert severity="success" role="status">
          {t('runs.report.support.sent')}
        </Alert>
      ) : (
        <>
          <Typography>{t('runs.report.support.intro')}</Typography>
          <ReasonPicker
            label={t('runs.report.reasonLabel')}
            reasons={Object.fromEntries(supportReasons.map((r) => [r, t(supportReasonIds[r])])) as Record<SupportReason, string>}
            value={reason}
            onChange={(r) => {
              setReason(r);
              setMissing(false);
            }}
            disabled={send.isPending}
          />
          {missing && <Alert severity="warning">{t('runs.report.chooseReason')}</Alert>}
          <TextField
            label={t('runs.report.support.detailsLabel')}
            helperText={t('runs.report.support.detailsHelp')}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
            multiline
            minRows={2}
            maxRows={8}
            slotProps={{ htmlInput: { maxLength: TICKET_MESSAGE_MAX - 200 } }}
            disabled={send.isPending}
          />
          {send.isError && <Alert severity="error">{problemOf(send.error, t('runs.report.support.failed'))}</Alert>}
        </>
      )}
    </ReportShell>
  );
}

/**
 * A student's report of a tutor reply: it goes to their teacher as a flag, never to support. The
 * words are a child's: three reasons and a short optional note.
 */
export function StudentReportDialog({
  asid,
  messageId,
  teacherName,
  onClose,
  onSent,
}: {
  asid: string;
  messageId: string;
  teacherName: string;
  onClose: () => void;
  onSent: (messageId: string) => void;
}) {
  const t = useT();
  const [key] = useState(newKey);
  const [reason, setReason] = useState<StudentReportReason | null>(null);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const inFlight = useRef(false);
  const send = useReportToTeacher(asid, { onSuccess: () => onSent(messageId) });
  const submit = () => {
    if (!reason) {
      setMissing(true);
      return;
    }
    // A second click before the first has re-rendered: the one request already under way answers it.
    if (inFlight.current) return;
    inFlight.current = true;
    send.mutate(
      { messageId, reason, ...(note.trim() ? { note: note.trim() } : {}), idempotencyKey: key },
      { onSettled: () => (inFlight.current = false) },
    );
  };
  const reasons = Object.fromEntries(studentReportReasons.map((r) => [r, t(studentReasonIds[r])])) as Record<StudentReportReason, string>;
  return (
    <ReportShell
      title={t('runs.report.student.title')}
      onClose={onClose}
      busy={send.isPending}
      actions={
        send.data ? (
          <Button variant="contained" onClick={onClose}>
            {t('common.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={send.isPending}>
              {t('common.cancel')}
            </Button>
            <Button variant="contained" onClick={submit} disabled={send.isPending}>
              {send.isPending ? t('runs.report.sending') : t('runs.report.student.send')}
            </Button>
          </>
        )
      }
    >
      {send.data ? (
        <Alert severity="success" role="status">
          {send.data.sent === 'before'
            ? t('runs.report.student.sentBefore', { teacher: teacherName })
            : t('runs.report.student.sent', { teacher: teacherName })}
        </Alert>
      ) : (
        <>
          <Typography>{t('runs.report.student.intro')}</Typography>
          <ReasonPicker
            label={t('runs.report.reasonLabel')}
            reasons={reasons}
            value={reason}
            onChange={(r) => {
              setReason(r);
              setMissing(false);
            }}
            disabled={send.isPending}
          />
          {missing && <Alert severity="warning">{t('runs.report.chooseReason')}</Alert>}
          <TextField
            label={t('runs.report.student.noteLabel')}
            helperText={t('runs.report.student.noteHelp', { left: STUDENT_REPORT_NOTE_MAX - note.length })}
            value={note}
            onChange={(e) => setNote(e.target.value.slice(0, STUDENT_REPORT_NOTE_MAX))}
            multiline
            minRows={2}
            maxRows={6}
            slotProps={{ htmlInput: { maxLength: STUDENT_REPORT_NOTE_MAX } }}
            disabled={send.isPending}
          />
          {send.isError && <Alert severity="error">{problemOf(send.error, t('runs.report.student.failed'))}</Alert>}
        </>
      )}
    </ReportShell>
  );
}
