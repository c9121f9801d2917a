import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { ApiError } from '../../../lib/http';
import { useMe } from '../../../lib/session/getMe';
import { useT } from '../../../lib/i18n';
import { UploadError, uploadErrorMessage } from '../../../lib/upload/errors';
import type { UploadHandle } from '../../../lib/upload/upload-client';
import { MAX_ATTACHMENT_CHARS, type Attachment } from '../api/attachment';
import { useExtractFileText } from '../api/extractFileText';

const readInBrowser = /\.(txt|md|markdown)$/i;
const readOnServer = /\.(pdf|docx)$/i;

/**
 * Attach a file to the next message: its text goes with the message. Text and Markdown are read in
 * the browser; a PDF or Word file is uploaded and its text extracted on the server.
 */
export function AttachFile({
  value,
  onChange,
  disabled,
}: {
  value: Attachment | null;
  onChange: (a: Attachment | null) => void;
  disabled: boolean;
}) {
  const t = useT();
  const inputId = useId();
  const extractFileText = useExtractFileText();
  const { data: me } = useMe();
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  const upload = useRef<UploadHandle | null>(null);
  const attempt = useRef(0);
  useEffect(() => () => upload.current?.cancel(), []);

  const cancel = () => {
    attempt.current++;
    upload.current?.cancel();
    upload.current = null;
    setReading(null);
  };

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setProblem(null);
    const local = readInBrowser.test(file.name);
    if (!local && !readOnServer.test(file.name)) return setProblem(t('runs.attach.wrongType'));
    const mine = ++attempt.current;
    setReading(file.name);
    const text = local ? file.text() : extractFileText(file, me?.id, (h) => (upload.current = h));
    text.then(
      (read) => {
        if (mine !== attempt.current) return;
        setReading(null);
        upload.current = null;
        if (!read.trim()) return setProblem(t('runs.attach.noText', { name: file.name }));
        if (read.length > MAX_ATTACHMENT_CHARS) return setProblem(t('runs.attach.tooLong', { name: file.name, max: MAX_ATTACHMENT_CHARS }));
        onChange({ name: file.name, text: read });
      },
      (err: unknown) => {
        if (mine !== attempt.current) return;
        setReading(null);
        upload.current = null;
        if (err instanceof UploadError && err.kind === 'cancelled') return;
        if (err instanceof UploadError) return setProblem(uploadErrorMessage(err, t));
        setProblem(err instanceof ApiError ? err.message : t('runs.attach.unreadable', { name: file.name }));
      },
    );
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <input
        id={inputId}
        type="file"
        accept=".txt,.md,.markdown,.pdf,.docx,text/plain,text/markdown,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        hidden
        disabled={disabled || reading !== null}
        onChange={onPick}
      />
      {reading !== null ? (
        <>
          <Chip
            icon={<CircularProgress size={14} aria-hidden />}
            label={t('runs.attach.reading', { name: reading })}
            sx={{ maxWidth: 240 }}
          />
          <IconButton size="small" aria-label={t('runs.attach.cancel', { name: reading })} onClick={cancel}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      ) : value ? (
        <>
          <Chip icon={<AttachFileIcon />} label={t('runs.attach.attached', { name: value.name })} sx={{ maxWidth: 220 }} />
          <IconButton size="small" aria-label={t('runs.attach.remove', { name: value.name })} onClick={() => onChange(null)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      ) : (
        <Button
          component="label"
          htmlFor={inputId}
          size="small"
          startIcon={<AttachFileIcon />}
          disabled={disabled}
          title={t('runs.attach.hint', { max: MAX_ATTACHMENT_CHARS })}
        >
          {t('runs.attach.button')}
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
