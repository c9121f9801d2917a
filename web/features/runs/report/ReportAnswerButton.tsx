import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import { reportStrings } from './strings';

/** "Report this answer" in a reply's action row: an icon with its name as label and tooltip. */
export function ReportAnswerButton({ onClick }: { onClick: () => void }) {
  return (
    <Tooltip title={reportStrings.button}>
      <IconButton
        size="small"
        onClick={onClick}
        aria-label={reportStrings.button}
        sx={{ my: -0.75, flexShrink: 0 }}
        data-testid="report-answer"
      >
        <FlagOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
