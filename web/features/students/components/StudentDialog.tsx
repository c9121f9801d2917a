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
import { RecordFlagsDialog } from '../../flags/components/RecordFlagsDialog';
import { flagStrings } from '../../../lib/flags/strings';
import { relativeTime, shortDate } from '../../../lib/format';
import { studentPageQuery } from '../../assignments/api/getStudentPage';
import { teachAssignmentsHref } from '../../../lib/links';
import { useAssignmentsLive } from '../../assignments/hooks/useAssignmentsLive';
import { useNow } from '../../../lib/useNow';
import { ApiError } from '../../../lib/http';
import { strings } from '../../../lib/strings';
import { isCoursePlaceholder } from '../model/roster';
import { StudentRecordActions } from './StudentRecordActions';

const s = strings.studentPage;
const statusLabel = strings.assignments.status;
const statusHue = {
  assigned: 'text.secondary',
  in_progress: 'info.main',
  submitted: 'warning.main',
  completed: 'success.main',
} as const satisfies Record<StudentAssignmentStatus, string>;

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
        {name || strings.pages.myStudents.title}
      </DialogTitle>
      <DialogContent dividers>
        {missing ? (
          <Alert severity="info">{s.notFound}</Alert>
        ) : page.isPending ? (
          <CircularProgress aria-label={s.loading} />
        ) : page.isError ? (
          <Alert severity="error">{`${s.loadFailed} ${page.error instanceof Error ? page.error.message : ''}`}</Alert>
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
        <Button onClick={onClose}>{s.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

function StudentPageBody({ data }: { data: StudentPage }) {
  const now = useNow();
  const [flagsOpen, setFlagsOpen] = useState<StudentPage['assignments'] | null>(null);
  const { student } = data;
  const facts: { label: string; value: string; note?: string }[] = [
    { label: s.lastActive, value: data.lastActiveAt ? relativeTime(data.lastActiveAt, now) : s.never },
    { label: s.messages, value: String(data.messageCount) },
    { label: s.trophies, value: String(data.trophies) },
    { label: s.flags, value: String(data.flags) },
  ];
  const flagged = data.assignments.filter((a) => a.flags > 0);
  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {isCoursePlaceholder(student.email) ? strings.students.fromCourse : student.email}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={student.linked ? 'success' : 'default'}
          label={student.linked ? s.signedIn : s.notSignedIn}
        />
      </Stack>

      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' } }}
      >
        {facts.map((f) => (
          <Box key={f.label} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {f.label}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {f.label === s.flags && flagged.length > 0 ? (
                <Link
                  component="button"
                  type="button"
                  variant="h6"
                  onClick={() => setFlagsOpen(flagged)}
                  aria-haspopup="dialog"
                  aria-label={flagStrings.openFlags(data.flags)}
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
          {s.classesHeading}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {data.classes.map((c) => (
            <Chip key={c.entryId} label={c.section ? `${c.name} · ${c.section}` : c.name} sx={{ maxWidth: '100%' }} />
          ))}
        </Stack>
      </Box>

      <Box component="section" aria-labelledby="student-assignments-heading">
        <Typography id="student-assignments-heading" variant="h6" component="h3" gutterBottom>
          {s.assignmentsHeading}
        </Typography>
        {data.assignments.length === 0 ? (
          <Typography color="text.secondary">{s.noAssignments}</Typography>
        ) : (
          <Box component="ul" aria-label={s.assignmentsLabel(student.name)} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
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
                      a.dueAt ? s.due(shortDate(a.dueAt)) : s.noDue,
                      `${s.lastActive}: ${a.lastActiveAt ? relativeTime(a.lastActiveAt, now) : s.never}`,
                      `${s.messages}: ${a.messageCount}`,
                    ].join(' · ')}
                  </Typography>
                </Box>
                <Chip
                  size="small"
                  variant="outlined"
                  label={statusLabel[a.status]}
                  sx={{ fontWeight: 600, color: 'text.primary', borderColor: statusHue[a.status], borderWidth: 2 }}
                />
                {a.late && <Chip size="small" variant="outlined" color="error" label={strings.assignments.late} />}
                {a.flags > 0 && (
                  <Chip
                    size="small"
                    color="error"
                    label={strings.assignments.flags(a.flags)}
                    onClick={() => setFlagsOpen([a])}
                    aria-label={`${flagStrings.openFlags(a.flags)} (${a.title})`}
                    aria-haspopup="dialog"
                  />
                )}
                {a.hasTranscript ? (
                  <Link
                    component={RouterLink}
                    to={teachAssignmentsHref({ assignment: a.assignmentId, record: a.recordId })}
                    aria-label={s.transcriptLabel(a.title)}
                  >
                    {s.transcript}
                  </Link>
                ) : (
                  <Link
                    component={RouterLink}
                    to={teachAssignmentsHref({ assignment: a.assignmentId })}
                    aria-label={s.assignmentLabel(a.title)}
                  >
                    {s.assignment}
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
