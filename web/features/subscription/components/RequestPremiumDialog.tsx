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
import { strings } from '../../../lib/strings';
import { useRequestPremium, type RequestPremiumResult } from '../api/requestPremium';

const s = strings.mySubscription;
const maxMessage = 2000;
/** The request opens a support ticket: the dialog says where to follow it. */
const sentText = s.requestDialog;

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
        <DialogTitle id="request-premium-title">{s.requestTitle}</DialogTitle>
        <DialogContent>
          <Alert severity="success" role="status">
            {sent.alreadyRequested ? sentText.already : sentText.sent}{' '}
            <Link component={RouterLink} to={to} onClick={close}>
              {sentText.link}
            </Link>
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{sentText.close}</Button>
        </DialogActions>
      </Dialog>
    );
  }
  const fieldError = request.error instanceof ApiError ? request.error.fields?.message : undefined;
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="request-premium-title">
      <DialogTitle id="request-premium-title">{s.requestTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{s.requestBody}</DialogContentText>
        <TextField
          label={s.requestMessage}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { maxLength: maxMessage } }}
          helperText={fieldError ?? s.requestHelp}
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
          {s.cancel}
        </Button>
        <Button variant="contained" onClick={send} disabled={request.isPending}>
          {request.isPending ? s.requestSending : s.requestSend}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
