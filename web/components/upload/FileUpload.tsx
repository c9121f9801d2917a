import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { acceptedFileTypes, fileExtensions, type FileInfo, type FilePurpose } from '../../../contract/files';
import { paths } from '../../lib/paths';
import { useT } from '../../lib/i18n';
import { UploadError, uploadErrorMessage } from '../../lib/upload/errors';
import { useMe } from '../../lib/session/getMe';
import { startUpload, type UploadHandle } from '../../lib/upload/upload-client';

type State =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; percent: number; retrying: boolean }
  | { kind: 'done'; name: string }
  | { kind: 'failed'; error: unknown; quota: boolean };

const defaultAccept = acceptedFileTypes.flatMap((t) => [t, ...fileExtensions[t]]).join(',');

export interface FileUploadProps {
  purpose: FilePurpose;
  /** The picker button's text; defaults to "Choose a file". */
  label?: string;
  /** What the picker offers, as for <input accept>; the server checks the bytes anyway. */
  accept?: string;
  /** How long to keep retrying (from GET /api/files/usage: retryMaxMs). */
  maxRetryMs?: number;
  /** A bot editor's upload: the file waits for the bot's save (decision 283); My Files' never does. */
  pending?: boolean;
  onUploaded?: (file: FileInfo) => void;
  /** false: the page says the upload is done in its own words (My Files), so this line does not repeat it. */
  sayDone?: boolean;
}

/** Picks a file and uploads it with a progress bar, a cancel button and a clear error message. */
export function FileUpload({
  purpose,
  label,
  accept = defaultAccept,
  maxRetryMs,
  pending = false,
  onUploaded,
  sayDone = true,
}: FileUploadProps) {
  const t = useT();
  const inputId = useId();
  const { data: me } = useMe();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const handle = useRef<UploadHandle | undefined>(undefined);
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  }, [onUploaded]);
  // Leaving the page stops the transfer; the part stays on the server to be resumed.
  useEffect(() => () => handle.current?.cancel(), []);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setState({ kind: 'uploading', name: file.name, percent: 0, retrying: false });
    const current = startUpload(file, {
      purpose,
      pending,
      ownerId: me?.id,
      maxRetryMs,
      onProgress: (sent, total) =>
        setState((s) => (s.kind === 'uploading' ? { ...s, percent: total ? Math.floor((sent / total) * 100) : 100, retrying: false } : s)),
      onRetry: () => setState((s) => (s.kind === 'uploading' ? { ...s, retrying: true } : s)),
    });
    handle.current = current;
    current.done.then(
      (info) => {
        if (handle.current !== current) return;
        handle.current = undefined;
        setState({ kind: 'done', name: info.name });
        uploaded.current?.(info);
      },
      (err: unknown) => {
        if (handle.current !== current) return;
        handle.current = undefined;
        setState({ kind: 'failed', error: err, quota: err instanceof UploadError && err.kind === 'quota' });
      },
    );
  };

  const busy = state.kind === 'uploading';
  return (
    <Stack spacing={1} sx={{ maxWidth: 480 }}>
      <Box>
        <input id={inputId} type="file" accept={accept} hidden disabled={busy} onChange={onPick} />
        <Button component="label" htmlFor={inputId} variant="outlined" disabled={busy}>
          {label ?? t('upload.chooseFile')}
        </Button>
      </Box>
      {state.kind === 'uploading' && (
        <Stack spacing={0.5}>
          {/* The name is a user's text: React renders it as text, never as markup. */}
          <Typography variant="body2">
            {state.retrying ? t('upload.retrying') : t('upload.progressText', { name: state.name, percent: state.percent })}
          </Typography>
          <LinearProgress variant="determinate" value={state.percent} aria-label={t('upload.progressLabel', { name: state.name })} />
          <Box>
            <Button size="small" onClick={() => handle.current?.cancel()}>
              {t('upload.cancel')}
            </Button>
          </Box>
        </Stack>
      )}
      {state.kind === 'done' && sayDone && (
        <Typography variant="body2" role="status">
          {t('upload.uploaded', { name: state.name })}
        </Typography>
      )}
      {state.kind === 'failed' && (
        <Alert
          severity="error"
          action={
            state.quota && (
              <Button color="inherit" size="small" component={RouterLink} to={paths.myFiles.to()}>
                {t('common.freeUpSpace')}
              </Button>
            )
          }
        >
          {uploadErrorMessage(state.error, t)}
        </Alert>
      )}
    </Stack>
  );
}
