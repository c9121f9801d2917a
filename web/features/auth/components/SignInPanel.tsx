import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useT, type MessageId } from '../../../lib/i18n';
import { CreateAccountForm, ForgotPasswordForm, ResendVerificationForm, ResetPasswordForm, SignInForm } from './AuthForms';
import { confirmationLanding } from './confirmationLanding';

type Mode = 'signIn' | 'create' | 'forgot' | 'reset' | 'confirm';

const titles: Record<Mode, MessageId> = {
  signIn: 'auth.panelTitle',
  create: 'auth.createTitle',
  forgot: 'auth.forgotTitle',
  reset: 'auth.resetTitle',
  confirm: 'auth.confirmTitle',
};

/** The panel's first mode and notice, from the link that opened the landing page. */
function fromLink(params: URLSearchParams): { mode: Mode; notice: MessageId | null } {
  const confirmation = confirmationLanding(params);
  // A confirmation link that worked signs in, and the landing page goes on into the app; this is
  // a link opened again in a browser that is not signed in.
  if (confirmation === 'confirmed') return { mode: 'signIn', notice: 'auth.emailConfirmedSignIn' };
  if (confirmation) return { mode: 'confirm', notice: null };
  if (params.get('token')) return { mode: 'reset', notice: null };
  // better-auth sends an expired or used reset link back here with ?error=INVALID_TOKEN.
  if (params.get('error')) return { mode: 'forgot', notice: 'auth.resetLinkInvalid' };
  return { mode: 'signIn', notice: null };
}

/**
 * The landing page's sign-in panel: sign in, create an account, ask for a reset link, (from a
 * reset link, /?token=...) choose a new password, or (from a confirmation link that did not work)
 * ask for a new confirmation link.
 */
export function SignInPanel() {
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const [initial] = useState(() => fromLink(params));
  const [mode, setMode] = useState<Mode>(initial.mode);
  const [notice, setNotice] = useState<MessageId | null>(initial.notice);
  const t = useT();
  const confirmation = confirmationLanding(params);

  const go = (next: Mode) => {
    setNotice(null);
    setMode(next);
  };

  return (
    <Paper component="section" aria-labelledby="sign-in-title" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, width: '100%' }}>
      <Typography id="sign-in-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        {t(titles[mode])}
      </Typography>
      {mode === 'signIn' && <SignInForm notice={notice && t(notice)} />}
      {mode === 'create' && <CreateAccountForm />}
      {mode === 'forgot' && (
        <>
          {notice && (
            <Typography role="alert" color="warning.main" sx={{ mb: 2 }}>
              {t(notice)}
            </Typography>
          )}
          <ForgotPasswordForm />
        </>
      )}
      {mode === 'confirm' && (
        <ResendVerificationForm problem={confirmation === 'expired' ? t('auth.confirmLinkExpired') : t('auth.confirmLinkInvalid')} />
      )}
      {mode === 'reset' && token && (
        <ResetPasswordForm
          token={token}
          onDone={() => {
            setParams({}, { replace: true });
            setMode('signIn');
            setNotice('auth.resetDone');
          }}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }} useFlexGap>
        {mode !== 'signIn' && <Button onClick={() => go('signIn')}>{t('auth.backToSignIn')}</Button>}
        {mode !== 'create' && <Button onClick={() => go('create')}>{t('auth.createAccount')}</Button>}
        {mode !== 'forgot' && <Button onClick={() => go('forgot')}>{t('auth.forgotPassword')}</Button>}
      </Stack>
    </Paper>
  );
}
