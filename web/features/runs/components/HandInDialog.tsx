import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useT } from '../../../lib/i18n';

/** "I'm done": asks before handing the work in, since the student cannot write more afterwards. */
export function HandInDialog({
  open,
  teacher,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  teacher: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="hand-in-title" aria-describedby="hand-in-body">
      <DialogTitle id="hand-in-title">{t('runs.handIn.title', { teacher })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="hand-in-body">{t('runs.handIn.body')}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} disabled={busy} size="large">
          {t('runs.handIn.no')}
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy} size="large">
          {busy ? t('runs.handIn.submitting') : t('runs.handIn.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
