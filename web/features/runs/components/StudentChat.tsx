import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { MyAssignmentDetail } from '../../../../contract/assignments';
import { ApiError } from '../../../lib/http';
import { myAssignmentChat, myAssignmentQuery, myAssignmentKeys, useStartBeforeSending, useSubmitMyAssignment } from '../../assignments';
import { safetyMessages } from '../../../lib/my-assignments/safetyStrings';
import { budgetWords, isReadOnly, messagesLeft } from '../../../lib/my-assignments/present';
import { paths } from '../../../lib/paths';
import { useT } from '../../../lib/i18n';
import { aiStatusQuery } from '../../ai';
import { useRunChat } from '../hooks/useRunChat';
import { AiErrorAlert } from './AiErrorAlert';
import { ChatPanel } from './ChatPanel';
import { HandInDialog } from './HandInDialog';
import { SafetyHelpCard } from './SafetyHelpCard';
import { StudentReportDialog } from '../report/ReportDialogs';

/** The state the student is told about when the send was refused for it (the record is read again). */
const recordChanged = (err: unknown) => err instanceof ApiError && (err.status === 409 || err.code.includes('budget'));

/** Refusals that are nobody's fault: the teacher's allowance, the budget, the work closed or handed in. */
function StudentError({ error, retry, teacher }: { error: unknown; retry: (() => void) | undefined; teacher: string }) {
  const t = useT();
  if (error instanceof ApiError && error.code === 'quota_exceeded') {
    // The server names the teacher and when it starts again; no Get Premium for a student.
    return <Alert severity="info">{error.message}</Alert>;
  }
  if (error instanceof ApiError && error.code.includes('budget'))
    return <Alert severity="info">{t('runs.student.budgetUsed', { teacher })}</Alert>;
  if (error instanceof ApiError && error.status === 409) return <Alert severity="info">{error.message}</Alert>;
  return <AiErrorAlert error={error} onRetry={retry} />;
}

/** Why the box is gone, said calmly, with the way on. */
function ClosedNote({ text, action }: { text: string; action: React.ReactNode }) {
  return (
    <Paper variant="outlined" role="status" sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'collectionBackground' }}>
      <Typography sx={{ mb: 2 }}>{text}</Typography>
      {action}
    </Paper>
  );
}

/** A held turn: the composer waits while the safety check is made again. */
function HeldNote() {
  const words = safetyMessages(useT());
  return (
    <Paper variant="outlined" role="status" data-testid="held-note" sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'collectionBackground' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <CircularProgress size={24} aria-label={words.held} />
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{words.held}</Typography>
          <Typography variant="body2" color="text.secondary">
            {words.heldDetail}
          </Typography>
        </Box>
      </Stack>
    </Paper>
  );
}

/**
 * The student's chat with the tutor of their record (see StudentRecordChat). When a held turn is
 * released, the chat starts again from the record as stored, which then follows the tutor's reply.
 */
export function StudentChat({ record }: { record: MyAssignmentDetail }) {
  const [released, setReleased] = useState(0);
  const onReleased = useCallback(() => setReleased((n) => n + 1), []);
  return <StudentRecordChat key={released} record={record} onReleased={onReleased} />;
}

/** How often the page asks for the record while a turn is held. */
const HELD_POLL_MS = 3000;

/**
 * The student's chat with the tutor of their record: always through /api/my-assignments/:asid
 * (never the bot or the conversation), the conversation made by Start on the first message, the
 * message budget counted down as they send, and "I'm done" to hand it in. A turn held for the
 * safety re-check says "One moment" while the page reads the record every few seconds until it is
 * released; a self-harm safe reply brings the help resources with the message box.
 */
