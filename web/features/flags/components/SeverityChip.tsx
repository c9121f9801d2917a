import Chip from '@mui/material/Chip';
import Circle from '@mui/icons-material/Circle';
import type { FlagSeverity } from '../../../../contract/flags';
import { useT } from '../../../lib/i18n';

const hue = { low: 'text.secondary', medium: 'warning.main', high: 'error.main' } as const satisfies Record<FlagSeverity, string>;

/** A flag's severity: the word in the text colour (readable on both themes), a coloured dot beside it. */
export function SeverityChip({ severity }: { severity: FlagSeverity }) {
  const t = useT();
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<Circle aria-hidden sx={{ '&&': { color: hue[severity] }, fontSize: 12 }} />}
      label={t(`flags.severity.${severity}`)}
      sx={{ fontWeight: severity === 'high' ? 700 : 500 }}
    />
  );
}
