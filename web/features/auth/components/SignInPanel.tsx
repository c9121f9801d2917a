import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { strings } from '../../../lib/strings';
import { CreateAccountForm, ForgotPasswordForm, ResetPasswordForm, SignInForm } from './AuthForms';

type Mode = 'signIn' | 'create' | 'forgot' | 'reset';

const titles: Record<Mode, string> = {
  signIn: strings.auth.panelTitle,
  create: strings.auth.createTitle,
  forgot: strings.auth.forgotTitle,
  reset: strings.auth.resetTitle,
};

/**
 * The landing page's sign-in panel: sign in, create an account, ask for a reset link, or (from a
 * reset link, /?token=...) choose a new password.
 */
export function SignInPanel() {
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  // better-auth sends an expired or used reset link back here with ?error=INVALID_TOKEN.
  const linkError = params.get('error');
  const [mode, setMode] = useState<Mode>(token ? 'reset' : linkError ? 'forgot' : 'signIn');
  const [notice, setNotice] = useState<string | null>(linkError ? strings.auth.resetLinkInvalid : null);

  const go = (next: Mode) => {
    setNotice(null);
    setMode(next);
  };

  return (
    <Paper component="section" aria-labelledby="sign-in-title" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, width: '100%' }}>
      <Typography id="sign-in-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        {titles[mode]}
      </Typography>
      {mode === 'signIn' && <SignInForm notice={notice} />}
      {mode === 'create' && <CreateAccountForm />}
      {mode === 'forgot' && (
        <>
          {notice && (
            <Typography role="alert" color="warning.main" sx={{ mb: 2 }}>
              {notice}
            </Typography>
          )}
          <ForgotPasswordForm />
        </>
      )}
      {mode === 'reset' && token && (
        <ResetPasswordForm
          token={token}
          onDone={() => {
            setParams({}, { replace: true });
            setMode('signIn');
            setNotice(strings.auth.resetDone);
          }}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }} useFlexGap>
        {mode !== 'signIn' && <Button onClick={() => go('signIn')}>{strings.auth.backToSignIn}</Button>}
        {mode !== 'create' && <Button onClick={() => go('create')}>{strings.auth.createAccount}</Button>}
        {mode !== 'forgot' && <Button onClick={() => go('forgot')}>{strings.auth.forgotPassword}</Button>}
      </Stack>
    </Paper>
  );
}