function StudentRecordChat({ record, onReleased }: { record: MyAssignmentDetail; onReleased: () => void }) {
  const t = useT();
  const client = useQueryClient();
  const navigate = useNavigate();
  const asid = record.id;
  const endpoint = useMemo(() => myAssignmentChat(asid), [asid]);
  const start = useStartBeforeSending();
  const createConversation = useCallback(async () => {
    const started = await start(asid);
    if (!started.conversationId) throw new Error(t('runs.student.startFailed'));
    return started.conversationId;
  }, [asid, start, t]);
  const [initial] = useState(() => (record.conversationId ? { id: record.conversationId, messages: record.messages } : null));
  const chat = useRunChat({ initial, createConversation, endpoint });

  // Read the record again after each reply and after a refusal that changed it (budget, closed).
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: myAssignmentKeys.all }), [client]);
  const wasBusy = useRef(chat.busy);
  useEffect(() => {
    if (wasBusy.current && !chat.busy) refresh();
    wasBusy.current = chat.busy;
  }, [chat.busy, refresh]);
  useEffect(() => {
    if (recordChanged(chat.error)) refresh();
  }, [chat.error, refresh]);

  // A held reply: read the record until the re-check has released it, then start again from it.
  const lastMessage = chat.messages.at(-1);
  const heldId = lastMessage?.role === 'assistant' && lastMessage.metadata?.status === 'held' ? lastMessage.id : null;
  useQuery({ ...myAssignmentQuery(asid), enabled: heldId !== null, refetchInterval: heldId ? HELD_POLL_MS : false });
  useEffect(() => {
    if (!heldId) return;
    const stored = record.messages.find((m) => m.id === heldId);
    if (stored && stored.status !== 'held') onReleased();
  }, [heldId, record.messages, onReleased]);
  const held = heldId !== null || record.messages.at(-1)?.status === 'held';
  const selfHarm =
    chat.messages.some((m) => m.role === 'assistant' && m.metadata?.safety === 'self_harm') ||
    record.messages.some((m) => m.safety === 'self_harm');

  // On a phone the help keeps one row once the student has written again since the safe reply.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const compactHelp =
    narrow &&
    (wroteAgainAfterHelp(chat.messages.map((m) => ({ role: m.role, safety: m.metadata?.safety }))) || wroteAgainAfterHelp(record.messages));

  const { data: ai } = useQuery({ ...aiStatusQuery(), staleTime: 60_000 });
  const blockedReason = ai?.provider === 'not configured' ? t('runs.blocked.notConfigured') : null;

  const sentHere = chat.messages.filter((m) => m.role === 'user').length;
  const left = messagesLeft(record, sentHere);
  const readOnly = isReadOnly(record);

  // "Report this answer": the tutor reply being reported to the teacher (a flag, not a ticket).
  const [reporting, setReporting] = useState<string | null>(null);
  // Reported earlier (the server's record, so a reload keeps them) or on this visit: marked, no button.
  const [reportedHere, setReportedHere] = useState<readonly string[]>([]);
  const reported = useMemo(() => new Set([...record.reportedMessageIds, ...reportedHere]), [record.reportedMessageIds, reportedHere]);
  const onReportSent = useCallback((id: string) => setReportedHere((ids) => [...ids, id]), []);

  const submit = useSubmitMyAssignment();
  const [confirming, setConfirming] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const handIn = () => {
    setSubmitError(null);
    submit.mutate(asid, {
      onSuccess: () =>
        void navigate(paths.studentAssignments.to(), { state: { handedIn: { title: record.title, teacherName: record.teacherName } } }),
      onError: (err) => setSubmitError(err instanceof ApiError ? err.message : t('runs.student.submitFailed')),
    });
  };
  const doneButton = (
    <Button
      variant="outlined"
      size="large"
      startIcon={<CheckCircleOutline />}
      onClick={() => setConfirming(true)}
      disabled={chat.busy}
      sx={{ ml: 'auto' }}
    >
      {t('runs.student.imDone')}
    </Button>
  );

  const backButton = (
    <Button variant="contained" size="large" component={RouterLink} to={paths.studentAssignments.to()}>
      {t('runs.student.back')}
    </Button>
  );
  const closed = held ? (
    <HeldNote />
  ) : readOnly ? (
    <ClosedNote
      text={
        record.status === 'submitted'
          ? t('runs.student.readOnly.submitted', { teacher: record.teacherName })
          : record.status === 'completed'
            ? t('runs.student.readOnly.completed', { teacher: record.teacherName })
            : t('runs.student.readOnly.closed', { teacher: record.teacherName })
      }
      action={backButton}
    />
  ) : left === 0 ? (
    <ClosedNote text={t('runs.student.budgetUsed', { teacher: record.teacherName })} action={doneButton} />
  ) : undefined;

  const budget = budgetWords(left, t);
  return (
    <>
      <ChatPanel
        chat={chat}
        botName={record.bot.name}
        welcome={record.bot.welcomeMessage}
        starters={record.bot.starterPrompts}
        blockedReason={blockedReason}
        composerPlaceholder={t('runs.student.placeholder')}
        closed={
          closed && selfHarm ? (
            <Box>
              <SafetyHelpCard lines={record.crisisLines} />
              {closed}
            </Box>
          ) : (
            closed
          )
        }
        composerFooter={selfHarm ? <SafetyHelpCard lines={record.crisisLines} compact={compactHelp} /> : undefined}
        regenerate={!readOnly && left !== 0 && !held}
        speech
        onReport={setReporting}
        reported={reported}
        renderError={(error, retry) => <StudentError error={error} retry={retry} teacher={record.teacherName} />}
        composerExtra={
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap', flexGrow: 1, justifyContent: 'flex-end' }}>
            {budget && (
              <Box role="status" sx={{ typography: 'body2', fontWeight: 600 }} data-testid="messages-left">
                {budget}
              </Box>
            )}
            {doneButton}
          </Stack>
        }
      />
      {reporting && (
        <StudentReportDialog
          key={reporting}
          asid={asid}
          messageId={reporting}
          teacherName={record.teacherName}
          onClose={() => setReporting(null)}
          onSent={onReportSent}
        />
      )}
      <HandInDialog
        open={confirming}
        teacher={record.teacherName}
        busy={submit.isPending}
        error={submitError}
        onConfirm={handIn}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** Whether the student wrote again after the last self-harm reply (the page's turns, or the stored ones after a reload). */
function wroteAgainAfterHelp(turns: readonly { role: string; safety?: string | null }[]): boolean {
  const last = turns.findLastIndex((m) => m.role === 'assistant' && m.safety === 'self_harm');
  return last >= 0 && turns.slice(last + 1).some((m) => m.role === 'user');
}
