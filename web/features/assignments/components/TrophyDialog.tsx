import { useEffect, useRef, useState, type FormEvent } from 'react';
import { validationText } from '../../../lib/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import type { StudentRecord } from '../../../../contract/assignments';
import { awardTrophyInput, TROPHY_REASON_MAX, type Trophy } from '../../../../contract/trophies';
import { dateTime } from '../../../lib/format';
import { assignmentKeys } from '../../../lib/assignments/keys';
import { useT, type MessageId } from '../../../lib/i18n';
import { trophyKeys } from '../../../lib/trophies/keys';
import { useAwardTrophy, recordTrophiesQuery, useRestoreTrophy, useTakeBackTrophy } from '../api/recordTrophies';
import { messageOf, trophyRuleKeys } from '../model/labels';

/** The quick reasons a teacher can pick (the reason is saved in the words shown). */
const presets: MessageId[] = [
  'assignments.trophies.preset.greatEffort',
  'assignments.trophies.preset.clearExplanation',
  'assignments.trophies.preset.keptGoing',
  'assignments.trophies.preset.carefulWorking',
  'assignments.trophies.preset.greatQuestion',
  'assignments.trophies.preset.bigImprovement',
];

/** What the dialog last said: an award, a take-back (with Undo), or a failure. */
type Outcome = { severity: 'success' | 'error'; text: string; undo?: () => void };

/**
 * "Award a trophy" on one student's record: a reason (required, at most 200 characters, with quick
 * presets), then the record's trophies, newest first, where the teacher's own awards can be taken
 * back (with Undo, which brings back the same trophy); a rule's trophies stay.
 */
