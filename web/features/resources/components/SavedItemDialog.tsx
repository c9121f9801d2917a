import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';
import Delete from '@mui/icons-material/Delete';
import FileCopy from '@mui/icons-material/FileCopy';
import OpenInNew from '@mui/icons-material/OpenInNew';
import type { SavedDetail } from '../../../../contract/saved';
import { Markdown } from '../../../components/markdown/Markdown';
import { ExportMenu } from './ExportMenu';
import { savedItemQuery } from '../api/saved';
import { useT } from '../../../lib/i18n';
import { useUnsavedChanges } from '../../../lib/useUnsavedChanges';
import { ConflictPanel } from '../../../components/ConflictPanel';
import { LeaveDialog } from '../../../components/LeaveDialog';
import { SaveStatusChip } from '../../../components/SaveStatusChip';
import { useSavedItemAutosave } from '../hooks/useAutosave';
import { runnerPathOf } from './runnerPath';
import { savedMeta } from './savedMeta';

interface Actions {
  onClose: () => void;
  onDuplicate: (item: SavedDetail) => void;
  onDelete: (item: SavedDetail) => void;
}

/** One saved item: rename, edit (documents) with a live preview and autosave, and its actions. */
export function SavedItemDialog({ id, ...actions }: Actions & { id: string }) {
  const t = useT();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const query = useQuery(savedItemQuery(id));
  return (
    <Dialog open onClose={actions.onClose} fullScreen={fullScreen} fullWidth maxWidth="lg" aria-labelledby="saved-item-title">
      {query.data ? (
        // Keyed by id: another item starts a fresh editor with its own version.
        <ItemEditor key={query.data.id} item={query.data} {...actions} />
      ) : (
        <DialogContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography id="saved-item-title" variant="h6" component="h2">
              {query.isError ? t('saved.notFound') : t('saved.loading')}
            </Typography>
            <IconButton aria-label={t('common.close')} onClick={actions.onClose}>
              <Close />
            </IconButton>
          </Stack>
        </DialogContent>
      )}
    </Dialog>
  );
}

function ItemEditor({ item, onClose, onDuplicate, onDelete }: Actions & { item: SavedDetail }) {
  const t = useT();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const autosave = useSavedItemAutosave(item);
  const { blocker } = useUnsavedChanges(autosave.unsaved);
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const previewRef = useRef<HTMLDivElement>(null);
  const runner = runnerPathOf(item);
  const isDocument = item.kind === 'document';
  const text = isDocument ? autosave.draft.body : item.body;
  const imageUrl = item.fileId ? `/api/files/${item.fileId}` : null;
  const showEditor = isDocument && (wide || tab === 'edit');
  const showPreview = !isDocument || wide || tab === 'preview';

  return (
    <>
      <Box sx={{ px: { xs: 2, sm: 3 }, pt: 2, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            id="saved-item-title"
            label={t('saved.titleLabel')}
            value={autosave.draft.title}
            onChange={(e) => autosave.change({ title: e.target.value })}
            onBlur={() => autosave.change({}, true)}
            error={!autosave.draft.title.trim()}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <IconButton aria-label={t('common.close')} onClick={onClose}>
            <Close />
          </IconButton>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {savedMeta(t, item)}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <SaveStatusChip status={autosave.status} />
          {runner && (
            <Button size="small" variant="contained" component={RouterLink} to={runner} startIcon={<OpenInNew />}>
              {t('saved.openInRunner')}
            </Button>
          )}
          <ExportMenu
            size="small"
            title={autosave.draft.title}
            savedId={item.id}
            markdown={isDocument ? autosave.draft.body : undefined}
            target={item.kind === 'image' ? undefined : previewRef}
            image={imageUrl ? { url: imageUrl, name: item.title } : undefined}
          />
          <Button size="small" startIcon={<FileCopy />} onClick={() => onDuplicate(item)}>
            {t('saved.duplicate')}
          </Button>
          <Button size="small" color="error" startIcon={<Delete />} onClick={() => onDelete(item)}>
            {t('common.delete')}
          </Button>
        </Stack>
      </Box>
      <LeaveDialog blocker={blocker} body={t('saved.leaveBody')} />
      <DialogContent sx={{ px: { xs: 2, sm: 3 } }}>
        {!runner && item.botName && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('saved.runnerGone')}
          </Alert>
        )}
        {autosave.error && autosave.status === 'error' && (
          <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={() => void autosave.retry()}>{t('common.tryAgain')}</Button>}>
            {autosave.error}
          </Alert>
        )}
        {autosave.conflict && (
          <Box sx={{ mb: 2 }}>
            <ConflictPanel
              mine={autosave.draft.body}
              theirs={autosave.conflict.body}
              onKeepMine={autosave.keepMine}
              onTakeTheirs={autosave.takeTheirs}
            />
          </Box>
        )}
        {isDocument && !wide && (
          <Tabs value={tab} onChange={(_e, v: 'edit' | 'preview') => setTab(v)} sx={{ mb: 2 }}>
            <Tab value="edit" label={t('saved.edit')} />
            <Tab value="preview" label={t('saved.preview')} />
          </Tabs>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: isDocument && wide ? '1fr 1fr' : '1fr', gap: 3, alignItems: 'start' }}>
          {showEditor && (
            <TextField
              label={t('saved.editorLabel')}
              value={autosave.draft.body}
              onChange={(e) => autosave.change({ body: e.target.value })}
              multiline
              minRows={16}
              fullWidth
              slotProps={{ htmlInput: { spellCheck: true, style: { fontFamily: 'ui-monospace, Consolas, monospace', fontSize: 14 } } }}
            />
          )}
          {/* Always rendered (hidden on the phone's Edit tab): Print and Copy take it. */}
          <Box
            component="section"
            aria-label={isDocument ? t('saved.preview') : t('saved.transcript')}
            sx={{ minWidth: 0, display: showPreview ? 'block' : 'none' }}
          >
            <Box ref={previewRef} data-print-target>
              {item.kind === 'image' && imageUrl ? (
                <Box component="img" src={imageUrl} alt={item.title} sx={{ maxWidth: '100%', height: 'auto', borderRadius: 1 }} />
              ) : (
                <Markdown text={text} />
              )}
            </Box>
          </Box>
        </Box>
      </DialogContent>
    </>
  );
}
