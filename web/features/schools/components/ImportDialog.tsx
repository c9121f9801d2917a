import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  TEACHER_IMPORT_MAX_CHARS,
  TEACHER_IMPORT_MAX_ROWS,
  type ImportPreview,
  type ImportRow,
  type ImportVerdict,
} from '../../../../contract/teacher-lists';
import { useConfirmImport } from '../api/confirmImport';
import { usePreviewImport } from '../api/previewImport';
import { useT, validationText } from '../../../lib/i18n';

const problem: readonly ImportVerdict[] = ['bad', 'duplicate', 'off_domain'];
const chipColor = (v: ImportVerdict) => (problem.includes(v) ? 'error' : v === 'new' || v === 'building_change' ? 'success' : 'default');

/** Import CSV: choose a file, see every row's verdict (nothing written), then confirm. */
export function ImportDialog({ onClose, onDone }: { onClose: () => void; onDone: (msg: string) => void }) {
  const t = useT();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewImport();
  const confirm = useConfirmImport();
  const busy = preview.isPending || confirm.isPending;
  const close = () => !confirm.isPending && onClose();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setFileError(null);
    setCsv(null);
    preview.reset();
    confirm.reset();
    if (file.size > TEACHER_IMPORT_MAX_CHARS) return setFileError(t('schools.fileTooLarge'));
    let text: string;
    try {
      text = await file.text();
    } catch {
      return setFileError(t('schools.fileUnreadable'));
    }
    setCsv(text);
    preview.mutate(text);
  };

  const result = preview.data;
  const writes = result ? result.counts.new + result.counts.building_change : 0;
  const confirmImport = () => {
    if (!csv || !result || confirm.isPending) return;
    confirm.mutate(
      { csv, fingerprint: result.fingerprint },
      { onSuccess: (r) => onDone(t('schools.imported', { added: r.added, updated: r.updated })) },
    );
  };

  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" fullScreen={narrow} aria-labelledby="import-title">
      <DialogTitle id="import-title">{t('schools.importTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('schools.importBody', { max: TEACHER_IMPORT_MAX_ROWS })}</DialogContentText>
        <Button component="label" variant="outlined" disabled={busy}>
          {result ? t('schools.chooseAnother') : t('schools.chooseFile')}
          <input
            hidden
            type="file"
            accept=".csv,text/csv,text/plain"
            data-testid="import-file"
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Button>
        {fileError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {fileError}
          </Alert>
        )}
        {preview.isPending && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
            <CircularProgress size={20} aria-label={t('schools.checking')} />
            <Typography>{t('schools.checking')}</Typography>
          </Stack>
        )}
        {preview.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {preview.error.message}
          </Alert>
        )}
        {result && <PreviewRows preview={result} writes={writes} />}
        {confirm.error && (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            action={
              csv ? (
                <Button color="inherit" size="small" onClick={() => (confirm.reset(), preview.mutate(csv))}>
                  {t('common.tryAgain')}
                </Button>
              ) : undefined
            }
          >
            {confirm.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={confirm.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={confirmImport} disabled={!result || writes === 0 || busy || Boolean(confirm.error)}>
          {t('schools.confirm', { count: writes })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function PreviewRows({ preview, writes }: { preview: ImportPreview; writes: number }) {
  const t = useT();
  const skipped = preview.rows.length - writes;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography sx={{ fontWeight: 600 }}>{t('schools.previewHeading')}</Typography>
      <Typography sx={{ mb: 1 }} data-testid="import-summary">
        {writes === 0
          ? t('schools.nothingToImport')
          : t('schools.summary', { add: preview.counts.new, change: preview.counts.building_change, skip: skipped })}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mb: 1 }}>
        {(Object.keys(preview.counts) as ImportVerdict[])
          .filter((v) => preview.counts[v] > 0)
          .map((v) => (
            <Chip
              key={v}
              size="small"
              variant="outlined"
              color={chipColor(v)}
              label={t('schools.verdictCount', { verdict: t(`schools.verdicts.${v}`), count: preview.counts[v] })}
            />
          ))}
      </Stack>
      <Box
        component="ul"
        aria-label={t('schools.previewHeading')}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          maxHeight: { xs: 'none', sm: '45vh' },
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        {preview.rows.map((row) => (
          <PreviewRow key={row.line} row={row} />
        ))}
      </Box>
    </Box>
  );
}

function PreviewRow({ row }: { row: ImportRow }) {
  const t = useT();
  const bad = problem.includes(row.verdict);
  const was = row.currentBuilding ? t('schools.was', { building: row.currentBuilding }) : t('schools.wasNone');
  const detail = (row.email || '—') + (row.building ? ` · ${row.building}` : '') + (row.verdict === 'building_change' ? ` (${was})` : '');
  return (
    <Box
      component="li"
      data-verdict={row.verdict}
      sx={{
        px: 1.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: bad ? 'action.hover' : undefined,
        borderLeft: 4,
        borderLeftColor: bad ? 'error.main' : 'transparent',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {t('schools.line', { line: row.line })}
        </Typography>
        <Chip
          size="small"
          color={chipColor(row.verdict)}
          variant={bad ? 'filled' : 'outlined'}
          label={t(`schools.verdicts.${row.verdict}`)}
        />
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {detail}
        </Typography>
      </Stack>
      {row.reason && (
        <Typography variant="body2" color={bad ? 'error' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
          {validationText(row.reason)}
        </Typography>
      )}
    </Box>
  );
}
