import { useId, useState, type ChangeEvent } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { strings } from '../../../lib/strings';

const s = strings.runs.attach;
/** Leaves room for the message itself under the server's AI_MAX_INPUT_CHARS (20,000 by default). */
export const MAX_ATTACHMENT_CHARS = 18_000;

export interface Attachment {
  name: string;
  text: string;
}

/** The message as sent: the typed text, then the attached file's text in a fence it cannot close. */
export function withAttachment(text: string, attachment: Attachment | null): string {
  if (!attachment) return text;
  const longestRun = Math.max(2, ...(attachment.text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longestRun + 1);
  return `${text}\n\n${s.sentPrefix(attachment.name)}\n\n${fence}\n${attachment.text}\n${fence}`.trim();
}

/**
 * Attach a text file to the next message: read in the browser and sent as part of it. PDF and
 * DOCX need the server's text extraction for messages (see docs/decisions.md, Runners).
 */
export function AttachTextFile({ value, onChange, disabled }: { value: Attachment | null; onChange: (a: Attachment | null) => void; disabled: boolean }) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setProblem(null);
    if (!/\.(txt|md|markdown)$/i.test(file.name)) return setProblem(s.wrongType);
    file.text().then(
      (text) => {
        if (text.length > MAX_ATTACHMENT_CHARS) return setProblem(s.tooLong(file.name, MAX_ATTACHMENT_CHARS.toLocaleString('en-US')));
        onChange({ name: file.name, text });
      },
      () => setProblem(s.unreadable(file.name)),
    );
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <input id={inputId} type="file" accept=".txt,.md,.markdown,text/plain,text/markdown" hidden disabled={disabled} onChange={onPick} />
      {value ? (
        <>
          <Chip icon={<AttachFileIcon />} label={s.attached(value.name)} sx={{ maxWidth: 220 }} />
          <IconButton size="small" aria-label={s.remove(value.name)} onClick={() => onChange(null)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      ) : (
        <Button component="label" htmlFor={inputId} size="small" startIcon={<AttachFileIcon />} disabled={disabled} title={s.hint}>
          {s.button}
        </Button>
      )}
      {problem && (
        <Typography role="alert" variant="caption" color="error">
          {problem}
        </Typography>
      )}
    </Stack>
  );
}
