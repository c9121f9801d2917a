import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { strings } from '../../../lib/strings';

const s = strings.myAssignments.run;

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
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="hand-in-title" aria-describedby="hand-in-body">
      <DialogTitle id="hand-in-title">{s.confirmTitle(teacher)}</DialogTitle>
      <DialogContent>
        <DialogContentText id="hand-in-body">{s.confirmBody}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} disabled={busy} size="large">
          {s.confirmNo}
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy} size="large">
          {busy ? s.submitting : s.confirmYes}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
