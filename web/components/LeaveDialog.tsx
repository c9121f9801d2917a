import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Blocker } from 'react-router';
import { strings } from '../lib/strings';

const s = strings.unsaved;

/** Asks before an in-app navigation leaves unsaved work (useUnsavedChanges' blocker): Stay keeps it. */
export function LeaveDialog({ blocker, body = s.body }: { blocker: Blocker; body?: string }) {
  return (
    <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} aria-labelledby="leave-title">
      <DialogTitle id="leave-title">{s.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {s.stay}
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          {s.leave}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
