import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import SupportOutlined from '@mui/icons-material/SupportOutlined';
import { useT } from '../../../lib/i18n';
import { safetyMessages } from '../../../lib/my-assignments/safetyStrings';

/**
 * The help resources, shown at once when the safety check answered a student with the self-harm
 * reply (docs/product/safety.md#safe-replies). It sits with the message box, which sticks to the bottom of the screen,
 * so it is in view without scrolling, on a phone too; it can be folded to one button.
 */
export function SafetyHelpCard() {
  const s = safetyMessages(useT()).help;
  const [open, setOpen] = useState(true);
  if (!open) {
    return (
      <Button size="small" startIcon={<SupportOutlined />} onClick={() => setOpen(true)} sx={{ mb: 1 }}>
        {s.show}
      </Button>
    );
  }
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="safety-help-title"
      data-testid="safety-help"
      sx={{ p: 1.5, mb: 1, borderLeft: 4, borderLeftColor: 'error.main' }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
        <Typography id="safety-help-title" component="h2" variant="subtitle2" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {s.title}
        </Typography>
        <Button size="small" onClick={() => setOpen(false)} sx={{ mt: -0.5, minWidth: 0 }}>
          {s.hide}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {s.trustedAdult}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        <li>
          <Button size="small" variant="contained" color="error" href="tel:988" startIcon={<PhoneOutlined />} title={s.call988Detail}>
            {s.call988}
          </Button>
        </li>
        <li>
          <Button
            size="small"
            variant="outlined"
            color="error"
            href="sms:741741?&body=HOME"
            startIcon={<SmsOutlined />}
            title={s.text741741Detail}
          >
            {s.text741741}
          </Button>
        </li>
        <li>
          <Button size="small" variant="outlined" color="error" href="tel:911" startIcon={<PhoneOutlined />}>
            {s.call911}
          </Button>
        </li>
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }}>
        <Link href="https://findahelpline.com" target="_blank" rel="noopener noreferrer">
          {s.elsewhere}
        </Link>
      </Typography>
    </Paper>
  );
}
