import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ImageIcon from '@mui/icons-material/Image';
import { useT } from '../../../lib/i18n';
import { useGenerateImage, imageUrl } from '../../ai';
import { AiErrorAlert } from './AiErrorAlert';
import { useSaveImage } from '../../resources';
import { imageMarkdown } from '../hooks/insertImage';

/** Between the caption's parts (punctuation, not words). */
const separator = ' · ';
const space = ' ';

interface Made {
  fileId: string;
  prompt: string;
}

/**
 * Generate image (DocBots that allow it): a prompt, POST /api/images for this bot, the image from its
 * file id. `onInsert` puts an image's Markdown into the document (null: not now, e.g. while a reply is written).
 */
export function ImagePanel({
  suggestion,
  botId,
  onInsert,
}: {
  suggestion: string;
  botId: string;
  onInsert: ((block: string) => void) | null;
}) {
  const t = useT();
  const generateImage = useGenerateImage();
  const saveImage = useSaveImage();
  const [savedIds, setSavedIds] = useState<ReadonlySet<string>>(() => new Set());
  const [open, setOpen] = useState(false);
  const [prompt, setPrompt] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [images, setImages] = useState<Made[]>([]);
  // One key per attempt: a double click makes one image, a new attempt after an error makes another.
  const [key, setKey] = useState(() => crypto.randomUUID());

  const create = (e: FormEvent) => {
    e.preventDefault();
    const text = prompt.trim();
    if (!text || busy) return;
    setBusy(true);
    setError(null);
    generateImage({ prompt: text, idempotencyKey: key, botId }).then(
      (made) => {
        setImages((list) => [{ fileId: made.fileId, prompt: text }, ...list]);
        setKey(crypto.randomUUID());
        setOpen(false);
        setBusy(false);
      },
      (err: unknown) => {
        setError(err);
        setKey(crypto.randomUUID());
        setBusy(false);
      },
    );
  };

  return (
    <Box>
      {!open && (
        <Button
          startIcon={<ImageIcon />}
          onClick={() => {
            setOpen(true);
            if (!prompt) setPrompt(suggestion);
          }}
        >
          {t('runs.image.button')}
        </Button>
      )}
      {open && (
        <Box component="form" onSubmit={create} sx={{ mt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={t('runs.image.promptLabel')}
              value={prompt}
              onChange={(e) => setPrompt(e.target.value)}
              fullWidth
              multiline
              maxRows={4}
              autoFocus
            />
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
              <Button type="submit" variant="contained" disabled={busy || !prompt.trim()} sx={{ minHeight: 56 }}>
                {busy ? t('runs.image.creating') : t('runs.image.create')}
              </Button>
              <Button onClick={() => setOpen(false)} disabled={busy} sx={{ minHeight: 56 }}>
                {t('common.cancel')}
              </Button>
            </Stack>
          </Stack>
        </Box>
      )}
      {error !== null && (
        <Box sx={{ mt: 1 }}>
          <AiErrorAlert error={error} />
        </Box>
      )}
      {images.length > 0 && (
        <Box component="section" aria-label={t('runs.image.title')} sx={{ mt: 2 }}>
          <Typography component="h3" variant="subtitle1">
            {t('runs.image.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('runs.image.note')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
            {images.map((img) => (
              <Box component="figure" key={img.fileId} sx={{ m: 0, width: { xs: '100%', sm: 280 } }}>
                <Box
                  component="img"
                  src={imageUrl(img.fileId)}
                  alt={t('runs.image.alt', { prompt: img.prompt })}
                  sx={{ width: '100%', height: 'auto', borderRadius: 1, display: 'block' }}
                />
                <Box component="figcaption" sx={{ typography: 'caption', color: 'text.secondary', mt: 0.5, overflowWrap: 'anywhere' }}>
                  {img.prompt}
                  {separator}
                  <a href={imageUrl(img.fileId)} download>
                    {t('runs.image.download')}
                  </a>
                  {space}
                  <Button size="small" disabled={!onInsert} onClick={() => onInsert?.(imageMarkdown(img.prompt, img.fileId))}>
                    {t('runs.image.insert')}
                  </Button>
                  <Button
                    size="small"
                    disabled={savedIds.has(img.fileId)}
                    onClick={() =>
                      void saveImage({ fileId: img.fileId, botId, title: img.prompt.slice(0, 120) }).then(
                        () => setSavedIds((ids) => new Set(ids).add(img.fileId)),
                        setError,
                      )
                    }
                  >
                    {savedIds.has(img.fileId) ? t('runs.save.imageSaved') : t('runs.save.image')}
                  </Button>
                </Box>
              </Box>
            ))}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
