import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { assignmentKeys } from '../../../lib/assignments/keys';
import { classKeys } from '../api/classes';
import { useT, type MessageId } from '../../../lib/i18n';
import { useDeleteStudentData, useDownloadStudentRecord } from '../api/studentRecord';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : '');

/** What deleting a student's data takes away for good, and what it leaves. */
const goesItems: MessageId[] = ['students.record.goes1', 'students.record.goes2', 'students.record.goes3', 'students.record.goes4'];
const staysItems: MessageId[] = ['students.record.stays1', 'students.record.stays2'];

/**
 * The student page's record actions (issue 16 item 4): download the record (one zip), and delete
 * what this teacher holds of the student after a confirmation that says what goes and what stays
 * and asks for the student's address. `onDeleted` runs once the data is gone (the page closes).
 */
export function StudentRecordActions({
  entryId,
  student,
  onDeleted,
}: {
  entryId: string;
  student: { name: string; email: string };
  onDeleted: () => void;
}) {
  const t = useT();
  const downloadStudentRecord = useDownloadStudentRecord();
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const download = () => {
    setDownloading(true);
    setError(null);
    downloadStudentRecord(entryId)
      .catch((err: unknown) => setError(t('students.record.downloadFailed', { reason: messageOf(err) })))
      .finally(() => setDownloading(false));
  };

  return (
    <Stack direction="row" sx={{ flex: '1 1 auto', flexWrap: 'wrap', gap: 1, alignItems: 'center', minWidth: 0 }}>
      <Button variant="outlined" onClick={download} disabled={downloading} title={t('students.record.downloadHelp')}>
        {downloading ? t('students.record.downloading') : t('students.record.download')}
      </Button>
      <Button color="error" onClick={() => setConfirming(true)} aria-haspopup="dialog">
        {t('students.record.delete')}
      </Button>
      {error && (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {error}
        </Alert>
      )}
      {confirming && (
        <ConfirmDeleteDialog entryId={entryId} student={student} onCancel={() => setConfirming(false)} onDeleted={onDeleted} />
      )}
    </Stack>
  );
}

function ConfirmDeleteDialog({
  entryId,
  student,
  onCancel,
  onDeleted,
}: {
  entryId: string;
  student: { name: string; email: string };
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const matches = typed.trim().toLowerCase() === student.email.toLowerCase();
  const remove = useDeleteStudentData(entryId, {
    onSuccess: async () => {
      // The student leaves every list of the teacher's: rosters, assignment tables, student pages.
      // This page is not asked for again (it is gone: a 404); the page closes instead. Its cached
      // copy is left to expire: removing it while the closing page still watches it would fetch it.
      const page = assignmentKeys.studentPage(entryId);
      const isThisPage = (key: readonly unknown[]) => page.every((part, i) => key[i] === part);
      onDeleted();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: classKeys.all }),
        queryClient.invalidateQueries({ queryKey: assignmentKeys.all, predicate: (q) => !isThisPage(q.queryKey) }),
      ]);
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (matches && !remove.isPending) remove.mutate();
  };

  return (
    <Dialog open onClose={remove.isPending ? undefined : onCancel} aria-labelledby="delete-student-data-title" fullWidth maxWidth="sm">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="delete-student-data-title" sx={{ overflowWrap: 'anywhere' }}>
          {t('students.record.confirmTitle', { name: student.name })}
        </DialogTitle>
        <DialogContent>
          <Typography sx={{ fontWeight: 600 }}>{t('students.record.goes')}</Typography>
          <Box component="ul" sx={{ mt: 0.5 }}>
            {goesItems.map((item) => (
              <li key={item}>
                <Typography>{t(item)}</Typography>
              </li>
            ))}
          </Box>
          <Typography sx={{ fontWeight: 600 }}>{t('students.record.stays')}</Typography>
          <Box component="ul" sx={{ mt: 0.5 }}>
            {staysItems.map((item) => (
              <li key={item}>
                <Typography>{t(item)}</Typography>
              </li>
            ))}
          </Box>
          <Typography sx={{ mb: 2 }}>{t('students.record.exportFirst')}</Typography>
          <TextField
            fullWidth
            autoFocus
            autoComplete="off"
            label={t('students.record.confirmLabel')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            error={touched && !matches}
            helperText={
              touched && !matches
                ? t('students.record.mismatch', { email: student.email })
                : t('students.record.typeToConfirm', { email: student.email })
            }
            slotProps={{ htmlInput: { spellCheck: false }, formHelperText: { sx: { overflowWrap: 'anywhere' } } }}
          />
          {remove.isError && <Alert severity="error">{t('students.record.deleteFailed', { reason: messageOf(remove.error) })}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={remove.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={remove.isPending}>
            {remove.isPending ? t('students.record.deleting') : t('students.record.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
