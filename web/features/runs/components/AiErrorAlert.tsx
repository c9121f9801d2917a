import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../lib/http';
import { paths } from '../../../lib/paths';
import { useT, type Translate } from '../../../lib/i18n';
import { resetDate } from './AiStatusNotice';

/** What to tell the user about a failed AI action: the server's own message, plus what they can do. */
function describeAiError(
  error: unknown,
  t: Translate,
): { message: string; resetsAt: string | null; upgrade: boolean; storageFull: boolean } {
  if (error instanceof ApiError) {
    const resetsAt = error.code === 'quota_exceeded' ? (error.fields?.resetsAt ?? null) : null;
    return {
      message: error.message,
      resetsAt,
      upgrade: error.code === 'quota_exceeded' && error.fields?.upgrade === 'premium',
      // 402: the storage quota (an image that could not be kept), not the monthly generations (429).
      storageFull: error.code === 'quota_exceeded' && error.status === 402,
    };
  }
  if (error instanceof Error && error.message) return { message: error.message, resetsAt: null, upgrade: false, storageFull: false };
  return { message: t('common.actionFailed'), resetsAt: null, upgrade: false, storageFull: false };
}

/**
 * A failed AI action, shown where the user acted: the server's message (quota with its reset date
 * and, for free teachers, Get Premium), and a retry when one makes sense.
 */
export function AiErrorAlert({ error, onRetry, retryLabel }: { error: unknown; onRetry?: () => void; retryLabel?: string }) {
  const t = useT();
  const { message, resetsAt, upgrade, storageFull } = describeAiError(error, t);
  // The server's quota message may already name the date; add it only when it does not.
  const reset = resetsAt && !message.includes(resetDate(resetsAt)) ? ` ${t('runs.quotaResets', { date: resetDate(resetsAt) })}` : '';
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Stack direction="row" spacing={1}>
          {storageFull && (
            <Button color="inherit" size="small" component={RouterLink} to={paths.myFiles.to()}>
              {t('common.freeUpSpace')}
            </Button>
          )}
          {upgrade && (
            <Button color="inherit" size="small" component={RouterLink} to={paths.mySubscription.to()}>
              {t('runs.getPremium')}
            </Button>
          )}
          {onRetry && (
            <Button color="inherit" size="small" onClick={onRetry}>
              {retryLabel ?? t('common.tryAgain')}
            </Button>
          )}
        </Stack>
      }
      sx={{ '& .MuiAlert-action': { alignItems: 'center', pt: 0 }, flexWrap: 'wrap' }}
    >
      {message}
      {reset}
    </Alert>
  );
}
