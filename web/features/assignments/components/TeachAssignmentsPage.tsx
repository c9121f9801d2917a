import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isUuid } from '../../../../contract/common';
import { PageHeading } from '../../../components/PageHeading';
import { useRestoreAssignment } from '../api/deleteAssignment';
import { assignmentKeys } from '../../../lib/assignments/keys';
import { teachAssignmentsHref } from '../../../lib/links';
import { assignmentListQuery } from '../api/listAssignments';
import { useAssignmentsLive } from '../../../lib/assignments/useAssignmentsLive';
import { classListQuery } from '../../students';
import { paths } from '../../../lib/paths';
import { useT } from '../../../lib/i18n';
import { QueryState } from '../../../components/QueryState';
import { messageOf } from '../model/labels';
import { AssignmentList } from './AssignmentList';
import { AssignmentView, type Notice } from './AssignmentView';
import { LiveIndicator } from './LiveIndicator';
import { NewAssignmentDialog } from './NewAssignmentDialog';

/**
 * The teacher's assignments (premium). The address says what is shown, so it can be shared or
 * reloaded: `?assignment=<id>` one assignment's table, `&record=<id>` a student's transcript,
 * `?bot=<id>` "New assignment" with that TutorBot chosen.
 */
export default function TeachAssignmentsPage() {
  const t = useT();
  const restoreAssignment = useRestoreAssignment();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const assignmentId = params.get('assignment');
  const recordId = params.get('record');
  const botParam = params.get('bot');
  const live = useAssignmentsLive();
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<(Notice & { key: number }) | null>(null);
  const say = (n: Notice) => setNotice({ ...n, key: Date.now() });
  const newOpen = creating || Boolean(botParam);

  const closeNew = () => {
    setCreating(false);
    if (botParam) void navigate(teachAssignmentsHref({ assignment: assignmentId }), { replace: true });
  };

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', minWidth: 0 }}>
      <PageHeading>{t('assignments.pageTitle')}</PageHeading>
      {assignmentId ? (
        isUuid(assignmentId) ? (
          <AssignmentView
            key={assignmentId}
            id={assignmentId}
            recordId={recordId}
            live={live}
            say={say}
            onOpenRecord={(r) => {
              // A snackbar would sit over the transcript's buttons on a phone.
              if (r) setNotice(null);
              void navigate(teachAssignmentsHref({ assignment: assignmentId, record: r }));
            }}
            onDeleted={(deleted) => {
              void Promise.resolve(navigate(teachAssignmentsHref())).then(() =>
                queryClient.removeQueries({ queryKey: assignmentKeys.detail(deleted.id) }),
              );
              void queryClient.invalidateQueries({ queryKey: assignmentKeys.list() });
              say({
                message: t('assignments.deleted'),
                undo: () => {
                  restoreAssignment(deleted.id)
                    .then(async () => {
                      await queryClient.invalidateQueries({ queryKey: assignmentKeys.all });
                      say({ message: t('assignments.restored') });
                      await navigate(teachAssignmentsHref({ assignment: deleted.id }));
                    })
                    .catch((err: unknown) => say({ message: messageOf(err) }));
                },
              });
            }}
          />
        ) : (
          <Alert severity="info">{t('assignments.notFound')}</Alert>
        )
      ) : (
        <AssignmentsHome live={live} onNew={() => setCreating(true)} />
      )}
      {newOpen && (
        <NewAssignmentDialog
          initialBotId={botParam}
          onClose={closeNew}
          onCreated={(created) => {
            setCreating(false);
            queryClient.setQueryData(assignmentKeys.detail(created.id), created);
            void queryClient.invalidateQueries({ queryKey: assignmentKeys.list() });
            void navigate(teachAssignmentsHref({ assignment: created.id }), { replace: Boolean(botParam) });
            say({ message: t('assignments.createdNotice', { title: created.title }) });
          }}
        />
      )}
      <Snackbar
        key={notice?.key}
        open={Boolean(notice)}
        autoHideDuration={notice?.undo ? 10_000 : 6_000}
        onClose={(_e, reason) => reason !== 'clickaway' && setNotice(null)}
        message={notice?.message}
        action={
          notice?.undo ? (
            <Button
              color="secondary"
              size="small"
              onClick={() => {
                notice.undo?.();
                setNotice(null);
              }}
            >
              {t('assignments.undo')}
            </Button>
          ) : undefined
        }
      />
    </Box>
  );
}

/** The list of assignments, or the empty state that explains them. */
function AssignmentsHome({ live, onNew }: { live: ReturnType<typeof useAssignmentsLive>; onNew: () => void }) {
  const t = useT();
  const list = useQuery(assignmentListQuery());
  const classes = useQuery(classListQuery());
  const assignments = [...(list.data?.assignments ?? [])].sort((x, y) => y.createdAt.localeCompare(x.createdAt));
  const noClasses = classes.isSuccess && classes.data.classes.length === 0;

  const newButton = (
    <Button variant="contained" onClick={onNew}>
      {t('assignments.newAssignment')}
    </Button>
  );

  return (
    <QueryState
      query={list}
      loadingLabel={t('assignments.listLabel')}
      errorText={`${t('assignments.loadFailed')} ${messageOf(list.error)}`}
      retryLabel={t('common.tryAgain')}
    >
      {() =>
        assignments.length === 0 ? (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('assignments.emptyTitle')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('assignments.emptyBody')}
            </Typography>
            {noClasses && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('assignments.emptyNoClasses')}
                <Box sx={{ mt: 1 }}>
                  <Button component={RouterLink} to={paths.myStudents.to()} color="inherit" size="small" variant="outlined">
                    {t('assignments.toMyStudents')}
                  </Button>
                </Box>
              </Alert>
            )}
            {newButton}
          </Paper>
        ) : (
          <>
            <Stack direction="row" sx={{ my: 2, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              {newButton}
              <Box sx={{ flex: 1 }} />
              <LiveIndicator status={live} />
            </Stack>
            <AssignmentList assignments={assignments} />
          </>
        )
      }
    </QueryState>
  );
}
