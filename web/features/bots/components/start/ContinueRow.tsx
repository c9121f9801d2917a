import { useId } from 'react';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { BotAvatar } from '../../../../components/BotAvatar';
import { savedListQuery } from '../../../resources';
import { useT } from '../../../../lib/i18n';
import { useFindBots } from '../../api/findBots';
import { useRecentRuns } from '../../api/recentRuns';
import { continueRunPathOf, relativeTime, runPathOf, savedItemPathOf } from '../../model/links';

const SHOWN = 8;

interface Tile {
  key: string;
  to: string;
  title: string;
  line: string;
  at: string;
  icon: ReactNode;
}

/** The same list Saved Docs opens with (newest change first), so a save refreshes both. */
const recentSaved = savedListQuery({ q: '', kind: null, botId: null, sort: 'updated' });

/**
 * "Continue where you left off": the latest runs and saved items, newest first, each opening
 * where it was left. A teacher with neither sees the most useful templates instead.
 */
export function ContinueRow() {
  const t = useT();
  const runs = useRecentRuns();
  const saved = useInfiniteQuery(recentSaved);
  const headingId = useId();
  const loading = runs.isPending || saved.isPending;
  const tiles: Tile[] = [
    ...(runs.data?.runs ?? []).map((r) => ({
      key: `run-${r.conversationId}`,
      to: continueRunPathOf(r.bot, r.conversationId),
      title: r.title || r.bot.name,
      line: t('bots.start.runOf', { kind: r.bot.kind, when: relativeTime(r.updatedAt) }),
      at: r.updatedAt,
      icon: <BotAvatar icon={r.bot.icon} kind={r.bot.kind} botId={r.bot.id} size={36} />,
    })),
    ...(saved.data?.pages[0]?.items ?? []).slice(0, 4).map((item) => ({
      key: `saved-${item.id}`,
      to: savedItemPathOf(item),
      title: item.title || t('bots.start.untitled'),
      line: t('bots.start.savedOf', { when: relativeTime(item.updatedAt) }),
      at: item.updatedAt,
      icon: (
        <Avatar variant="rounded" aria-hidden sx={{ width: 36, height: 36, bgcolor: 'collectionBackground', color: 'text.primary' }}>
          <BookmarkBorder fontSize="small" />
        </Avatar>
      ),
    })),
  ]
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
    .slice(0, SHOWN);

  if (loading) return <Skeleton variant="rounded" height={72} sx={{ mt: 2 }} aria-label={t('shell.loading')} />;
  if (tiles.length === 0) return <PopularTemplates />;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ mb: 1, fontWeight: 600 }}>
        {t('bots.start.continueTitle')}
      </Typography>
      <TileRow labelledBy={headingId} tiles={tiles} />
    </Box>
  );
}

function PopularTemplates() {
  const t = useT();
  const found = useFindBots('');
  const headingId = useId();
  const tiles: Tile[] = (found.data?.templates ?? []).slice(0, 6).map((bot) => ({
    key: bot.id,
    to: runPathOf(bot),
    title: bot.name,
    line: t('bots.start.templateOf', { kind: bot.kind }),
    at: bot.updatedAt,
    icon: <BotAvatar icon={bot.icon} kind={bot.kind} botId={bot.id} size={36} />,
  }));
  if (tiles.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ mb: 1, fontWeight: 600 }}>
        {t('bots.start.popularTitle')}
      </Typography>
      <TileRow labelledBy={headingId} tiles={tiles} />
    </Box>
  );
}

/** One row that scrolls sideways on a phone and wraps into a grid on a wide screen. */
function TileRow({ labelledBy, tiles }: { labelledBy: string; tiles: Tile[] }) {
  return (
    <Box
      component="ul"
      aria-labelledby={labelledBy}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        pb: 0.5,
        display: 'grid',
        gap: 1.5,
        gridAutoFlow: { xs: 'column', md: 'row' },
        gridAutoColumns: { xs: 'minmax(220px, 75%)', md: 'unset' },
        gridTemplateColumns: { md: 'repeat(auto-fill, minmax(240px, 1fr))' },
        overflowX: { xs: 'auto', md: 'visible' },
        scrollSnapType: { xs: 'x mandatory', md: 'none' },
      }}
    >
      {tiles.map((tile) => (
        <Box component="li" key={tile.key} sx={{ scrollSnapAlign: 'start', minWidth: 0 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={tile.to} sx={{ height: '100%', p: 1.5 }}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
                {tile.icon}
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                    {tile.title}
                  </Typography>
                  {/* The line wraps (a longer language's words are never cut); the title is a name and may be shortened. */}
                  <Typography variant="caption" color="text.secondary" component="p">
                    {tile.line}
                  </Typography>
                </Box>
              </Stack>
            </CardActionArea>
          </Card>
        </Box>
      ))}
    </Box>
  );
}
