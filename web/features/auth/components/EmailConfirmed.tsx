import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { emailConfirmedNotice } from '../../../lib/storage';
import { useT } from '../../../lib/i18n';
import { confirmationLanding } from './confirmationLanding';

/**
 * On the landing page opened by a confirmation link that worked (the user is now signed in):
 * straight on into the app, where EmailConfirmedNotice says so. Renders nothing.
 */
export function useEnterAppAfterConfirmation(signedIn: boolean): boolean {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const entering = signedIn && confirmationLanding(params) === 'confirmed';
  useEffect(() => {
    if (!entering) return;
    emailConfirmedNotice.set();
    void navigate(paths.home.to('DocBot'), { replace: true });
  }, [entering, navigate]);
  return entering;
}

/** "E-mail confirmed", once, on the first app page after a confirmation link. */
export function EmailConfirmedNotice() {
  const t = useT();
  const [open, setOpen] = useState(emailConfirmedNotice.pending);
  // Shown once: cleared as soon as it is on screen, so the next page or a reload does not repeat it.
  useEffect(() => {
    if (open) emailConfirmedNotice.clear();
  }, [open]);
  return (
    <Snackbar
      open={open}
      autoHideDuration={12_000}
      onClose={(_e, reason) => {
        if (reason !== 'clickaway') setOpen(false);
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert
        severity="success"
        variant="filled"
        onClose={() => setOpen(false)}
        slotProps={{ closeButton: { title: t('auth.closeNotice') } }}
      >
        {t('auth.emailConfirmed')}
      </Alert>
    </Snackbar>
  );
}
