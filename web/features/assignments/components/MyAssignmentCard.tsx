import { useId, useState, type MouseEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventOutlined from '@mui/icons-material/EventOutlined';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { MyAssignment } from '../../../../contract/assignments';
import { BotAvatar } from '../../../components/BotAvatar';
import { ApiError } from '../../../lib/http';
import {
  budgetWords,
  cardAction,
  dueWords,
  isOverdue,
  messagesLeft,
  runnerPath,
  type AssignmentGroup,
  type AssignmentGroupKey,
} from '../../../lib/my-assignments/present';
import { useStartMyAssignment } from '../api/startMyAssignment';
import { useT, type MessageId } from '../../../lib/i18n';

const groupKey = {
  todo: 'myAssignments.groups.todo',
  handedIn: 'myAssignments.groups.handedIn',
  done: 'myAssignments.groups.done',
  closed: 'myAssignments.groups.closed',
} as const satisfies Record<AssignmentGroupKey, MessageId>;

const statusKey = {
  assigned: 'myAssignments.status.assigned',
  in_progress: 'myAssignments.status.in_progress',
  submitted: 'myAssignments.status.submitted',
  completed: 'myAssignments.status.completed',
} as const satisfies Record<MyAssignment['status'], MessageId>;

/** One group of the page (To do, Handed in, Done, Closed): its heading and its cards. */
export function AssignmentGroupSection({ group, now }: { group: AssignmentGroup; now: Date }) {
  const t = useT();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline', mb: 1.5 }}>
        <Typography id={headingId} component="h2" variant="h5">
          {t(groupKey[group.key])}
        </Typography>
        <Typography color="text.secondary">{t('myAssignments.groupCount', { n: group.items.length })}</Typography>
      </Stack>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {group.items.map((a) => (
          <Box component="li" key={a.id} sx={{ minWidth: 0 }}>
            <MyAssignmentCard assignment={a} now={now} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** A plain left click (not one that opens a new tab or window), which leaves this page. */
const leavesPage = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * The card's button: Start makes the conversation first, then opens the tutor; Continue and Open go
 * straight there. From the click until the tutor page replaces this one (its code may still be
 * loading), the button is disabled with a spinner, so a click is answered at once.
 */
function CardButton({ assignment }: { assignment: MyAssignment }) {
  const t = useT();
  const navigate = useNavigate();
  const start = useStartMyAssignment();
  // Set once the click is on its way to the tutor page: 'start' keeps the Start button (Starting…) even
  // when the refreshed list already says the work is under way.
  const [leaving, setLeaving] = useState<'start' | 'open' | null>(null);
  const action = leaving === 'start' ? 'start' : cardAction(assignment);
  const common = { size: 'large', sx: { minWidth: { xs: '100%', sm: 160 }, minHeight: 48 } } as const;
  const spinner = <CircularProgress size={18} color="inherit" aria-hidden />;
  if (action === 'start') {
    const busy = start.isPending || leaving !== null;
    return (
      <Stack spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
        <Button
          {...common}
          variant="contained"
          disabled={busy}
          startIcon={busy ? spinner : undefined}
          // Every card has a Start: a screen reader hears which assignment each one starts.
          aria-label={t(busy ? 'myAssignments.startingNamed' : 'myAssignments.startNamed', { title: assignment.title })}
          onClick={() =>
            start.mutate(assignment.id, {
              onSuccess: (started) => {
                setLeaving('start');
                void navigate(runnerPath(started));
              },
            })
          }
        >
          {t(busy ? 'myAssignments.starting' : 'myAssignments.start')}
        </Button>
        {start.isError && (
          <Alert severity="error">{start.error instanceof ApiError ? start.error.message : t('myAssignments.startFailed')}</Alert>
        )}
      </Stack>
    );
  }
  const label = t(action === 'continue' ? 'myAssignments.continue' : 'myAssignments.open');
  const named = t(action === 'continue' ? 'myAssignments.continueNamed' : 'myAssignments.openNamed', { title: assignment.title });
  return (
    <Button
      {...common}
      variant={action === 'continue' ? 'contained' : 'outlined'}
      component={RouterLink}
      to={runnerPath(assignment)}
      disabled={leaving !== null}
      startIcon={leaving ? spinner : undefined}
      aria-label={leaving ? t('myAssignments.openingNamed', { title: assignment.title }) : named}
      onClick={(e: MouseEvent) => {
        if (leavesPage(e)) setLeaving('open');
      }}
    >
      {leaving ? t('myAssignments.opening') : label}
    </Button>
  );
}

/** One assignment: what it is, with which tutor, from whom, when it is due, how it stands, and the way in. */
export function MyAssignmentCard({ assignment: a, now }: { assignment: MyAssignment; now: Date }) {
  const t = useT();
  const titleId = useId();
  const overdue = isOverdue(a, now);
  const handedIn = a.status === 'submitted' || a.status === 'completed';
  const left = handedIn || a.closed ? null : messagesLeft(a);
  const budget = budgetWords(left, t);
  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <BotAvatar icon={a.bot.icon} kind="TutorBot" botId={a.bot.id} assignmentId={a.id} size={44} />
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} component="h3" variant="h6" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            {a.title}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t('myAssignments.tutor', { name: a.bot.name })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('myAssignments.fromTeacher', { teacher: a.teacherName })}
          </Typography>
        </Box>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Chip icon={<EventOutlined />} label={dueWords(a.dueAt, now, t)} variant="outlined" />
        {overdue && <Chip label={t('myAssignments.late')} color="warning" />}
        <Chip label={t(statusKey[a.status])} variant="outlined" />
        {a.closed && <Chip label={t('myAssignments.closed')} variant="outlined" />}
      </Stack>
      {a.feedback && (
        <Box
          component="section"
          aria-label={t('myAssignments.feedbackTitle', { teacher: a.teacherName })}
          sx={{ p: 1.5, borderLeft: 4, borderColor: 'secondary.main', bgcolor: 'collectionBackground', borderRadius: 1 }}
        >
          <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 700 }}>
            {t('myAssignments.feedbackTitle', { teacher: a.teacherName })}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {a.feedback}
          </Typography>
        </Box>
      )}
      {budget && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {budget}
        </Typography>
      )}
      <Box sx={{ mt: 'auto', pt: 0.5 }}>
        <CardButton assignment={a} />
      </Box>
    </Paper>
  );
}
