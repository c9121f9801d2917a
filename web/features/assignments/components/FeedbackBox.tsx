import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FEEDBACK_MAX, type StudentRecord } from '../../../../contract/assignments';
import { dateTime } from '../../../lib/format';
import { useUpdateRecord } from '../api/updateRecord';
import { useT } from '../../../lib/i18n';

/**
 * Written feedback on one student's record, saved against the record's version. A 409 (the record
 * changed: the student sent a message, or another tab saved) reloads it and keeps the text typed.
 */
export function FeedbackBox({
  assignmentId,
  record,
  autoFocus = false,
  onSaved,
  reload,
}: {
  assignmentId: string;
  /** The record as the page has it now (its version moves on with live updates). */
  record: StudentRecord;
  autoFocus?: boolean;
  onSaved: (record: StudentRecord) => void;
  reload: () => Promise<unknown>;
}) {
  const t = useT();
  const updateRecord = useUpdateRecord();
  // null: not edited, the saved feedback shows (and follows reloads).
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'warning' | 'error'; text: string } | null>(null);
  const text = draft ?? record.feedback;
  const changed = draft !== null && draft.trim() !== record.feedback.trim();

  const save = async () => {
    if (busy || !changed) return;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await updateRecord(assignmentId, record.id, { version: record.version, feedback: text });
      if (result.status === 'saved') {
        setDraft(null);
        setOutcome({ severity: 'success', text: t('assignments.feedbackSaved') });
        onSaved(result.record);
      } else {
        setOutcome({ severity: 'warning', text: t('assignments.feedbackConflict') });
        await reload();
      }
    } catch (err) {
      setOutcome({ severity: 'error', text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="feedback-heading">
      <Typography id="feedback-heading" variant="h6" component="h3" gutterBottom>
        {t('assignments.feedbackHeading')}
      </Typography>
      <TextField
        label={t('assignments.feedbackLabel', { name: record.name })}
        value={text}
        onChange={(e) => {
          setDraft(e.target.value);
          if (outcome?.severity === 'success') setOutcome(null);
        }}
        helperText={
          record.feedbackAt && draft === null
            ? t('assignments.feedbackHelpSaved', { date: dateTime(record.feedbackAt) })
            : t('assignments.feedbackHelp')
        }
        multiline
        minRows={3}
        maxRows={14}
        autoFocus={autoFocus}
        fullWidth
        slotProps={{ htmlInput: { maxLength: FEEDBACK_MAX } }}
      />
      <Stack direction="row" sx={{ mt: 1, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => void save()} disabled={busy || !changed}>
          {t(busy ? 'assignments.saving' : 'assignments.saveFeedback')}
        </Button>
      </Stack>
      {outcome && (
        <Alert severity={outcome.severity} role={outcome.severity === 'success' ? 'status' : 'alert'} sx={{ mt: 1 }}>
          {outcome.text}
        </Alert>
      )}
    </Box>
  );
}
