import { useId, useState, type RefObject } from 'react';
import Check from '@mui/icons-material/Check';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DriveFileMove from '@mui/icons-material/DriveFileMoveOutlined';
import Share from '@mui/icons-material/ShareOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { BotCollection, BotSummary, BotVisibility } from '../../../../../contract/bots';
import { ApiError } from '../../../../lib/http';
import { strings } from '../../../../lib/strings';
import { useDeleteBot } from '../../api/deleteBot';
import { useMoveBot } from '../../api/moveBot';
import { useShareBot } from '../../api/shareBot';
import { useNotify } from '../../hooks/notice';
import { ConfirmDialog } from '../common/ConfirmDialog';

const s = strings.bots.card;
export const messageOf = (err: unknown) =>
  err instanceof ApiError ? ((err.fields ? Object.values(err.fields)[0] : undefined) ?? err.message) : s.failed;

interface BotMenusProps {
  bot: BotSummary;
  collections: BotCollection[];
  hasSchool: boolean;
  anchor: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onClose: () => void;
  /** Offers the Undo; the page does it, since this card is gone by then. */
  onDeleted: (bot: BotSummary) => void;
}

/** The owner's card menu: Share (private, school, public), Move to collection, Delete with Undo. */
export function BotMenus({ bot, collections, hasSchool, anchor, open, onClose, onDeleted }: BotMenusProps) {
  const [panel, setPanel] = useState<'share' | 'move' | 'delete' | null>(null);
  const share = useShareBot();
  const remove = useDeleteBot();
  const notify = useNotify();
  const choices: BotVisibility[] = hasSchool || bot.visibility === 'school' ? ['private', 'school', 'public'] : ['private', 'public'];

  const onShare = (visibility: BotVisibility) => {
    setPanel(null);
    if (visibility === bot.visibility) return;
    share.mutate(
      { id: bot.id, visibility },
      { onSuccess: () => notify({ message: s.shared[visibility] }), onError: (e) => notify({ message: messageOf(e) }) },
    );
  };
  const onDelete = () =>
    remove.mutate(
      { id: bot.id, kind: bot.kind },
      {
        onSuccess: () => {
          setPanel(null);
          onDeleted(bot);
        },
        onError: (e) => {
          setPanel(null);
          notify({ message: messageOf(e) });
        },
      },
    );

  return (
    <>
      <Menu anchorEl={anchor.current} open={open} onClose={onClose}>
        <MenuItem
          onClick={() => {
            onClose();
            setPanel('share');
          }}
        >
          <ListItemIcon>
            <Share fontSize="small" />
          </ListItemIcon>
          <ListItemText>{s.share}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            onClose();
            setPanel('move');
          }}
        >
          <ListItemIcon>
            <DriveFileMove fontSize="small" />
          </ListItemIcon>
          <ListItemText>{s.moveToCollection}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            onClose();
            setPanel('delete');
          }}
        >
          <ListItemIcon>
            <DeleteOutline fontSize="small" />
          </ListItemIcon>
          <ListItemText>{s.delete}</ListItemText>
        </MenuItem>
      </Menu>
      <Menu
        anchorEl={anchor.current}
        open={panel === 'share'}
        onClose={() => setPanel(null)}
        slotProps={{ list: { 'aria-label': s.shareMenu(bot.name) } }}
      >
        {choices.map((v) => (
          <MenuItem
            key={v}
            role="menuitemradio"
            aria-checked={bot.visibility === v}
            selected={bot.visibility === v}
            onClick={() => onShare(v)}
          >
            <ListItemIcon>{bot.visibility === v ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText primary={s.shareOptions[v].label} secondary={s.shareOptions[v].hint} />
          </MenuItem>
        ))}
      </Menu>
      {panel === 'move' && <MoveDialog bot={bot} collections={collections} onClose={() => setPanel(null)} />}
      <ConfirmDialog
        open={panel === 'delete'}
        title={s.deleteTitle(bot.name)}
        body={s.deleteBody}
        confirm={s.delete}
        cancel={s.cancel}
        destructive
        busy={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setPanel(null)}
      />
    </>
  );
}

function MoveDialog({ bot, collections, onClose }: { bot: BotSummary; collections: BotCollection[]; onClose: () => void }) {
  const titleId = useId();
  const [target, setTarget] = useState(bot.collectionId ?? '');
  const move = useMoveBot();
  const notify = useNotify();
  const onMove = () => {
    const collectionId = target === '' ? null : target;
    if (collectionId === bot.collectionId) return onClose();
    const name = collections.find((c) => c.id === collectionId)?.name ?? s.noCollection;
    move.mutate(
      { id: bot.id, collectionId },
      { onSuccess: () => (onClose(), notify({ message: s.moved(name) })), onError: (e) => notify({ message: messageOf(e) }) },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{s.moveTitle(bot.name)}</DialogTitle>
      <DialogContent>
        <RadioGroup aria-labelledby={titleId} value={target} onChange={(e) => setTarget(e.target.value)}>
          <FormControlLabel value="" control={<Radio />} label={s.noCollection} />
          {collections.map((c) => (
            <FormControlLabel key={c.id} value={c.id} control={<Radio />} label={c.name} />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{s.cancel}</Button>
        <Button variant="contained" onClick={onMove} disabled={move.isPending}>
          {s.move}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
