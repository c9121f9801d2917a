import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { QueryState } from '../../../components/QueryState';
import { useAppState } from '../../../lib/app-state/AppState';
import { useMe } from '../../../lib/session/getMe';
import { teacherListHintDismissed } from '../../../lib/storage';
import { useJoinClass } from '../../students';
import { ApiError } from '../../../lib/http';
import { useMyAssignments } from '../api/getMyAssignments';
import { myAssignmentKeys } from '../api/myAssignmentKeys';
import { groupAssignments, runnerPath } from '../../../lib/my-assignments/present';
import { paths } from '../../../lib/paths';
import { useT } from '../../../lib/i18n';
import { classLabel } from '../model/labels';
import { AssignmentGroupSection } from './MyAssignmentCard';

/** What the tutor page hands over after "I'm done". */
interface HandedIn {
  title: string;
  teacherName: string;
}
const handedInFrom = (state: unknown): HandedIn | null => {
  const h = (state as { handedIn?: Partial<HandedIn> } | null)?.handedIn;
  return typeof h?.title === 'string' && typeof h.teacherName === 'string' ? { title: h.title, teacherName: h.teacherName } : null;
};

/**
 * /studentAssignments: the signed-in person's assignments from every roster they are on, grouped
 * To do / Handed in / Done / Closed, and joining a class by its code. A teacher who switched to the
 * student account sees the same, and an empty state that explains what their students see here.
 * `?open=<record>` (where a launch from a course's LMS lands, docs/decisions/261-lti-1-3.md) and
 * `?assignment=<assignment>` (the link a Google Classroom post carries, decision 262) go on to
 * that record's tutor page when it is in the list, and otherwise show the list.
 */
export default function StudentAssignmentsPage() {
  const t = useT();
  const { subscription } = useAppState();
  const isTeacher = subscription?.user_type === 'teacher';
  const list = useMyAssignments();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const handedIn = handedInFrom(location.state);
  // Coming back from a long chat: the notice is at the top, so the page starts there.
  const notice = handedIn?.title;
  useEffect(() => {
    if (notice) window.scrollTo({ top: 0 });
  }, [notice]);
  const openId = params.get('open');
  const assignmentId = params.get('assignment');
  const opening = list.data?.assignments.find(
    (a) => (openId !== null && a.id === openId) || (assignmentId !== null && a.assignmentId === assignmentId),
  );
  const openPath = opening ? runnerPath(opening) : null;
  useEffect(() => {
    if (openPath) void navigate(openPath, { replace: true });
  }, [openPath, navigate]);

  return (
    <Box sx={{ maxWidth: 1120 }}>
      <PageHeading>{t('myAssignments.title')}</PageHeading>
      {list.data && <TeacherListHint assignments={list.data.assignments.length} />}
      {handedIn && (
        <Alert
          severity="success"
          role="status"
          sx={{ mb: 3 }}
          onClose={() => void navigate(location.pathname, { replace: true, state: null })}
          slotProps={{ closeButton: { 'aria-label': t('common.close') } }}
        >
          {t('myAssignments.handedInNotice', { title: handedIn.title, teacher: handedIn.teacherName })}
        </Alert>
      )}
      <QueryState
        query={list}
        loadingLabel={t('myAssignments.loading')}
        loadingLine
        errorText={list.error instanceof ApiError ? list.error.message : t('myAssignments.loadFailed')}
        retryLabel={t('common.tryAgain')}
        retrySize="medium"
        keepDataOnError
      >
        {(data) =>
          // On the way to the record's tutor page: the list would only flash.
          openPath ? null : <Groups assignments={data.assignments} isTeacher={isTeacher} />
        }
      </QueryState>
      <JoinClass />
    </Box>
  );
}

/**
 * Within a school, whoever is not on its teacher list is a student. The note that tells a teacher
 * how to be listed is for someone who could be staff: an account that signed up as a teacher and
 * has no assignments (a student on a roster has them). Here only, not on the tutor page; hidden for
 * good once dismissed (per account, in this browser).
 */
