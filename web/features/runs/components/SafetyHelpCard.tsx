import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import SupportOutlined from '@mui/icons-material/SupportOutlined';
import { countryName, defaultCrisisLines, type CrisisLine, type CrisisLines } from '../../../../contract/crisis-lines';
import { useLanguage, useT } from '../../../lib/i18n';
import { safetyMessages } from '../../../lib/my-assignments/safetyStrings';
import { visuallyHidden } from './visuallyHidden';

/** A number as a tel: or sms: link dials it: digits and a leading +. */
const dial = (n: string) => n.replace(/[^\d+]/g, '');

/**
 * The help resources, shown at once when the safety check answered a student with the self-harm
 * reply (docs/product/safety.md#safe-replies). It sits with the message box, which sticks to the bottom of the screen,
 * so it is in view without scrolling, on a phone too; it can be folded to one button. On a phone,
 * once the student writes again, it keeps one row (the first line's button and "Help resources")
 * so the message box keeps its room (issue 39, item 16). The lines are
 * the ones in effect for the student (their school's, else the installation's, else the defaults:
 * the record's `crisisLines`), the built-in ones for the page's language until the record says.
 */
export function SafetyHelpCard({ lines, compact = false }: { lines?: CrisisLines; compact?: boolean }) {
  const s = safetyMessages(useT()).help;
  const { locale: language } = useLanguage();
  const shown = lines ?? defaultCrisisLines[language.startsWith('es') ? 'es' : 'en'];
  const country = countryName(shown.country, language);
  // The student's own choice (folded to a button, or opened whole) wins over `compact`.
  const [choice, setChoice] = useState<'folded' | 'whole' | null>(null);
  if (choice === 'folded') {
    return (
      <Button size="small" startIcon={<SupportOutlined />} onClick={() => setChoice('whole')} sx={{ mb: 1 }}>
        {s.show}
      </Button>
    );
  }
  if (compact && choice === null) {
    // On a phone once the student has written again: one row, the first line's first button in reach.
    const first = shown.lines[0];
    const item = first && lineItems(first, s)[0];
    return (
      <HelpSection compact>
        <Box id="safety-help-title" component="h2" sx={visuallyHidden}>
          {s.title}
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {first && item && <LineButton item={item} first title={s.lineIn(first.name, country)} />}
          <Button size="small" startIcon={<SupportOutlined />} onClick={() => setChoice('whole')}>
            {s.show}
          </Button>
        </Stack>
      </HelpSection>
    );
  }
  return (
    <HelpSection>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
        <Typography id="safety-help-title" component="h2" variant="subtitle2" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {s.title}
        </Typography>
        <Button size="small" onClick={() => setChoice('folded')} sx={{ mt: -0.5, minWidth: 0 }}>
          {s.hide}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {s.trustedAdult}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        {shown.lines.flatMap((line, i) => {
          const detail = s.lineIn(line.name, country);
          const items = lineItems(line, s);
          const buttons = items.map((item, j) => (
            <li key={`${i}-${item.key}`}>
              <LineButton item={item} first={i === 0 && j === 0} title={detail} />
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
    </HelpSection>
  );
}

type HelpWords = ReturnType<typeof safetyMessages>['help'];

/** One way to reach a line: a call, a text, or both on one number. */
interface LineItem {
  key: string;
  href: string;
  label: string;
  icon: 'call' | 'sms';
}

/** A line's buttons, in order: call (or call and text on one number), then text. */
function lineItems(line: CrisisLine, s: HelpWords): LineItem[] {
  if (line.call && line.call === line.sms)
    return [{ key: 'ct', href: `tel:${dial(line.call)}`, label: s.callOrText(line.call), icon: 'call' }];
  const items: LineItem[] = [];
  if (line.call) items.push({ key: 'c', href: `tel:${dial(line.call)}`, label: s.call(line.call), icon: 'call' });
  if (line.sms)
    items.push({
      key: 's',
      href: `sms:${dial(line.sms)}${line.smsWord ? `?&body=${encodeURIComponent(line.smsWord)}` : ''}`,
      label: line.smsWord ? s.textWord(line.smsWord, line.sms) : s.text(line.sms),
      icon: 'sms',
    });
  return items;
}

/** A call or text button; the first of the card is filled, the others outlined. */
function LineButton({ item, first, title }: { item: LineItem; first: boolean; title: string }) {
  return (
    <Button
      size="small"
      variant={first ? 'contained' : 'outlined'}
      color="error"
      href={item.href}
      startIcon={item.icon === 'call' ? <PhoneOutlined /> : <SmsOutlined />}
      title={title}
    >
      {item.label}
    </Button>
  );
}

/** The card's section, named by its (possibly hidden) heading, with the error-coloured edge. */
function HelpSection({ compact = false, children }: { compact?: boolean; children: ReactNode }) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="safety-help-title"
      data-testid="safety-help"
      sx={{ p: compact ? 1 : 1.5, mb: 1, borderLeft: 4, borderLeftColor: 'error.main' }}
    >
      {children}
    </Paper>
  );
}
