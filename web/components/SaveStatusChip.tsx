import Chip from '@mui/material/Chip';
import CloudDone from '@mui/icons-material/CloudDone';
import Sync from '@mui/icons-material/Sync';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import type { SaveStatus } from '../lib/autosave/useAutosave';
import { useT, type MessageId } from '../lib/i18n';

const labels: Record<SaveStatus, MessageId | null> = {
  idle: null,
  saving: 'components.saveStatus.saving',
  saved: 'components.saveStatus.saved',
  conflict: 'components.saveStatus.conflict',
  error: 'components.saveStatus.error',
};

/** "Saved" / "Saving…" / conflict, announced politely as it changes. */
export function SaveStatusChip({ status }: { status: SaveStatus }) {
  const t = useT();
  const id = labels[status];
  if (!id) return null;
  const label = t(id);
  const icon = status === 'saved' ? <CloudDone /> : status === 'saving' ? <Sync /> : <ErrorOutline />;
  const color = status === 'saved' ? 'success' : status === 'saving' ? 'default' : 'error';
  return (
    <span role="status" aria-live="polite">
      <Chip size="small" variant="outlined" icon={icon} label={label} color={color} />
    </span>
  );
}
