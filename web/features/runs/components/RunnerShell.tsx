import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BotDetail, BotKind } from '../../../../contract/bots';
import { BotAvatar, emojiFontFamily } from '../../../components/BotAvatar';
import { NotFoundContent } from '../../../components/NotFoundContent';
import { PageHeading } from '../../../components/PageHeading';
import { QueryState } from '../../../components/QueryState';
import { useBot, type BotAddress } from '../../bots';
import { ApiError } from '../../../lib/http';
import { isUuid } from '../../../../contract/common';
import { paths } from '../../../lib/paths';
import { useT } from '../../../lib/i18n';
import { AiStatusNotice } from './AiStatusNotice';

/** The bot's emoji, or its uploaded picture (served to whoever may see the bot). */
function BotIcon({ bot }: { bot: BotDetail }) {
  if (bot.icon.type === 'image') return <BotAvatar icon={bot.icon} kind={bot.kind} botId={bot.id} size={40} />;
  return (
    <Box component="span" aria-hidden sx={{ fontSize: 32, lineHeight: 1, fontFamily: emojiFontFamily }}>
      {bot.icon.emoji}
    </Box>
  );
}

/** The runner's heading: icon, name, description. */
function RunnerHeading({ bot }: { bot: BotDetail }) {
  const t = useT();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', mb: 1 }}>
      <BotIcon bot={bot} />
      <Box sx={{ minWidth: 0 }}>
        <PageHeading>{bot.name}</PageHeading>
        {bot.description && (
          <Typography color="text.secondary" sx={{ mt: -1, mb: 1, overflowWrap: 'anywhere' }}>
            {bot.description}
          </Typography>
        )}
        {bot.isTemplate && <Chip size="small" label={t('runs.template')} sx={{ mb: 1 }} />}
      </Box>
    </Stack>
  );
}

/**
 * Loads the bot of a run page with its route parameters. An unknown id, a mismatched owner or
 * school, or a bot of another kind gives the one not-found page; other failures offer a retry.
 */
export function RunnerShell({
  routeKey,
  kind,
  homeTo,
  children,
}: {
  routeKey: BotAddress;
  kind: BotKind;
  homeTo?: string;
  children: (bot: BotDetail) => ReactNode;
}) {
  const t = useT();
  // Bot ids are UUIDs: anything else is not found without asking (and without a 404 in the console).
  const known = isUuid(routeKey.id);
  const bot = useBot(routeKey, known);
  const home = homeTo ?? paths.home.to(kind);
  if (!known) return <NotFoundContent homeTo={home} />;
  const e = bot.error;
  if (e instanceof ApiError && (e.status === 404 || e.status === 403 || e.status === 422)) return <NotFoundContent homeTo={home} />;
  return (
    <QueryState
      query={bot}
      loadingLabel={t('runs.loadingBot')}
      loadingLine
      errorText={e instanceof ApiError ? e.message : t('runs.loadFailed')}
      retryLabel={t('common.tryAgain')}
      retrySize="medium"
    >
      {(data) =>
        data.kind !== kind ? (
          <NotFoundContent homeTo={home} />
        ) : (
          <>
            <RunnerHeading bot={data} />
            <AiStatusNotice />
            {children(data)}
          </>
        )
      }
    </QueryState>
  );
}
