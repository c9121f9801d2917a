import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Flag from '@mui/icons-material/Flag';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import Typography from '@mui/material/Typography';
import { useT } from '../../../lib/i18n';

/** "Report this answer" in a reply's action row: an icon with its name as label and tooltip. */
export function ReportAnswerButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    <Tooltip title={t('runs.report.button')}>
      <IconButton
        size="small"
        onClick={onClick}
        aria-label={t('runs.report.button')}
        sx={{ my: -0.75, flexShrink: 0 }}
        data-testid="report-answer"
      >
        <FlagOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** In place of the button on a reply already reported (this visit or earlier, from the server's record). */
export function ReportedMark() {
  const t = useT();
  return (
    <Typography
      component="span"
      variant="caption"
      color="text.secondary"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexShrink: 0, fontWeight: 600 }}
      data-testid="reported-mark"
    >
      <Flag fontSize="small" aria-hidden />
      {t('runs.report.reported')}
    </Typography>
  );
}
