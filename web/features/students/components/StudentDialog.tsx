import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { StudentAssignmentStatus, StudentPage } from '../../../../contract/assignments';
import { isUuid } from '../../../../contract/common';
import { RecordFlagsDialog } from '../../flags';
import { formatNumber, relativeTime, shortDate } from '../../../lib/format';
import { studentPageQuery } from '../api/getStudentPage';
import { teachAssignmentsHref } from '../../../lib/links';
import { useAssignmentsLive } from '../../../lib/assignments/useAssignmentsLive';
import { useNow } from '../../../lib/useNow';
import { ApiError } from '../../../lib/http';
import { useT, type MessageId } from '../../../lib/i18n';
import { isCoursePlaceholder } from '../model/roster';
import { StudentRecordActions } from './StudentRecordActions';

const statusLabel = {
  assigned: 'students.student.status.assigned',
  in_progress: 'students.student.status.inProgress',
  submitted: 'students.student.status.submitted',
  completed: 'students.student.status.completed',
} as const satisfies Record<StudentAssignmentStatus, MessageId>;
const statusHue = {
  assigned: 'text.secondary',
  in_progress: 'info.main',
  submitted: 'warning.main',
  completed: 'success.main',
} as const satisfies Record<StudentAssignmentStatus, string>;

/** A class as a chip names it: its name, and its period when it has one. */
const classLabel = (c: { name: string; section: string | null }) => (c.section ? `${c.name} · ${c.section}` : c.name);

/**
 * One student's page over My Students (`?student=<roster entry id>`): their classes, assignments
 * with status (each opening its transcript on /teachAssignments), last activity, messages, and the
 * counts of trophies and safety flags.
 */