export function TrophyDialog({ assignmentId, record, onClose }: { assignmentId: string; record: StudentRecord; onClose: () => void }) {
  const t = useT();
  const awardTrophy = useAwardTrophy();
  const restoreTrophy = useRestoreTrophy();
  const takeBackTrophy = useTakeBackTrophy();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const list = useQuery(recordTrophiesQuery(assignmentId, record.id));
  const loadFailed = `${t('assignments.trophies.loadFailed')} ${messageOf(list.error)}`;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The row's count moves with live events (a rule's award, another tab's): the list follows it.
  const seenCount = useRef(record.trophies);
  useEffect(() => {
    if (seenCount.current === record.trophies) return;
    seenCount.current = record.trophies;
    void queryClient.invalidateQueries({ queryKey: trophyKeys.record(assignmentId, record.id) });
  }, [queryClient, assignmentId, record.id, record.trophies]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trophyKeys.record(assignmentId, record.id) });
    void queryClient.invalidateQueries({ queryKey: assignmentKeys.detail(assignmentId) });
    void queryClient.invalidateQueries({ queryKey: assignmentKeys.studentPages() });
  };

  const send = async (text: string) => {
    setBusy(true);
    try {
      await awardTrophy(assignmentId, record.id, { reason: text });
      return true;
    } catch (err) {
      setOutcome({ severity: 'error', text: messageOf(err) });
      return false;
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = awardTrophyInput.safeParse({ reason });
    if (!checked.success) {
      setError(checked.error.issues[0] ? validationText(checked.error.issues[0].message) : null);
      return;
    }
    setError(null);
    setOutcome(null);
    if (await send(checked.data.reason)) {
      setReason('');
      setOutcome({ severity: 'success', text: t('assignments.trophies.awarded', { name: record.name }) });
    }
  };

  /** The same trophy back (its id, reason and time), not a new award. */
  const undoTakeBack = async (trophy: Trophy) => {
    setBusy(true);
    setOutcome(null);
    try {
      await restoreTrophy(assignmentId, record.id, trophy.id);
      setOutcome({ severity: 'success', text: t('assignments.trophies.awarded', { name: record.name }) });
    } catch (err) {
      setOutcome({ severity: 'error', text: messageOf(err) });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const takeBack = async (trophy: Trophy) => {
    setBusy(true);
    setOutcome(null);
    try {
      await takeBackTrophy(assignmentId, record.id, trophy.id);
      setOutcome({
        severity: 'success',
        text: t('assignments.trophies.takenBack'),
        undo: () => void undoTakeBack(trophy),
      });
    } catch (err) {
      setOutcome({ severity: 'error', text: messageOf(err) });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="trophy-dialog-title">
      <DialogTitle id="trophy-dialog-title" sx={{ overflowWrap: 'anywhere' }}>
        {t('assignments.trophies.awardTitle', { name: record.name })}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack spacing={1.5}>
              <TextField
                label={t('assignments.trophies.reasonLabel')}
                required
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  if (error) setError(null);
                }}
                error={Boolean(error)}
                helperText={error ?? t('assignments.trophies.reasonHelp', { used: reason.length, max: TROPHY_REASON_MAX })}
                disabled={busy}
                autoFocus
                fullWidth
                slotProps={{ htmlInput: { maxLength: TROPHY_REASON_MAX } }}
              />
              <Box role="group" aria-label={t('assignments.trophies.presetsLabel')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
                {presets
                  .map((id) => t(id))
                  .map((p) => (
                    <Chip
                      key={p}
                      label={p}
                      variant={reason === p ? 'filled' : 'outlined'}
                      color={reason === p ? 'primary' : 'default'}
                      onClick={() => {
                        setReason(p);
                        setError(null);
                      }}
                      disabled={busy}
                    />
                  ))}
              </Box>
              <Box>
                <Button type="submit" variant="contained" startIcon={<EmojiEvents />} disabled={busy}>
                  {t(busy ? 'assignments.trophies.awarding' : 'assignments.trophies.awardButton')}
                </Button>
              </Box>
            </Stack>
          </form>
          {outcome && (
            <Alert
              severity={outcome.severity}
              role={outcome.severity === 'success' ? 'status' : 'alert'}
              action={
                outcome.undo ? (
                  <Button color="inherit" size="small" onClick={outcome.undo} disabled={busy}>
                    {t('assignments.undo')}
                  </Button>
                ) : undefined
              }
            >
              {outcome.text}
            </Alert>
          )}
          <Box component="section" aria-labelledby="record-trophies-heading">
            <Typography id="record-trophies-heading" variant="subtitle1" component="h3" gutterBottom>
              {t('assignments.trophies.listHeading')}
            </Typography>
            {list.isPending ? (
              <CircularProgress size={24} aria-label={t('assignments.trophies.loading')} />
            ) : list.isError ? (
              <Alert severity="error">{loadFailed}</Alert>
            ) : list.data.trophies.length === 0 ? (
              <Typography color="text.secondary">{t('assignments.trophies.none')}</Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
                {list.data.trophies.map((tr) => (
                  <TrophyRow key={tr.id} trophy={tr} busy={busy} onTakeBack={() => void takeBack(tr)} />
                ))}
              </Box>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function TrophyRow({ trophy, busy, onTakeBack }: { trophy: Trophy; busy: boolean; onTakeBack: () => void }) {
  const t = useT();
  const source =
    trophy.kind === 'teacher'
      ? t('assignments.trophies.fromYou')
      : t('assignments.trophies.fromRule', { label: t(trophyRuleKeys[trophy.kind].label) });
  const line = `${source} · ${dateTime(trophy.awardedAt)}`;
  return (
    <Box
      component="li"
      sx={{ display: 'flex', gap: 1, alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 2, p: 1, minWidth: 0 }}
    >
      <EmojiEvents sx={{ color: '#ffb300' }} aria-hidden />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{trophy.reason}</Typography>
        <Typography variant="caption" color="text.secondary">
          {line}
        </Typography>
      </Box>
      {trophy.byTeacher && (
        <Button
          size="small"
          color="error"
          onClick={onTakeBack}
          disabled={busy}
          aria-label={t('assignments.trophies.takeBackLabel', { reason: trophy.reason })}
        >
          {t('assignments.trophies.takeBack')}
        </Button>
      )}
    </Box>
  );
}
