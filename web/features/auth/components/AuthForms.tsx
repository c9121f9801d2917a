import { useEffect, useState, type FormEvent } from 'react';
import { localIssues } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useNavigate } from 'react-router';
import { signUpInput, type AccountRole } from '../../../../contract/account';
import { fieldErrors as issueFields } from '../../../../contract/common';
import { ApiError } from '../../../lib/http';
import { paths } from '../../../lib/paths';
import { useT } from '../../../lib/i18n';
import { useRosterHint } from '../api/checkRoster';
import { useRequestPasswordReset } from '../api/requestPasswordReset';
import { useResendVerification } from '../api/resendVerification';
import { useResetPassword } from '../api/resetPassword';
import { useSignInEmail } from '../api/signInEmail';
import { useSignUpEmail } from '../api/signUpEmail';
import { authErrorMessage, fieldErrors } from './authMessages';
import { SocialButtons } from './SocialButtons';

const submit = (fn: () => void) => (e: FormEvent) => {
  e.preventDefault();
  fn();
};

function Feedback({ error, success, warning }: { error?: string | null; success?: string | null; warning?: string | null }) {
  if (warning)
    return (
      <Alert severity="warning" role="alert">
        {warning}
      </Alert>
    );
  if (error)
    return (
      <Alert severity="error" role="alert">
        {error}
      </Alert>
    );
  if (success)
    return (
      <Alert severity="success" role="status">
        {success}
      </Alert>
    );
  return null;
}

/** E-mail and password; on success the app goes to /home/DocBot (where a stored redirect applies). */
export function SignInForm({ notice }: { notice?: string | null }) {
  const t = useT();
  const navigate = useNavigate();
  const signIn = useSignInEmail();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [socialError, setSocialError] = useState<unknown>(null);
  const error = signIn.error ?? socialError;
  const notVerified = error instanceof ApiError && error.code === 'email_not_verified';
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit(() => {
        setSocialError(null);
        signIn.mutate({ email: email.trim(), password }, { onSuccess: () => void navigate(paths.home.to('DocBot')) });
      })}
    >
      <Feedback
        success={notice}
        warning={notVerified ? t('auth.notVerified', { email: email.trim() }) : null}
        error={error && !notVerified ? authErrorMessage(error, email, t) : null}
      />
      <TextField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        fullWidth
      />
      <TextField
        label={t('auth.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={signIn.isPending || !email || !password}>
        {t('auth.signIn')}
      </Button>
      <SocialButtons onError={setSocialError} />
    </Stack>
  );
}

/** How long the typed address rests before it is checked against the rosters (it is also checked on leaving the field). */
const ROSTER_CHECK_DELAY_MS = 800;

/**
 * The address to check against the rosters: the typed one once typing pauses or the field is left.
 * Lower-cased and trimmed, so one address is asked once.
 */
function useSettledEmail(typed: string): [string | null, () => void] {
  const [settled, setSettled] = useState<string | null>(null);
  const value = typed.trim().toLowerCase();
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value || null), ROSTER_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return [settled === value ? settled : null, () => setSettled(value || null)];
}

/**
 * Name, e-mail, password and role; then the verification mail. An address some teacher has on a
 * class roster is offered "I'm a student" first, preselected unless the role was already chosen
 * (docs/product/roles-and-plans.md#who-is-who).
 */
