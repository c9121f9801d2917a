import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import type { AssignmentDetail, StudentRecord } from '../../../../contract/assignments';
import { BotAvatar } from '../../../components/BotAvatar';
import { useDeleteAssignment } from '../api/deleteAssignment';
import { countByStatus, shortDate, statusOrder } from '../../../lib/format';
import { assignmentQuery } from '../api/getAssignment';
import { assignmentKeys } from '../../../lib/assignments/keys';
import { teachAssignmentsHref } from '../../../lib/links';
import { useSetAssignmentOpen } from '../api/setAssignmentOpen';
import { useUpdateRecord } from '../api/updateRecord';
import { useDownloadProgressCsv, useDownloadTranscriptsZip } from '../api/downloadTable';
import { ApiError } from '../../../lib/http';
import type { LiveStatus } from '../../../lib/live/useLiveEvents';
import { useT } from '../../../lib/i18n';
import { classLabel, messageOf, statusKey } from '../model/labels';
import { EditAssignmentDialog } from './EditAssignmentDialog';
import { PostToClassroomDialog } from './PostToClassroomDialog';
import { classroomStatusQuery } from '../../students';
import { LiveIndicator } from './LiveIndicator';
import { StudentTable } from './StudentTable';
import { TranscriptDialog } from './TranscriptDialog';
import { TrophyDialog } from './TrophyDialog';

/** What the page's snackbar says, with Undo for a delete. */
export interface Notice {
  message: string;
  undo?: () => void;
}

/**
 * One assignment (`?assignment=`): its header and actions (Edit, Close/Reopen, Delete with Undo),
 * the live table of students, a student's transcript (`&record=`) and their trophies (from the row's menu).
 */
