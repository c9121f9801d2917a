import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { BotSummary } from '../../../../contract/bots';
import { BotAvatar } from '../../../components/BotAvatar';
import { PageHeading } from '../../../components/PageHeading';
import { paths } from '../../../lib/paths';
import { useT } from '../../../lib/i18n';
import { useBotList } from '../api/listBots';
import { studentPreviewPathOf } from '../model/links';
import { cardGridSx } from './library/BotResults';

/** /student: the teacher's TutorBots as students meet them, each opening the student tutor view. */
export default function StudentPreviewPage() {
  const t = useT();
  const list = useBotList({ kind: 'TutorBot', tab: 'mine', q: '', collectionId: null });
  const bots = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <Button component={RouterLink} to={paths.home.to('TutorBot')} startIcon={<ArrowBack />} sx={{ mb: 1, ml: -1 }}>
        {t('bots.student.back')}
      </Button>
      <PageHeading>{t('bots.student.title')}</PageHeading>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        {t('bots.student.intro')}
      </Typography>
      {list.isPending && <Skeleton variant="rounded" height={160} aria-label={t('shell.loading')} />}
      {list.isError && (
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
      )}
      {list.isSuccess && bots.length === 0 && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography role="status">{t('bots.student.empty')}</Typography>
          <Button variant="contained" component={RouterLink} to={paths.home.to('TutorBot')}>
            {t('bots.student.toLibrary')}
          </Button>
        </Stack>
      )}
      {bots.length > 0 && (
        <Box component="ul" sx={cardGridSx}>
          {bots.map((bot) => (
            <li key={bot.id}>
              <StudentCard bot={bot} />
            </li>
          ))}
        </Box>
      )}
      {list.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          <Button variant="outlined" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? t('bots.library.loadingMore') : t('bots.library.loadMore')}
          </Button>
        </Box>
      )}
    </>
  );
}

function StudentCard({ bot }: { bot: BotSummary }) {
  const t = useT();
  const titleId = useId();
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <BotAvatar icon={bot.icon} kind={bot.kind} botId={bot.id} />
          <Typography id={titleId} component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
            {bot.name}
          </Typography>
        </Stack>
        {bot.description && (
          <Typography variant="body2" sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
            {bot.description}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          variant="contained"
          size="small"
          component={RouterLink}
          to={studentPreviewPathOf(bot)}
          aria-label={t('bots.student.openLabel', { name: bot.name })}
        >
          {t('bots.student.open')}
        </Button>
      </CardActions>
    </Card>
  );
}
