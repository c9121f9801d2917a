import IconButton from '@mui/material/IconButton';
import VolumeUpOutlined from '@mui/icons-material/VolumeUpOutlined';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import { useT } from '../../../lib/i18n';

/** Play on a finished tutor reply; the same button stops it while it is read. */
export function ReadAloudButton({ speaking, onClick }: { speaking: boolean; onClick: () => void }) {
  const t = useT();
  return (
    <IconButton
      size="small"
      onClick={onClick}
      aria-label={speaking ? t('runs.speech.stopReading') : t('runs.speech.readAloud')}
      aria-pressed={speaking}
      color={speaking ? 'primary' : 'default'}
      sx={{ my: -0.75, flexShrink: 0 }}
    >
      {speaking ? <StopCircleOutlined fontSize="small" /> : <VolumeUpOutlined fontSize="small" />}
    </IconButton>
  );
}
