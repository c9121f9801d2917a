import { useEffect, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useNavigate } from 'react-router';
import { isUuid } from '../../../../contract/common';
import type { MyAssignmentDetail } from '../../../../contract/assignments';
import { BotAvatar } from '../../../components/BotAvatar';
import { PageHeading } from '../../../components/PageHeading';
import { QueryState } from '../../../components/QueryState';
import { useAppState } from '../../../lib/app-state/AppState';
import { ApiError } from '../../../lib/http';
import { useMyAssignment } from '../../assignments';
import { addressMatches, dueWords, isOverdue, runnerPath } from '../../../lib/my-assignments/present';
import { useT } from '../../../lib/i18n';
import { useRunRoute } from '../hooks/useRunRoute';
import { AiStatusNotice } from './AiStatusNotice';
import { AssignmentNotFound } from './AssignmentNotFound';
import { StudentChat } from './StudentChat';

/** Between the two sentences of the note (a separator, not a word). */
const space = ' ';

/** Who the tutor is, who set the work, when it is due and where it stands. */
function AssignmentHeading({ record }: { record: MyAssignmentDetail }) {
  const t = useT();
  const overdue = isOverdue(record, new Date());
  const state =
    record.status === 'submitted'
      ? t('runs.student.handedIn')
      : record.status === 'completed'
        ? t('runs.student.done')
        : record.closed
          ? t('runs.student.closed')
          : null;
  return (
    <Box sx={{ mb: 2 }}>
      <PageHeading>{record.title}</PageHeading>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
        <BotAvatar icon={record.bot.icon} kind="TutorBot" botId={record.bot.id} assignmentId={record.id} size={40} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {t('runs.student.withTutor', { tutor: record.bot.name })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('runs.student.fromTeacher', { teacher: record.teacherName })}
          </Typography>
        </Box>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Chip label={dueWords(record.dueAt, new Date(), t)} variant="outlined" />
        {overdue && <Chip label={t('runs.student.late')} color="warning" />}
        {state && <Chip label={state} variant="outlined" />}
      </Stack>
    </Box>
  );
}

/**
 * The teacher's instructions: open on wide screens, folded on a phone so the chat comes first.
 * The width decides once, when the page opens; after that only the student does (a controlled
 * Accordion, so a resize or a turned phone neither changes nor warns).
 */
export function Instructions({ text }: { text: string }) {
  const t = useT();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(!narrow);
  return (
    <Accordion
      expanded={open}
      onChange={(_, expanded) => setOpen(expanded)}
      disableGutters
      variant="outlined"
      sx={{ borderRadius: 2, '&::before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="assignment-instructions" id="assignment-instructions-title">
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('runs.student.instructions')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="assignment-instructions">
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Typography>
      </AccordionDetails>
    </Accordion>
  );
}

/** The teacher's written feedback, set apart so it is not missed. */
function TeacherFeedback({ teacher, text }: { teacher: string; text: string }) {
  const t = useT();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('runs.student.feedbackTitle', { teacher })}
      sx={{ p: 2, borderLeft: 4, borderLeftColor: 'secondary.main', bgcolor: 'collectionBackground' }}
    >
      <Typography component="h2" variant="subtitle2" sx={{ mb: 0.5, fontWeight: 700 }}>
        {t('runs.student.feedbackTitle', { teacher })}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Typography>
    </Paper>
  );
}

function AssignmentView({ record }: { record: MyAssignmentDetail }) {
  const t = useT();
  return (
    <>
      <AssignmentHeading record={record} />
      <Stack spacing={2} sx={{ mb: 2 }}>
        {record.instructions && <Instructions text={record.instructions} />}
        {record.feedback && <TeacherFeedback teacher={record.teacherName} text={record.feedback} />}
        <Alert severity="info" icon={<VisibilityOutlined />}>
          <strong>{t('runs.student.teacherReads')}</strong>
          {/* On a phone the first sentence says it; the rest would push the chat down. */}
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {space}
            {t('runs.student.teacherReadsDetail', { teacher: record.teacherName })}
          </Box>
        </Alert>
      </Stack>
      <AiStatusNotice />
      <StudentChat record={record} />
    </>
  );
}

/**
 * A student's assignment on /run-student-tutor-bot: the record is loaded by its asid and must match
 * the whole address (bot, owner, school, conversation), else it is not found like an unknown id.
 * `res` `new` with a conversation already made is replaced by that conversation's id; without one,
 * the conversation is made (Start) on the first message, so opening the page alone starts nothing.
 */
export function StudentAssignmentRun() {
  const t = useT();
  const { params } = useRunRoute('runStudentTutorBot');
  const navigate = useNavigate();
  const valid = isUuid(params.asid);
  const record = useMyAssignment(params.asid, valid);
  const data = record.data;
  const matches = data !== undefined && addressMatches(data, params);

  const { setTutorContent } = useAppState();
  const bot = matches ? data.bot : null;
  const title = matches ? data.title : null;
  const teacher = matches ? data.teacherName : null;
  useEffect(() => {
    if (!bot) return;
    setTutorContent({ botId: bot.id, botName: bot.name, assignmentId: params.asid, assignmentTitle: title, teacherName: teacher });
  }, [setTutorContent, bot, title, teacher, params.asid]);
  useEffect(() => () => setTutorContent(null), [setTutorContent]);

  // The address names the record's conversation once there is one (a reload, a shared link).
  const conversationId = matches ? data.conversationId : null;
  const nameIt = conversationId !== null && params.res === 'new';
  useEffect(() => {
    if (nameIt && data) void navigate(runnerPath(data), { replace: true });
  }, [nameIt, data, navigate]);

  if (!valid) return <AssignmentNotFound />;
  // Not found even after it was open: the student left the class, or the assignment was deleted.
  const e = record.error;
  if (e instanceof ApiError && (e.status === 404 || e.status === 403 || e.status === 422)) return <AssignmentNotFound />;
  // A failed refresh keeps the page as it was; only a first load that failed says so.
  return (
    <QueryState
      query={record}
      loadingLabel={t('runs.student.loading')}
      loadingLine
      errorText={e instanceof ApiError ? e.message : t('runs.student.loadFailed')}
      retryLabel={t('common.tryAgain')}
      retrySize="medium"
      keepDataOnError
    >
      {(loaded) => (matches ? <AssignmentView record={loaded} /> : <AssignmentNotFound />)}
    </QueryState>
  );
}
