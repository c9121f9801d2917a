import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { BotCollection, BotKind, BotSummary } from '../../../../../contract/bots';
import { useT } from '../../../../lib/i18n';
import type { LibraryFilter } from '../../api/keys';
import { useBotList } from '../../api/listBots';
import { useRestoreBot } from '../../api/restoreBot';
import { useNotify } from '../../hooks/notice';
import { useOwnRouteIds } from '../../hooks/useOwnRouteIds';
import { kindPlural } from '../../model/kinds';
import { editorPath } from '../../model/links';
import { BotCard } from './BotCard';
import { messageOf } from './BotMenus';

export const cardGridSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
} as const;

interface BotResultsProps {
  kind: BotKind;
  filter: LibraryFilter;
  collections: BotCollection[];
  hasSchool: boolean;
  onBrowseTemplates: () => void;
}

/** The cards of one filter, a page at a time from the server's keyset pages, with Load more. */
export function BotResults({ kind, filter, collections, hasSchool, onBrowseTemplates }: BotResultsProps) {
  const t = useT();
  const list = useBotList(filter);
  const restore = useRestoreBot();
  const notify = useNotify();
  const own = useOwnRouteIds();
  const bots = list.data?.pages.flatMap((p) => p.items) ?? [];
  const plural = kindPlural[kind];

  const onDeleted = (bot: BotSummary) =>
    notify({
      message: t('bots.card.deleted', { name: bot.name }),
      action: {
        label: t('bots.card.undo'),
        onClick: () =>
          restore.mutate(bot.id, {
            onSuccess: () => notify({ message: t('bots.card.restored', { name: bot.name }) }),
            onError: (e) => notify({ message: messageOf(e, t) }),
          }),
      },
    });

  if (list.isPending) {
    return (
      <Box component="ul" sx={cardGridSx} aria-busy="true" aria-label={t('shell.loading')}>
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <Skeleton variant="rounded" height={180} />
          </li>
        ))}
      </Box>
    );
  }
  if (list.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void list.refetch()}>
            {t('bots.library.retry')}
          </Button>
        }
      >
        {t('bots.library.loadFailed')}
      </Alert>
    );
  }
  if (bots.length === 0) {
    if (filter.q) return <EmptyNote text={t('bots.library.emptySearch', { q: filter.q })} />;
    if (filter.tab === 'mine' && filter.collectionId) return <EmptyNote text={t('bots.library.emptyCollection')} />;
    if (filter.tab === 'mine') {
      return (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }}>
          <Typography component="h2" variant="h6" gutterBottom>
            {t('bots.library.emptyMineTitle', { plural })}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('bots.library.emptyMineBody')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
            <Button variant="contained" onClick={onBrowseTemplates}>
              {t('bots.library.browseTemplates')}
            </Button>
            {own.uid && (
              <Button component={RouterLink} to={editorPath(kind, { id: 'new', shared: false, aec: 'add', uid: own.uid, sid: own.sid })}>
                {t('bots.library.newBot', { kind })}
              </Button>
            )}
          </Stack>
        </Paper>
      );
    }
    const text =
      filter.tab === 'school'
        ? t('bots.library.emptySchool', { plural })
        : filter.tab === 'public'
          ? t('bots.library.emptyPublic', { plural })
          : t('bots.library.emptyTemplates');
    return <EmptyNote text={text} />;
  }

  return (
    <Box>
      <Box component="ul" sx={cardGridSx}>
        {bots.map((bot) => (
          <li key={bot.id}>
            <BotCard bot={bot} collections={collections} hasSchool={hasSchool} onDeleted={onDeleted} />
          </li>
        ))}
      </Box>
      <Stack spacing={1} sx={{ alignItems: 'center', mt: 3 }}>
        <Typography variant="body2" color="text.secondary" role="status">
          {t('bots.library.shown', { count: bots.length, more: list.hasNextPage ? 'yes' : 'no' })}
        </Typography>
        {list.hasNextPage && (
          <Button
            variant="outlined"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
            startIcon={list.isFetchingNextPage ? <CircularProgress size={16} aria-hidden /> : undefined}
          >
            {list.isFetchingNextPage ? t('bots.library.loadingMore') : t('bots.library.loadMore')}
          </Button>
        )}
        {list.isFetchNextPageError && <Alert severity="error">{t('bots.library.loadFailed')}</Alert>}
      </Stack>
    </Box>
  );
}

function EmptyNote({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 4 }} role="status">
      {text}
    </Typography>
  );
}
