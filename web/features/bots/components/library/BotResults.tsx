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
import { strings } from '../../../../lib/strings';
import type { LibraryFilter } from '../../api/keys';
import { useBotList } from '../../api/listBots';
import { useRestoreBot } from '../../api/restoreBot';
import { useNotify } from '../../hooks/notice';
import { useOwnRouteIds } from '../../hooks/useOwnRouteIds';
import { editorPath } from '../../model/links';
import { BotCard } from './BotCard';
import { messageOf } from './BotMenus';

const s = strings.bots.library;

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
  const list = useBotList(filter);
  const restore = useRestoreBot();
  const notify = useNotify();
  const own = useOwnRouteIds();
  const bots = list.data?.pages.flatMap((p) => p.items) ?? [];
  const plural = strings.bots.kindPlural[kind];

  const onDeleted = (bot: BotSummary) =>
    notify({
      message: strings.bots.card.deleted(bot.name),
      action: {
        label: strings.bots.card.undo,
        onClick: () =>
          restore.mutate(bot.id, {
            onSuccess: () => notify({ message: strings.bots.card.restored(bot.name) }),
            onError: (e) => notify({ message: messageOf(e) }),
          }),
      },
    });

  if (list.isPending) {
    return (
      <Box component="ul" sx={cardGridSx} aria-busy="true" aria-label={strings.loading}>
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
            {s.retry}
          </Button>
        }
      >
        {s.loadFailed}
      </Alert>
    );
  }
  if (bots.length === 0) {
    if (filter.q) return <EmptyNote text={s.emptySearch(filter.q)} />;
    if (filter.tab === 'mine' && filter.collectionId) return <EmptyNote text={s.emptyCollection} />;
    if (filter.tab === 'mine') {
      return (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }}>
          <Typography component="h2" variant="h6" gutterBottom>
            {s.emptyMineTitle(plural)}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {s.emptyMineBody}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
            <Button variant="contained" onClick={onBrowseTemplates}>
              {s.browseTemplates}
            </Button>
            {own.uid && (
              <Button component={RouterLink} to={editorPath(kind, { id: 'new', shared: false, aec: 'add', uid: own.uid, sid: own.sid })}>
                {s.newBot(strings.bots.kindNoun[kind])}
              </Button>
            )}
          </Stack>
        </Paper>
      );
    }
    const text = filter.tab === 'school' ? s.emptySchool(plural) : filter.tab === 'public' ? s.emptyPublic(plural) : s.emptyTemplates;
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
          {s.shown(bots.length, list.hasNextPage)}
        </Typography>
        {list.hasNextPage && (
          <Button
            variant="outlined"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
            startIcon={list.isFetchingNextPage ? <CircularProgress size={16} aria-hidden /> : undefined}
          >
            {list.isFetchingNextPage ? s.loadingMore : s.loadMore}
          </Button>
        )}
        {list.isFetchNextPageError && <Alert severity="error">{s.loadFailed}</Alert>}
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
