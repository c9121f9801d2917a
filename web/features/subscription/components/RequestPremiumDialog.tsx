import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import { useRequestPremium, type RequestPremiumResult } from '../api/requestPremium';

const maxMessage = 2000;
/** Between a sentence and the link after it. */
const space = ' ';

/** Asks this installation's support for premium, with an optional message. */
export function RequestPremiumDialog({
  open,
  onClose,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  onSent: (r: RequestPremiumResult) => void;
}) {
  const t = useT();
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState<RequestPremiumResult | null>(null);
  const request = useRequestPremium();
  const close = () => {
    if (request.isPending) return;
    request.reset();
    if (sent) {
      setSent(null);
      onSent(sent);
    } else onClose();
  };
  const send = () => {
    const text = message.trim();
    request.mutate(text ? { message: text } : {}, {
      onSuccess: (result) => {
        setMessage('');
        request.reset();
        setSent(result);
      },
    });
  };
  if (sent) {
    const to = sent.ticketId ? `/contact-support?ticket=${encodeURIComponent(sent.ticketId)}` : '/contact-support';
    return (
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="request-premium-title">
        <DialogTitle id="request-premium-title">{t('subscription.requestTitle')}</DialogTitle>
        <DialogContent>
          <Alert severity="success" role="status">
            {/* The request opens a support ticket: the dialog says where to follow it. */}
            {sent.alreadyRequested ? t('subscription.requestDialog.already') : t('subscription.requestDialog.sent')}
            {space}
            <Link component={RouterLink} to={to} onClick={close}>
              {t('subscription.requestDialog.link')}
            </Link>
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    );
  }
  const fieldError = request.error instanceof ApiError ? request.error.fields?.message : undefined;
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="request-premium-title">
      <DialogTitle id="request-premium-title">{t('subscription.requestTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('subscription.requestBody')}</DialogContentText>
        <TextField
          label={t('subscription.requestMessage')}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { maxLength: maxMessage } }}
          helperText={fieldError ?? t('subscription.requestHelp')}
          error={Boolean(fieldError)}
          disabled={request.isPending}
        />
        {request.error && !fieldError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {request.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={request.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={send} disabled={request.isPending}>
          {request.isPending ? t('subscription.requestSending') : t('subscription.requestSend')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
