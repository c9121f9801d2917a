import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import type { ClassSummary } from '../../../../contract/classes';
import { InLanguage, useT } from '../../../lib/i18n';

/** Marks the dialog so the print rules can find it (and only it) among the page's portals. */
const SHEET_ROOT = 'join-sheet-root';

/**
 * On paper only the sheet: the page, the dialog's frame and its buttons are left out, the sheet
 * fills the page black on white whatever the theme.
 */
const printRules = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { margin: '15mm' },
        [`body > *:not(.${SHEET_ROOT})`]: { display: 'none !important' },
        [`.${SHEET_ROOT}`]: { position: 'static !important' as 'static' },
        [`.${SHEET_ROOT} .MuiBackdrop-root, .${SHEET_ROOT} .MuiDialogTitle-root, .${SHEET_ROOT} .MuiDialogActions-root`]: {
          display: 'none !important',
        },
        [`.${SHEET_ROOT} .MuiDialog-container`]: { display: 'block', height: 'auto' },
        [`.${SHEET_ROOT} .MuiDialog-paper`]: {
          margin: 0,
          maxWidth: 'none',
          maxHeight: 'none',
          width: '100%',
          boxShadow: 'none',
          background: '#fff !important',
          color: '#000 !important',
        },
        [`.${SHEET_ROOT} .MuiDialogContent-root`]: { overflow: 'visible', border: 0, padding: 0 },
        [`.${SHEET_ROOT} [data-sheet] *`]: { color: '#000 !important' },
      },
    }}
  />
);

/** Where students sign in: this installation's own address, as the teacher's browser reaches it. */
const signInAddress = () => `${window.location.origin}/`;

/**
 * A join sheet to print or project (decision 282): the class, its join code in large type, the
 * sign-in address and numbered steps, in the class's language (the page's when it has none).
 * The browser's own Print makes the paper or the PDF.
 */
export function JoinSheetDialog({ klass, onClose }: { klass: ClassSummary; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" scroll="body" className={SHEET_ROOT} aria-labelledby="join-sheet-title">
      {printRules}
      <DialogTitle id="join-sheet-title">{t('students.sheet.title')}</DialogTitle>
      <DialogContent dividers>
        <InLanguage language={klass.defaultLocale} fallback={<CircularProgress aria-label={t('students.sheet.loading')} />}>
          <JoinSheet klass={klass} />
        </InLanguage>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button variant="contained" onClick={() => window.print()}>
          {t('students.sheet.print')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function JoinSheet({ klass }: { klass: ClassSummary }) {
  const t = useT();
  const title = klass.section ? `${klass.name} · ${klass.section}` : klass.name;
  const code = klass.joinCode ?? '';
  const steps = [
    t('students.sheet.step1', { address: signInAddress() }),
    t('students.sheet.step2'),
    t('students.sheet.step3'),
    t('students.sheet.step4'),
  ];
  return (
    <Box data-sheet lang={klass.defaultLocale ?? undefined} sx={{ p: { xs: 1, sm: 3 } }}>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {t('students.sheet.heading', { className: title })}
      </Typography>
      <Typography variant="overline" component="p" sx={{ mt: 3, fontSize: '1rem' }}>
        {t('students.sheet.codeLabel')}
      </Typography>
      <Typography
        data-testid="sheet-code"
        sx={{
          fontFamily: 'monospace',
          fontSize: { xs: '3rem', sm: '5rem' },
          fontWeight: 700,
          letterSpacing: '0.15em',
          lineHeight: 1.1,
          overflowWrap: 'anywhere',
          border: 3,
          borderColor: 'text.primary',
          borderRadius: 2,
          px: 2,
          py: 1,
          display: 'inline-block',
        }}
      >
        {code}
      </Typography>
      <Box
        component="ol"
        sx={{ mt: 3, mb: 0, pl: 4, '& li': { fontSize: { xs: '1.1rem', sm: '1.35rem' }, mb: 1.5, overflowWrap: 'anywhere' } }}
      >
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </Box>
      <Typography sx={{ mt: 2 }}>{t('students.sheet.rostered')}</Typography>
    </Box>
  );
}