export function AssignmentView({
  id,
  recordId,
  live,
  onOpenRecord,
  onDeleted,
  say,
}: {
  id: string;
  recordId: string | null;
  live: LiveStatus;
  onOpenRecord: (recordId: string | null) => void;
  onDeleted: (assignment: AssignmentDetail) => void;
  say: (notice: Notice) => void;
}) {
  const t = useT();
  const updateRecord = useUpdateRecord();
  const setAssignmentOpen = useSetAssignmentOpen();
  const deleteAssignment = useDeleteAssignment();
  const queryClient = useQueryClient();
  // Once deleted, nothing here asks for it again (a live event or a cache removal would, and get a 404).
  const [gone, setGone] = useState(false);
  const detail = useQuery({ ...assignmentQuery(id), enabled: !gone });
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [busyRecord, setBusyRecord] = useState<string | null>(null);
  // Opened from the row's "Write feedback": the feedback box takes the focus.
  const [feedbackFirst, setFeedbackFirst] = useState(false);
  // The record whose trophies dialog is open (by id, so live updates of the row show in it).
  const [awardingId, setAwardingId] = useState<string | null>(null);
  // Post to Google Classroom: offered once the teacher has connected it (on My Students).
  const classroom = useQuery(classroomStatusQuery());
  const [posting, setPosting] = useState(false);
  // The table as a spreadsheet, and every transcript in one zip (issue 39, item 23).
  const downloadCsv = useDownloadProgressCsv();
  const downloadZip = useDownloadTranscriptsZip();
  const [downloading, setDownloading] = useState<'csv' | 'zip' | null>(null);
  const fetchFile = (which: 'csv' | 'zip') => {
    setDownloading(which);
    (which === 'csv' ? downloadCsv(id) : downloadZip(id))
      .catch((err: unknown) => say({ message: messageOf(err) }))
      .finally(() => setDownloading(null));
  };

  const store = (next: AssignmentDetail) => {
    queryClient.setQueryData(assignmentKeys.detail(next.id), next);
    void queryClient.invalidateQueries({ queryKey: assignmentKeys.list() });
  };
  const storeRecord = (record: StudentRecord) => {
    queryClient.setQueryData<AssignmentDetail>(assignmentKeys.detail(id), (old) =>
      old ? { ...old, students: old.students.map((r) => (r.id === record.id ? record : r)) } : old,
    );
    void queryClient.invalidateQueries({ queryKey: assignmentKeys.list() });
    void queryClient.invalidateQueries({ queryKey: assignmentKeys.studentPages() });
  };
  const reload = () => queryClient.invalidateQueries({ queryKey: assignmentKeys.detail(id) });
  const fetchFresh = () => queryClient.fetchQuery({ ...assignmentQuery(id), staleTime: 0 });

  if (detail.isPending) return <CircularProgress aria-label={t('assignments.listLabel')} />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <BackLink />
        <Alert severity={missing ? 'info' : 'error'}>{missing ? t('assignments.notFound') : messageOf(detail.error)}</Alert>
      </Stack>
    );
  }
  const a = detail.data;
  const open = a.status === 'open';
  const counts = countByStatus(a.students);
  const record = recordId ? (a.students.find((r) => r.id === recordId) ?? null) : null;
  const awarding = awardingId ? (a.students.find((r) => r.id === awardingId) ?? null) : null;

  /**
   * Mark completed or hand back. Says how it went in the page's snackbar, or returns it for the
   * transcript dialog to show (`inDialog`: a snackbar would cover the dialog's buttons on a phone).
   */
  const setStatus = async (r: StudentRecord, status: 'completed' | 'in_progress', inDialog = false): Promise<string> => {
    setBusyRecord(r.id);
    let message: string;
    try {
      const outcome = await updateRecord(a.id, r.id, { version: r.version, status });
      if (outcome.status === 'saved') {
        storeRecord(outcome.record);
        message = t(status === 'completed' ? 'assignments.markedCompleted' : 'assignments.handedBack', { name: r.name });
      } else {
        message = t('assignments.recordConflict');
        await reload();
      }
    } catch (err) {
      message = messageOf(err);
    } finally {
      setBusyRecord(null);
    }
    if (!inDialog) say({ message });
    return message;
  };

  const toggleOpen = async () => {
    setBusy(true);
    try {
      store(await setAssignmentOpen(a.id, !open));
      say({ message: t(open ? 'assignments.closedDone' : 'assignments.reopenedDone') });
    } catch (err) {
      say({ message: messageOf(err) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    // Stopped before the request: the delete's own live event can arrive before its answer, and a
    // refetch then would 404.
    setGone(true);
    try {
      await deleteAssignment(a.id);
      onDeleted(a);
    } catch (err) {
      setGone(false);
      say({ message: messageOf(err) });
      setBusy(false);
    }
  };

  const facts = [
    t(a.bot.deleted ? 'assignments.tutorDeleted' : 'assignments.tutor', { name: a.bot.name }),
    a.dueAt ? t('assignments.due', { date: shortDate(a.dueAt) }) : t('assignments.noDue'),
    a.messageBudget === null ? t('assignments.noBudget') : t('assignments.budget', { n: a.messageBudget }),
    a.classes.length ? t('assignments.classes', { names: a.classes.map(classLabel).join(', ') }) : t('assignments.noClasses'),
  ];

  return (
    <Box component="section" aria-labelledby="assignment-title" sx={{ minWidth: 0 }}>
      <BackLink />
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mt: 1, flexWrap: 'wrap' }}>
        <BotAvatar icon={a.bot.icon} kind="TutorBot" botId={a.bot.deleted ? null : a.bot.id} size={40} />
        <Typography id="assignment-title" variant="h5" component="h2" sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
          {a.title}
        </Typography>
        <Chip
          size="small"
          color={open ? 'success' : 'default'}
          variant="outlined"
          label={t(open ? 'assignments.open' : 'assignments.closed')}
        />
        <LiveIndicator status={live} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {facts.join(' · ')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, my: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => setEditing(true)} disabled={busy}>
          {t('assignments.edit')}
        </Button>
        <Button variant="outlined" onClick={() => void toggleOpen()} disabled={busy}>
          {t(open ? 'assignments.close' : 'assignments.reopen')}
        </Button>
        {open && classroom.data?.available && classroom.data.connection === 'connected' && (
          <Button variant="outlined" onClick={() => setPosting(true)} disabled={busy}>
            {t('assignments.classroom.open')}
          </Button>
        )}
        <Button color="error" onClick={() => void remove()} disabled={busy}>
          {t('assignments.delete')}
        </Button>
      </Stack>
      {!open && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('assignments.closedNotice')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="subtitle2" component="h3">
          {t('assignments.instructionsHeading')}
        </Typography>
        <Typography
          variant="body2"
          color={a.instructions ? 'text.primary' : 'text.secondary'}
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}
        >
          {a.instructions || t('assignments.noInstructions')}
        </Typography>
      </Paper>
      <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', mb: 1.5 }}>
        <Chip size="small" label={t('assignments.total', { n: counts.total })} />
        {statusOrder.map((st) => (
          <Chip key={st} size="small" variant="outlined" label={t('assignments.statusCount', { label: t(statusKey[st]), n: counts[st] })} />
        ))}
        {a.flags > 0 && <Chip size="small" color="error" variant="outlined" label={t('assignments.flags', { n: a.flags })} />}
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" onClick={() => fetchFile('csv')} disabled={downloading !== null}>
          {t('assignments.download.progress')}
        </Button>
        <Button size="small" onClick={() => fetchFile('zip')} disabled={downloading !== null || !a.students.some((r) => r.hasTranscript)}>
          {t('assignments.download.transcripts')}
        </Button>
      </Stack>
      <StudentTable
        assignment={a}
        busyId={busyRecord}
        onOpen={(r, feedback) => {
          setFeedbackFirst(Boolean(feedback));
          onOpenRecord(r.id);
        }}
        onStatus={(r, status) => void setStatus(r, status)}
        onAward={(r) => setAwardingId(r.id)}
      />
      {awarding && <TrophyDialog assignmentId={a.id} record={awarding} onClose={() => setAwardingId(null)} />}
      {record && (
        <TranscriptDialog
          assignment={a}
          record={record}
          busy={busyRecord === record.id}
          focusFeedback={feedbackFirst}
          onClose={() => onOpenRecord(null)}
          onStatus={(r, status) => setStatus(r, status, true)}
          onRecordSaved={storeRecord}
          reload={reload}
        />
      )}
      {posting && (
        <PostToClassroomDialog
          assignment={a}
          onClose={() => setPosting(false)}
          onPosted={(message) => {
            setPosting(false);
            say({ message });
          }}
        />
      )}
      {editing && (
        <EditAssignmentDialog
          assignment={a}
          onClose={() => setEditing(false)}
          reload={fetchFresh}
          onSaved={(saved) => {
            store(saved);
            setEditing(false);
            say({ message: t('assignments.savedNotice') });
          }}
        />
      )}
    </Box>
  );
}

function BackLink() {
  const t = useT();
  return (
    <Button component={RouterLink} to={teachAssignmentsHref()} startIcon={<ArrowBack />} size="small">
      {t('assignments.allAssignments')}
    </Button>
  );
}