export function StudentDialog({
  entryId,
  onClose,
  onDeleted,
}: {
  entryId: string;
  onClose: () => void;
  /** The student's data was deleted (the page closes; the caller confirms it). */
  onDeleted: (studentName: string) => void;
}) {
  const t = useT();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const valid = isUuid(entryId);
  const page = useQuery({ ...studentPageQuery(entryId), enabled: valid });
  useAssignmentsLive(valid);
  const name = page.data?.student.name ?? '';
  const missing = !valid || (page.error instanceof ApiError && page.error.status === 404);

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" scroll="paper" aria-labelledby="student-page-title">
      <DialogTitle id="student-page-title" sx={{ overflowWrap: 'anywhere' }}>
        {name || t('students.page.title')}
      </DialogTitle>
      <DialogContent dividers>
        {missing ? (
          <Alert severity="info">{t('students.student.notFound')}</Alert>
        ) : page.isPending ? (
          <CircularProgress aria-label={t('students.student.loading')} />
        ) : page.isError ? (
          <Alert severity="error">
            {t('students.student.loadFailed', { reason: page.error instanceof Error ? page.error.message : '' })}
          </Alert>
        ) : (
          <StudentPageBody data={page.data} />
        )}
      </DialogContent>
      <DialogActions>
        {page.data && (
          <StudentRecordActions
            entryId={entryId}
            student={page.data.student}
            onDeleted={() => {
              onDeleted(page.data.student.name);
              onClose();
            }}
          />
        )}
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function StudentPageBody({ data }: { data: StudentPage }) {
  const t = useT();
  const now = useNow();
  const [flagsOpen, setFlagsOpen] = useState<StudentPage['assignments'] | null>(null);
  const { student } = data;
  const never = t('students.student.never');
  const facts: { id: 'lastActive' | 'messages' | 'trophies' | 'flags'; label: string; value: string; note?: string }[] = [
    {
      id: 'lastActive',
      label: t('students.student.lastActive'),
      value: data.lastActiveAt ? relativeTime(data.lastActiveAt, now) : never,
    },
    { id: 'messages', label: t('students.student.messages'), value: formatNumber(data.messageCount) },
    { id: 'trophies', label: t('students.student.trophies'), value: formatNumber(data.trophies) },
    { id: 'flags', label: t('students.student.flags'), value: formatNumber(data.flags) },
  ];
  const flagged = data.assignments.filter((a) => a.flags > 0);
  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {isCoursePlaceholder(student.email) ? t('students.class.fromCourse') : student.email}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={student.linked ? 'success' : 'default'}
          label={student.linked ? t('students.student.signedIn') : t('students.student.notSignedIn')}
        />
      </Stack>

      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' } }}
      >
        {facts.map((f) => (
          <Box key={f.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {f.label}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {f.id === 'flags' && flagged.length > 0 ? (
                <Link
                  component="button"
                  type="button"
                  variant="h6"
                  onClick={() => setFlagsOpen(flagged)}
                  aria-haspopup="dialog"
                  aria-label={t('flags.openFlags', { count: data.flags })}
                >
                  {f.value}
                </Link>
              ) : (
                f.value
              )}
            </Typography>
            {f.note && (
              <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0, display: 'block' }}>
                {f.note}
              </Typography>
            )}
          </Box>
        ))}
      </Box>

      <Box component="section" aria-labelledby="student-classes-heading">
        <Typography id="student-classes-heading" variant="h6" component="h3" gutterBottom>
          {t('students.classesHeading')}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {data.classes.map((c) => (
            <Chip key={c.entryId} label={classLabel(c)} sx={{ maxWidth: '100%' }} />
          ))}
        </Stack>
      </Box>

      <Box component="section" aria-labelledby="student-assignments-heading">
        <Typography id="student-assignments-heading" variant="h6" component="h3" gutterBottom>
          {t('students.student.assignmentsHeading')}
        </Typography>
        {data.assignments.length === 0 ? (
          <Typography color="text.secondary">{t('students.student.noAssignments')}</Typography>
        ) : (
          <Box
            component="ul"
            aria-label={t('students.student.assignmentsLabel', { name: student.name })}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
          >
            {data.assignments.map((a) => (
              <Box
                component="li"
                key={a.recordId}
                sx={{
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 2,
                  p: 1.5,
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 1,
                  alignItems: 'center',
                }}
              >
                <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{a.title}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[
                      a.dueAt ? t('students.student.due', { date: shortDate(a.dueAt) }) : t('students.student.noDue'),
                      t('students.student.lastActiveValue', { when: a.lastActiveAt ? relativeTime(a.lastActiveAt, now) : never }),
                      t('students.student.messagesValue', { count: a.messageCount }),
                    ].join(' · ')}
                  </Typography>
                </Box>
                <Chip
                  size="small"
                  variant="outlined"
                  label={t(statusLabel[a.status])}
                  sx={{ fontWeight: 600, color: 'text.primary', borderColor: statusHue[a.status], borderWidth: 2 }}
                />
                {a.late && <Chip size="small" variant="outlined" color="error" label={t('students.student.late')} />}
                {a.flags > 0 && (
                  <Chip
                    size="small"
                    color="error"
                    label={t('students.student.flagCount', { count: a.flags })}
                    onClick={() => setFlagsOpen([a])}
                    aria-label={t('students.student.flagsFor', { flags: t('flags.openFlags', { count: a.flags }), title: a.title })}
                    aria-haspopup="dialog"
                  />
                )}
                {a.hasTranscript ? (
                  <Link
                    component={RouterLink}
                    to={teachAssignmentsHref({ assignment: a.assignmentId, record: a.recordId })}
                    aria-label={t('students.student.transcriptLabel', { title: a.title })}
                  >
                    {t('students.student.transcript')}
                  </Link>
                ) : (
                  <Link
                    component={RouterLink}
                    to={teachAssignmentsHref({ assignment: a.assignmentId })}
                    aria-label={t('students.student.assignmentLabel', { title: a.title })}
                  >
                    {t('students.student.assignment')}
                  </Link>
                )}
              </Box>
            ))}
          </Box>
        )}
      </Box>
      {flagsOpen && (
        <RecordFlagsDialog
          studentName={student.name}
          records={flagsOpen.map((a) => ({ recordId: a.recordId, title: a.title }))}
          onClose={() => setFlagsOpen(null)}
        />
      )}
    </Stack>
  );
}