export function CreateAccountForm() {
  const t = useT();
  const signUp = useSignUpEmail();
  const [form, setForm] = useState({ name: '', email: '', password: '', role: 'teacher' as AccountRole });
  const [roleChosen, setRoleChosen] = useState(false);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [socialError, setSocialError] = useState<unknown>(null);
  const [settledEmail, settleEmail] = useSettledEmail(form.email);
  const rostered = useRosterHint(settledEmail) === true;
  const fields = { ...fieldErrors(signUp.error), ...local };
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  // Until the person picks a role, it follows the roster hint.
  const role: AccountRole = roleChosen ? form.role : rostered ? 'student' : 'teacher';
  if (signUp.isSuccess) return <Feedback success={t('auth.signUpDone', { email: form.email.trim() })} />;
  const choices = [
    <FormControlLabel key="teacher" value="teacher" control={<Radio />} label={t('auth.teacher')} />,
    <FormControlLabel key="student" value="student" control={<Radio />} label={t('auth.student')} />,
  ];
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit(() => {
        const parsed = signUpInput.safeParse({ ...form, role });
        if (!parsed.success) {
          setLocal(issueFields(localIssues(parsed.error.issues)));
          return;
        }
        setLocal({});
        signUp.mutate(parsed.data);
      })}
    >
      <Feedback
        error={
          signUp.error && !(signUp.error instanceof ApiError && signUp.error.code === 'validation_failed')
            ? authErrorMessage(signUp.error, form.email, t)
            : socialError
              ? authErrorMessage(socialError, form.email, t)
              : null
        }
      />
      <TextField
        label={t('auth.name')}
        name="name"
        autoComplete="name"
        required
        value={form.name}
        onChange={set('name')}
        error={Boolean(fields.name)}
        helperText={fields.name}
        fullWidth
      />
      <TextField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={form.email}
        onChange={set('email')}
        onBlur={settleEmail}
        error={Boolean(fields.email)}
        helperText={fields.email}
        fullWidth
      />
      <TextField
        label={t('auth.password')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        value={form.password}
        onChange={set('password')}
        error={Boolean(fields.password)}
        helperText={fields.password ?? t('auth.passwordHint')}
        fullWidth
      />
      <FormControl>
        <FormLabel id="role-label">{t('auth.iAmA')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="role-label"
          aria-describedby={rostered ? 'role-roster-hint' : undefined}
          name="role"
          value={role}
          onChange={(e) => {
            setRoleChosen(true);
            set('role')(e);
          }}
        >
          {rostered ? [...choices].reverse() : choices}
        </RadioGroup>
        {rostered && (
          <FormHelperText id="role-roster-hint" sx={{ mx: 0 }}>
            {t('auth.rosterHint')}
          </FormHelperText>
        )}
      </FormControl>
      <Button type="submit" variant="contained" size="large" disabled={signUp.isPending}>
        {t('auth.createAccount')}
      </Button>
      <SocialButtons role={role} onError={setSocialError} />
    </Stack>
  );
}

/** Asks for a reset link by e-mail. */
export function ForgotPasswordForm() {
  const t = useT();
  const reset = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit(() => reset.mutate(email.trim()))}>
      <Feedback
        success={reset.isSuccess ? t('auth.resetSent', { email: email.trim() }) : null}
        error={reset.error ? authErrorMessage(reset.error, email, t) : null}
      />
      <TextField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={reset.isPending || !email.includes('@')}>
        {t('auth.sendResetLink')}
      </Button>
    </Stack>
  );
}

/** The 'Choose a new password' form of a reset link (/?token=...). */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const t = useT();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const tooShort = password.length > 0 && password.length < 8;
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit(() => reset.mutate({ newPassword: password, token }, { onSuccess: onDone }))}
    >
      <Feedback error={reset.error ? authErrorMessage(reset.error, '', t) : null} />
      <TextField
        label={t('auth.newPassword')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={tooShort}
        helperText={t('auth.passwordHint')}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={reset.isPending || password.length < 8}>
        {t('auth.savePassword')}
      </Button>
    </Stack>
  );
}

/** A confirmation link that did not work: why, and a new link by e-mail. */
export function ResendVerificationForm({ problem }: { problem: string }) {
  const t = useT();
  const resend = useResendVerification();
  const [email, setEmail] = useState('');
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit(() => resend.mutate(email.trim()))}>
      {resend.isSuccess || resend.error ? (
        <Feedback
          success={resend.isSuccess ? t('auth.newLinkSent', { email: email.trim() }) : null}
          error={resend.error ? authErrorMessage(resend.error, email, t) : null}
        />
      ) : (
        <Feedback warning={problem} />
      )}
      <TextField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={resend.isPending || !email.includes('@')}>
        {t('auth.sendNewLink')}
      </Button>
    </Stack>
  );
}
