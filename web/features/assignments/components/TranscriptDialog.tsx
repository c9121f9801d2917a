import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Download from '@mui/icons-material/Download';
import Print from '@mui/icons-material/Print';
import type { AssignmentDetail, StudentRecord } from '../../../../contract/assignments';
import { printElement } from '../../../components/export/printDocument';
import { dateTime, duration, messagesUsed, nextActions } from '../../../lib/format';
import { transcriptQuery, useDownloadTranscriptDocx } from '../api/getTranscript';
import { useT } from '../../../lib/i18n';
import { messageOf } from '../model/labels';
import { FeedbackBox } from './FeedbackBox';
import { StatusChip } from './StatusChip';
import { TranscriptMessages } from './TranscriptMessages';

/**
 * One student's work on the assignment (`?record=`): the conversation read-only, Download DOCX and
 * Print (the transcript alone), the feedback box, and Mark completed / Hand back.
 */
export function TranscriptDialog({
  assignment,
  record,
  busy,
  focusFeedback = false,
  onClose,
  onStatus,
  onRecordSaved,
  reload,
}: {
  assignment: AssignmentDetail;
  record: StudentRecord;
  busy: boolean;
  /** Put the cursor in the feedback box (opened as "Write feedback"). */
  focusFeedback?: boolean;
  onClose: () => void;
  /** Resolves with what to tell the teacher. */
  onStatus: (record: StudentRecord, status: 'completed' | 'in_progress') => Promise<string>;
  onRecordSaved: (record: StudentRecord) => void;
  reload: () => Promise<unknown>;
}) {
  const t = useT();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const transcript = useQuery({ ...transcriptQuery(assignment.id, record.id), enabled: record.hasTranscript });
  const downloadTranscriptDocx = useDownloadTranscriptDocx();
  const printArea = useRef<HTMLDivElement>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [statusNote, setStatusNote] = useState<string | null>(null);
  const changeStatus = (status: 'completed' | 'in_progress') => {
    setStatusNote(null);
    void onStatus(record, status).then(setStatusNote);
  };
  const can = nextActions(record.status);
  const loadFailed = `${t('assignments.transcriptLoadFailed')} ${messageOf(transcript.error)}`;
  const printTitle = t('assignments.printTitle', { name: record.name, title: assignment.title });

  const facts = [
    record.startedAt && t('assignments.startedAt', { date: dateTime(record.startedAt) }),
    record.lastActiveAt && t('assignments.lastActiveAt', { date: dateTime(record.lastActiveAt) }),
    record.submittedAt && t('assignments.submittedAt', { date: dateTime(record.submittedAt) }),
    t('assignments.timeSpent', { time: duration(record.timeSpentSeconds, t) }),
    t('assignments.messagesCount', { count: messagesUsed(record.messageCount, assignment.messageBudget) }),
  ].filter(Boolean);

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" scroll="paper" aria-labelledby="transcript-title">
      <DialogTitle id="transcript-title" sx={{ overflowWrap: 'anywhere' }}>
        {t('assignments.transcriptTitle', { name: record.name })}
      </DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Button
            variant="outlined"
            size="small"
            startIcon={<Download />}
            disabled={!record.hasTranscript}
            onClick={() => {
              setExportError(null);
              downloadTranscriptDocx(assignment.id, record.id).catch((err: unknown) => setExportError(messageOf(err)));
            }}
          >
            {t('assignments.downloadDocx')}
          </Button>
          <Button
            variant="outlined"
            size="small"
            startIcon={<Print />}
            disabled={!transcript.data}
            onClick={() => printArea.current && printElement(printArea.current, printTitle)}
          >
            {t('assignments.print')}
          </Button>
        </Stack>
        {exportError && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {exportError}
          </Alert>
        )}
        <Box ref={printArea}>
          {/* Shown on paper only: on screen the dialog's title says it. */}
          <Typography variant="h5" component="p" sx={{ display: 'none', '#cb-print-root &': { display: 'block' } }}>
            {t('assignments.transcriptTitle', { name: record.name })}
          </Typography>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {t('assignments.transcriptOf', { title: assignment.title })}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', my: 1 }}>
            <StatusChip status={record.status} />
            {record.late && (
              <Typography color="error" variant="body2">
                {t('assignments.late')}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {facts.join(' · ')}
            </Typography>
          </Stack>
          <Divider sx={{ my: 2 }} />
          {!record.hasTranscript ? (
            <Typography color="text.secondary">{t('assignments.noTranscript')}</Typography>
          ) : transcript.isPending ? (
            <CircularProgress aria-label={t('assignments.messagesLabel')} />
          ) : transcript.isError ? (
            <Alert severity="error">{loadFailed}</Alert>
          ) : (
            <TranscriptMessages
              messages={transcript.data.messages}
              studentName={record.name}
              tutorName={transcript.data.bot.name}
              flaggedIds={transcript.data.flaggedMessageIds}
            />
          )}
        </Box>
        <Divider sx={{ my: 3 }} />
        <FeedbackBox
          key={record.id}
          assignmentId={assignment.id}
          record={record}
          autoFocus={focusFeedback}
          onSaved={onRecordSaved}
          reload={reload}
        />
      </DialogContent>
      {statusNote && (
        <Alert severity="info" role="status" sx={{ borderRadius: 0 }}>
          {statusNote}
        </Alert>
      )}
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {can.complete && (
          <Button variant="contained" color="success" disabled={busy} onClick={() => changeStatus('completed')}>
            {t('assignments.markCompleted')}
          </Button>
        )}
        {can.handBack && (
          <Button variant="outlined" disabled={busy} onClick={() => changeStatus('in_progress')}>
            {t('assignments.handBack')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
