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
import { countryName, defaultCrisisLines, type CrisisLines } from '../../../../contract/crisis-lines';
import { useLanguage, useT } from '../../../lib/i18n';
import { safetyMessages } from '../../../lib/my-assignments/safetyStrings';

/** A number as a tel: or sms: link dials it: digits and a leading +. */
const dial = (n: string) => n.replace(/[^\d+]/g, '');

/**
 * The help resources, shown at once when the safety check answered a student with the self-harm
 * reply (docs/product/safety.md#safe-replies). It sits with the message box, which sticks to the bottom of the screen,
 * so it is in view without scrolling, on a phone too; it can be folded to one button. The lines are
 * the ones in effect for the student (their school's, else the installation's, else the defaults:
 * the record's `crisisLines`), the built-in ones for the page's language until the record says.
 */
export function SafetyHelpCard({ lines }: { lines?: CrisisLines }) {
  const s = safetyMessages(useT()).help;
  const { locale: language } = useLanguage();
  const shown = lines ?? defaultCrisisLines[language.startsWith('es') ? 'es' : 'en'];
  const country = countryName(shown.country, language);
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
        {shown.lines.flatMap((line, i) => {
          const detail = s.lineIn(line.name, country);
          const items: { key: string; href: string; label: string; icon: 'call' | 'sms' }[] = [];
          if (line.call && line.call === line.sms)
            items.push({ key: 'ct', href: `tel:${dial(line.call)}`, label: s.callOrText(line.call), icon: 'call' });
          else {
            if (line.call) items.push({ key: 'c', href: `tel:${dial(line.call)}`, label: s.call(line.call), icon: 'call' });
            if (line.sms)
              items.push({
                key: 's',
                href: `sms:${dial(line.sms)}${line.smsWord ? `?&body=${encodeURIComponent(line.smsWord)}` : ''}`,
                label: line.smsWord ? s.textWord(line.smsWord, line.sms) : s.text(line.sms),
                icon: 'sms',
              });
          }
          const buttons = items.map((item) => (
            <li key={`${i}-${item.key}`}>
              <Button
                size="small"
                variant={i === 0 && item === items[0] ? 'contained' : 'outlined'}
                color="error"
                href={item.href}
                startIcon={item.icon === 'call' ? <PhoneOutlined /> : <SmsOutlined />}
                title={detail}
              >
                {item.label}
              </Button>
            </li>
          ));
          if (line.web)
            buttons.push(
              <li key={`${i}-w`}>
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  href={`https://${line.web}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={detail}
                >
                  {line.web}
                </Button>
              </li>,
            );
          return buttons;
        })}
        <li>
          <Button size="small" variant="outlined" color="error" href={`tel:${shown.emergency}`} startIcon={<PhoneOutlined />}>
            {s.emergency(shown.emergency)}
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
