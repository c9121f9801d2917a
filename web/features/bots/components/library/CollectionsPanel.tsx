import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import type { BotCollection, BotKind } from '../../../../../contract/bots';
import { useT } from '../../../../lib/i18n';
import { useCreateCollection } from '../../api/createCollection';
import { useDeleteCollection } from '../../api/deleteCollection';
import { useRenameCollection } from '../../api/renameCollection';
import { useReorderCollections } from '../../api/reorderCollections';
import { useNotify } from '../../hooks/notice';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { NameDialog } from '../common/NameDialog';
import { kindPlural } from '../../model/kinds';
import { messageOf } from './BotMenus';

const selectedSx = {
  borderRadius: 1,
  '&.Mui-selected, &.Mui-selected:hover': { bgcolor: (t: Theme) => t.palette.selectedCollection },
  '&.Mui-selected': { fontWeight: 600 },
};

export interface CollectionsPanelProps {
  kind: BotKind;
  collections: BotCollection[];
  selected: string | null;
  onSelect: (id: string | null) => void;
}

type Dialog = { type: 'create' } | { type: 'rename'; collection: BotCollection } | { type: 'delete'; collection: BotCollection } | null;

/**
 * The Mine tab's folders: All, then the teacher's collections in their order. Create, rename,
 * move up or down and delete each have a menu item, so everything works from the keyboard.
 */
export function CollectionsPanel({ kind, collections, selected, onSelect }: CollectionsPanelProps) {
  const t = useT();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; collection: BotCollection } | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const create = useCreateCollection(kind);
  const rename = useRenameCollection(kind);
  const remove = useDeleteCollection(kind);
  const reorder = useReorderCollections(kind);
  const notify = useNotify();
  const plural = kindPlural[kind];

  const moveBy = (collection: BotCollection, delta: number) => {
    const ids = collections.map((c) => c.id);
    const from = ids.indexOf(collection.id);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= ids.length) return;
    ids.splice(to, 0, ...ids.splice(from, 1));
    reorder.mutate(ids, { onError: (e) => notify({ message: messageOf(e, t) }) });
  };

  return (
    <Box component="section" aria-labelledby={`collections-${kind}`} sx={{ bgcolor: 'collectionBackground', borderRadius: 2, p: 1.5 }}>
      <Typography id={`collections-${kind}`} component="h2" variant="subtitle1" sx={{ px: 1, fontWeight: 600 }}>
        {t('bots.collections.title')}
      </Typography>
      <List dense>
        <ListItem disablePadding>
          <ListItemButton
            selected={selected === null}
            aria-current={selected === null ? 'true' : undefined}
            onClick={() => onSelect(null)}
            sx={selectedSx}
          >
            <ListItemText primary={t('bots.collections.all', { plural })} />
          </ListItemButton>
        </ListItem>
        {collections.map((c) => (
          <ListItem
            key={c.id}
            disablePadding
            secondaryAction={
              <IconButton
                edge="end"
                size="small"
                aria-label={t('bots.collections.actions', { name: c.name })}
                aria-haspopup="menu"
                onClick={(e) => setMenu({ anchor: e.currentTarget, collection: c })}
              >
                <MoreVert fontSize="small" />
              </IconButton>
            }
          >
            <ListItemButton
              selected={selected === c.id}
              aria-current={selected === c.id ? 'true' : undefined}
              onClick={() => onSelect(c.id)}
              sx={selectedSx}
            >
              <FolderOutlined fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} aria-hidden />
              <ListItemText
                primary={c.name}
                secondary={t('bots.collections.count', { count: c.botCount })}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Button startIcon={<Add />} size="small" onClick={() => setDialog({ type: 'create' })}>
        {t('bots.collections.new')}
      </Button>

      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        {menu && [
          <MenuItem key="rename" onClick={() => (setMenu(null), setDialog({ type: 'rename', collection: menu.collection }))}>
            {t('bots.collections.rename')}
          </MenuItem>,
          <MenuItem
            key="up"
            disabled={collections[0]?.id === menu.collection.id}
            onClick={() => (setMenu(null), moveBy(menu.collection, -1))}
          >
            {t('bots.collections.moveUp')}
          </MenuItem>,
          <MenuItem
            key="down"
            disabled={collections.at(-1)?.id === menu.collection.id}
            onClick={() => (setMenu(null), moveBy(menu.collection, 1))}
          >
            {t('bots.collections.moveDown')}
          </MenuItem>,
          <MenuItem key="delete" onClick={() => (setMenu(null), setDialog({ type: 'delete', collection: menu.collection }))}>
            {t('bots.collections.delete')}
          </MenuItem>,
        ]}
      </Menu>

      {dialog?.type === 'create' && (
        <NameDialog
          title={t('bots.collections.new')}
          submit={t('bots.collections.create')}
          initial=""
          busy={create.isPending}
          onSubmit={(name) => create.mutateAsync(name).then((c) => onSelect(c.id))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.type === 'rename' && (
        <NameDialog
          title={t('bots.collections.renameTitle')}
          submit={t('bots.collections.save')}
          initial={dialog.collection.name}
          busy={rename.isPending}
          onSubmit={(name) => rename.mutateAsync({ id: dialog.collection.id, name })}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={dialog?.type === 'delete'}
        title={dialog?.type === 'delete' ? t('bots.collections.deleteTitle', { name: dialog.collection.name }) : ''}
        body={t('bots.collections.deleteBody')}
        confirm={t('bots.collections.delete')}
        cancel={t('bots.card.cancel')}
        destructive
        busy={remove.isPending}
        onConfirm={() => {
          if (dialog?.type !== 'delete') return;
          const id = dialog.collection.id;
          remove.mutate(id, {
            onSuccess: () => {
              setDialog(null);
              if (selected === id) onSelect(null);
            },
            onError: (e) => (setDialog(null), notify({ message: messageOf(e, t) })),
          });
        }}
        onCancel={() => setDialog(null)}
      />
    </Box>
  );
}
