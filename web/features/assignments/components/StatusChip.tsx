import Chip from '@mui/material/Chip';
import type { StudentAssignmentStatus } from '../../../../contract/assignments';
import { strings } from '../../../lib/strings';

const s = strings.assignments;

const color = {
  assigned: 'default',
  in_progress: 'info',
  submitted: 'warning',
  completed: 'success',
} as const satisfies Record<StudentAssignmentStatus, string>;

/** A student's status on an assignment, worded (never by colour alone). */
export function StatusChip({ status }: { status: StudentAssignmentStatus }) {
  return <Chip size="small" variant="outlined" color={color[status]} label={s.status[status]} sx={{ fontWeight: 600 }} />;
}
