import Chip from '@mui/material/Chip';
import CloudDone from '@mui/icons-material/CloudDone';
import Sync from '@mui/icons-material/Sync';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import type { SaveStatus } from '../lib/autosave/useAutosave';
import { strings } from '../lib/strings';

/** "Saved" / "Saving…" / conflict, announced politely as it changes. */
export function SaveStatusChip({ status }: { status: SaveStatus }) {
  const label = strings.saved.status[status];
  if (!label) return null;
  const icon = status === 'saved' ? <CloudDone /> : status === 'saving' ? <Sync /> : <ErrorOutline />;
  const color = status === 'saved' ? 'success' : status === 'saving' ? 'default' : 'error';
  return (
    <span role="status" aria-live="polite">
      <Chip size="small" variant="outlined" icon={icon} label={label} color={color} />
    </span>
  );
}
