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
import { useT, type MessageId, type Translate } from '../../../../lib/i18n';
import { useDeleteBot } from '../../api/deleteBot';
import { useMoveBot } from '../../api/moveBot';
import { useShareBot } from '../../api/shareBot';
import { useNotify } from '../../hooks/notice';
import { ConfirmDialog } from '../common/ConfirmDialog';

/** The server's words for a refused action, else the plain "That did not work". */
export const messageOf = (err: unknown, t: Translate) =>
  err instanceof ApiError ? ((err.fields ? Object.values(err.fields)[0] : undefined) ?? err.message) : t('common.actionFailed');

const sharedIds = {
  private: 'bots.card.shared.private',
  school: 'bots.card.shared.school',
  public: 'bots.card.shared.public',
} as const satisfies Record<BotVisibility, MessageId>;

const shareOptions = {
  private: { label: 'bots.card.shareOptions.private', hint: 'bots.card.shareOptions.privateHint' },
  school: { label: 'bots.card.shareOptions.school', hint: 'bots.card.shareOptions.schoolHint' },
  public: { label: 'bots.card.shareOptions.public', hint: 'bots.card.shareOptions.publicHint' },
} as const satisfies Record<BotVisibility, { label: MessageId; hint: MessageId }>;

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
  const t = useT();
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
      { onSuccess: () => notify({ message: t(sharedIds[visibility]) }), onError: (e) => notify({ message: messageOf(e, t) }) },
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
          notify({ message: messageOf(e, t) });
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
          <ListItemText>{t('bots.card.share')}</ListItemText>
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
          <ListItemText>{t('bots.card.moveToCollection')}</ListItemText>
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
          <ListItemText>{t('bots.card.delete')}</ListItemText>
        </MenuItem>
      </Menu>
      <Menu
        anchorEl={anchor.current}
        open={panel === 'share'}
        onClose={() => setPanel(null)}
        slotProps={{ list: { 'aria-label': t('bots.card.shareMenu', { name: bot.name }) } }}
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
            <ListItemText primary={t(shareOptions[v].label)} secondary={t(shareOptions[v].hint)} />
          </MenuItem>
        ))}
      </Menu>
      {panel === 'move' && <MoveDialog bot={bot} collections={collections} onClose={() => setPanel(null)} />}
      <ConfirmDialog
        open={panel === 'delete'}
        title={t('bots.card.deleteTitle', { name: bot.name })}
        body={t('bots.card.deleteBody')}
        confirm={t('bots.card.delete')}
        cancel={t('bots.card.cancel')}
        destructive
        busy={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setPanel(null)}
      />
    </>
  );
}

function MoveDialog({ bot, collections, onClose }: { bot: BotSummary; collections: BotCollection[]; onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  const [target, setTarget] = useState(bot.collectionId ?? '');
  const move = useMoveBot();
  const notify = useNotify();
  const onMove = () => {
    const collectionId = target === '' ? null : target;
    if (collectionId === bot.collectionId) return onClose();
    const name = collections.find((c) => c.id === collectionId)?.name ?? t('bots.card.noCollection');
    move.mutate(
      { id: bot.id, collectionId },
      {
        onSuccess: () => (onClose(), notify({ message: t('bots.card.moved', { collection: name }) })),
        onError: (e) => notify({ message: messageOf(e, t) }),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('bots.card.moveTitle', { name: bot.name })}</DialogTitle>
      <DialogContent>
        <RadioGroup aria-labelledby={titleId} value={target} onChange={(e) => setTarget(e.target.value)}>
          <FormControlLabel value="" control={<Radio />} label={t('bots.card.noCollection')} />
          {collections.map((c) => (
            <FormControlLabel key={c.id} value={c.id} control={<Radio />} label={c.name} />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('bots.card.cancel')}</Button>
        <Button variant="contained" onClick={onMove} disabled={move.isPending}>
          {t('bots.card.move')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
