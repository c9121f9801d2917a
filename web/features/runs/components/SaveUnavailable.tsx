import Alert from '@mui/material/Alert';
import { strings } from '../../../lib/strings';

/**
 * Saved Docs has no API yet (a later issue): Save says so plainly instead of pretending. The run
 * itself is already stored as a conversation and can be reopened from the runner's list.
 */
export function SaveUnavailable({ onClose }: { onClose: () => void }) {
  return (
    <Alert severity="info" onClose={onClose} sx={{ mt: 1 }} role="status">
      {strings.runs.save.unavailable}
    </Alert>
  );
}
