import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import HistoryIcon from '@mui/icons-material/History';
import AddIcon from '@mui/icons-material/Add';
import { useT } from '../../../lib/i18n';
import { useBotRuns } from '../api/listBotRuns';
import { dateTime } from '../../../lib/format';

const when = (iso: string) => dateTime(iso);

interface Props {
  botId: string;
  currentId: string | null;
  onOpen: (id: string) => void;
  onNew: () => void;
  docs?: boolean;
}

function Entries({ botId, currentId, onOpen, docs }: Omit<Props, 'onNew'>) {
  const t = useT();
  const runs = useBotRuns(botId);
  if (runs.isError)
    return (
      <Typography color="error" variant="body2">
        {t('runs.history.loadFailed')}
      </Typography>
    );
  const items = runs.data?.conversations ?? [];
  if (runs.isSuccess && items.length === 0)
    return (
      <Typography color="text.secondary" variant="body2" sx={{ px: 2, py: 1 }}>
        {t('runs.history.empty')}
      </Typography>
    );
  return (
    <List dense aria-label={docs ? t('runs.history.docTitle') : t('runs.history.title')}>
      {items.map((c) => (
        <ListItem key={c.id} disablePadding>
          <ListItemButton selected={c.id === currentId} aria-current={c.id === currentId ? 'page' : undefined} onClick={() => onOpen(c.id)}>
            <ListItemText
              primary={c.title || t('runs.chat.conversationLabel')}
              secondary={c.id === currentId ? t('runs.history.currentEntry', { when: when(c.updatedAt) }) : when(c.updatedAt)}
              slotProps={{ primary: { noWrap: true } }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/**
 * The caller's past conversations with this bot: a side panel on wide screens, a button that
 * opens a dialog on narrow ones.
 */
export function ConversationList(props: Props) {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const t = useT();
  const [open, setOpen] = useState(false);
  const title = props.docs ? t('runs.history.docTitle') : t('runs.history.title');
  const newButton = (
    <Button
      startIcon={<AddIcon />}
      onClick={() => {
        setOpen(false);
        props.onNew();
      }}
      size="small"
    >
      {props.docs ? t('runs.doc.newDocument') : t('runs.history.newConversation')}
    </Button>
  );
  if (wide) {
    return (
      <Paper
        variant="outlined"
        component="nav"
        aria-label={title}
        sx={{ width: 260, flexShrink: 0, alignSelf: 'flex-start', maxHeight: '70vh', overflowY: 'auto' }}
      >
        <Box sx={{ px: 2, pt: 1.5, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography component="h2" variant="subtitle1">
            {title}
          </Typography>
        </Box>
        <Box sx={{ px: 1 }}>{newButton}</Box>
        <Entries {...props} />
      </Paper>
    );
  }
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Button startIcon={<HistoryIcon />} onClick={() => setOpen(true)} size="small" variant="outlined">
          {props.docs ? t('runs.history.openDocs') : t('runs.history.open')}
        </Button>
        {newButton}
      </Box>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{title}</DialogTitle>
        <DialogContent dividers sx={{ px: 0 }}>
          <Entries
            {...props}
            onOpen={(id) => {
              setOpen(false);
              props.onOpen(id);
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
