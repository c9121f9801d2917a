import { useId, useRef, useState } from 'react';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { BotCollection, BotSummary } from '../../../../../contract/bots';
import { BotAvatar } from '../../../../components/BotAvatar';
import { useT, type Translate } from '../../../../lib/i18n';
import { editorPathOf, relativeTime, runPathOf, studentPreviewPathOf } from '../../model/links';
import { BotMenus, messageOf } from './BotMenus';
import { useCopyBot } from '../../api/copyBot';
import { useNotify } from '../../hooks/notice';
import { useNavigate } from 'react-router';
import { teachAssignmentsHref } from '../../../../lib/links';
import { useMayAssign } from '../../../../lib/session/getSubscription';

function lineOf(bot: BotSummary, t: Translate): string {
  if (bot.isTemplate) return t('bots.card.builtIn');
  if (bot.sharedBy) return t('bots.card.sharedBy', { name: bot.sharedBy });
  if (bot.isOwner) return bot.lastUsedAt ? t('bots.card.lastUsed', { when: relativeTime(bot.lastUsedAt) }) : t('bots.card.neverUsed');
  return t('bots.card.updated', { when: relativeTime(bot.updatedAt) });
}

/** One bot of the library: icon, name, description, last use, and what the teacher may do with it. */
export function BotCard({
  bot,
  collections,
  hasSchool,
  onDeleted,
}: {
  bot: BotSummary;
  collections: BotCollection[];
  hasSchool: boolean;
  onDeleted: (bot: BotSummary) => void;
}) {
  const t = useT();
  const titleId = useId();
  const moreRef = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const copy = useCopyBot();
  const notify = useNotify();
  const navigate = useNavigate();
  const mayAssign = useMayAssign();
  const line = lineOf(bot, t);
  const onCopy = () =>
    copy.mutate(bot.id, {
      onSuccess: (made) =>
        notify({
          message: t('bots.card.copied', { name: made.name }),
          action: { label: t('bots.card.editCopy'), onClick: () => void navigate(editorPathOf(made, 'edit')) },
        }),
      onError: (err) => notify({ message: messageOf(err, t) }),
    });
  const chip =
    bot.isTemplate || bot.visibility === 'private'
      ? null
      : bot.visibility === 'school'
        ? t('bots.card.visibility.school')
        : t('bots.card.visibility.public');
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <BotAvatar icon={bot.icon} kind={bot.kind} botId={bot.id} />
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} component="h2" variant="h6" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
              {bot.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {line}
            </Typography>
          </Box>
        </Stack>
        {bot.description && (
          <Typography
            variant="body2"
            sx={{
              mt: 1.5,
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
          >
            {bot.description}
          </Typography>
        )}
        {chip && <Chip size="small" label={chip} variant="outlined" sx={{ mt: 1.5 }} />}
      </CardContent>
      {/* Buttons as wide as their words, so Use, Open, Copy and Assign share one row on a card a third of the page wide. */}
      <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 0.5, px: 2, pb: 2, '& .MuiButton-text': { minWidth: 0, px: 1 } }}>
        <Button
          variant="contained"
          size="small"
          component={RouterLink}
          to={runPathOf(bot)}
          aria-label={t('bots.card.runLabel', { name: bot.name })}
        >
          {t('bots.card.run')}
        </Button>
        {bot.isOwner ? (
          <Button
            size="small"
            component={RouterLink}
            to={editorPathOf(bot, 'edit')}
            aria-label={t('bots.card.editLabel', { name: bot.name })}
          >
            {t('bots.card.edit')}
          </Button>
        ) : (
          <Button
            size="small"
            component={RouterLink}
            to={editorPathOf(bot, 'edit')}
            aria-label={t('bots.card.viewLabel', { name: bot.name })}
          >
            {t('bots.card.view')}
          </Button>
        )}
        <Button size="small" onClick={onCopy} disabled={copy.isPending} aria-label={t('bots.card.copyLabel', { name: bot.name })}>
          {t('bots.card.copy')}
        </Button>
        {bot.kind === 'TutorBot' && mayAssign && (
          // The new-assignment dialog opens with this tutor chosen (a bot not the teacher's own is copied first).
          <Button
            size="small"
            component={RouterLink}
            to={teachAssignmentsHref({ bot: bot.id })}
            aria-label={t('bots.card.assignLabel', { name: bot.name })}
          >
            {t('bots.card.assign')}
          </Button>
        )}
        {bot.kind === 'TutorBot' && bot.isOwner && (
          <Button
            size="small"
            component={RouterLink}
            to={studentPreviewPathOf(bot)}
            aria-label={t('bots.card.previewLabel', { name: bot.name })}
          >
            {t('bots.card.preview')}
          </Button>
        )}
        {bot.isOwner && (
          <>
            <IconButton
              ref={moreRef}
              size="small"
              aria-label={t('bots.card.more', { name: bot.name })}
              aria-haspopup="menu"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
              sx={{ ml: 'auto !important' }}
            >
              <MoreVert />
            </IconButton>
            <BotMenus
              bot={bot}
              collections={collections}
              hasSchool={hasSchool}
              anchor={moreRef}
              open={menuOpen}
              onClose={() => setMenuOpen(false)}
              onDeleted={onDeleted}
            />
          </>
        )}
      </CardActions>
    </Card>
  );
}