function TeacherListHint({ assignments }: { assignments: number }) {
  const t = useT();
  const { subscription } = useAppState();
  const { data: me } = useMe();
  const [hidden, setHidden] = useState(false);
  if (!me || !subscription || hidden || teacherListHintDismissed.get(me.id)) return null;
  const couldTeach =
    me.role === 'teacher' && subscription.user_type === 'student' && subscription.status === 'active school' && assignments === 0;
  if (!couldTeach || !subscription.school_name) return null;
  const dismiss = () => {
    teacherListHintDismissed.set(me.id);
    setHidden(true);
  };
  return (
    <Alert
      severity="info"
      sx={{ mb: 3, maxWidth: 720 }}
      onClose={dismiss}
      slotProps={{ closeButton: { 'aria-label': t('myAssignments.dismissHint') } }}
    >
      {t('myAssignments.teacherListHint', { school: subscription.school_name, email: me.email })}
    </Alert>
  );
}

function Groups({ assignments, isTeacher }: { assignments: Parameters<typeof groupAssignments>[0]; isTeacher: boolean }) {
  const now = new Date();
  const groups = groupAssignments(assignments, now);
  if (groups.length === 0) return isTeacher ? <TeacherEmpty /> : <StudentEmpty />;
  return (
    <Stack spacing={4}>
      {groups.map((g) => (
        <AssignmentGroupSection key={g.key} group={g} now={now} />
      ))}
    </Stack>
  );
}

function StudentEmpty() {
  const t = useT();
  return (
    <Box sx={{ py: 2 }}>
      <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('myAssignments.empty.title')}
      </Typography>
      <Typography sx={{ maxWidth: 560 }}>{t('myAssignments.empty.body')}</Typography>
    </Box>
  );
}

function TeacherEmpty() {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('myAssignments.teacherEmpty.title')}
      </Typography>
      <Typography sx={{ mb: 1.5 }}>{t('myAssignments.teacherEmpty.body')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('myAssignments.teacherEmpty.onRoster')}
      </Typography>
      <Button variant="contained" component={RouterLink} to={paths.teachAssignments.to()}>
        {t('myAssignments.teacherEmpty.goTeach')}
      </Button>
    </Paper>
  );
}

function JoinClass() {
  const t = useT();
  const joinClass = useJoinClass();
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    setOutcome(null);
    joinClass(code).then(
      (r) => {
        const className = classLabel({ name: r.className, section: r.section });
        setOutcome({
          ok: true,
          text: r.alreadyOnRoster
            ? t('myAssignments.join.already', { className })
            : t('myAssignments.join.joined', { className, teacher: r.teacherName }),
        });
        setCode('');
        setBusy(false);
        // The class's open assignments are the student's from now on.
        void client.invalidateQueries({ queryKey: myAssignmentKeys.list() });
      },
      (err: unknown) => {
        // A code the server could not read says what is wrong with it, not only that a field needs attention.
        setOutcome({ ok: false, text: err instanceof ApiError ? (err.fields?.code ?? err.message) : String(err) });
        setBusy(false);
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="join-class-title" sx={{ p: 2, mt: 4, maxWidth: 560 }}>
      <Typography id="join-class-title" component="h2" variant="h6">
        {t('myAssignments.join.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('myAssignments.join.body')}
      </Typography>
      <Stack component="form" onSubmit={submit} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={t('myAssignments.join.label')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          size="small"
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 16, style: { textTransform: 'uppercase', letterSpacing: '0.15em' } } }}
        />
        <Button type="submit" variant="contained" disabled={busy || !code.trim()}>
          {t(busy ? 'myAssignments.join.joining' : 'myAssignments.join.join')}
        </Button>
      </Stack>
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'} sx={{ mt: 2 }}>
          {outcome.text}
        </Alert>
      )}
    </Paper>
  );
}
