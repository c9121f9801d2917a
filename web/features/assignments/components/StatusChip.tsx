import Chip from '@mui/material/Chip';
import type { StudentAssignmentStatus } from '../../../../contract/assignments';
import { useT } from '../../../lib/i18n';
import { statusKey } from '../model/labels';

const hue = {
  assigned: 'text.secondary',
  in_progress: 'info.main',
  submitted: 'warning.main',
  completed: 'success.main',
} as const satisfies Record<StudentAssignmentStatus, string>;

/**
 * A student's status on an assignment, worded (never by colour alone). The colour marks the border;
 * the word keeps the text colour, since orange and light blue on white fall short of AA contrast.
 */
export function StatusChip({ status }: { status: StudentAssignmentStatus }) {
  const t = useT();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(statusKey[status])}
      sx={{ fontWeight: 600, color: 'text.primary', borderColor: hue[status], borderWidth: 2 }}
    />
  );
}
