import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Blocker } from 'react-router';
import { useT } from '../lib/i18n';

/**
 * Asks before an in-app navigation leaves unsaved work (useUnsavedChanges' blocker): Stay keeps it.
 * `body` (already translated by the caller) replaces the general sentence.
 */
export function LeaveDialog({ blocker, body }: { blocker: Blocker; body?: string }) {
  const t = useT();
  return (
    <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} aria-labelledby="leave-title">
      <DialogTitle id="leave-title">{t('components.leave.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{body ?? t('components.leave.body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {t('components.leave.stay')}
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          {t('components.leave.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
