import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { BotSummary } from '../../../../../contract/bots';
import { BotAvatar } from '../../../../components/BotAvatar';
import { useT } from '../../../../lib/i18n';
import { useFindBots } from '../../api/findBots';
import { editorPathOf, relativeTime, runPathOf } from '../../model/links';
import { ContinueRow } from './ContinueRow';

/**
 * The one search of every /home/{type} (decision 281): over the templates and the teacher's own
 * bots of every kind, with, while nothing is typed, the row of runs and saved items to go back to.
 * The query lives in the address (`q`, `onSearch`), so the library tab below lists the same query,
 * and Back and links keep it.
 */
export function StartPanel({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const t = useT();
  const [value, setValue] = useState(q);
  const [shown, setShown] = useState(q);
  if (shown !== q) {
    // The address changed (Back, a link): show its search unless it is what is being typed.
    setShown(q);
    if (q.trim() !== value.trim()) setValue(q);
  }
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  }, [onSearch]);
  // Searches 300 ms after the last key (Enter at once, Escape clears at once).
  useEffect(() => {
    if (value.trim() === q.trim()) return;
    const timer = setTimeout(() => search.current(value.trim()), 300);
    return () => clearTimeout(timer);
  }, [value, q]);
  // The deferred query keeps typing smooth while the results render.
  const query = useDeferredValue(q.trim());
  const headingId = useId();
  return (
    <Box component="section" aria-label={t('bots.start.regionLabel')} sx={{ mt: { xs: 2, sm: 1 }, mb: 3 }}>
      <TextField
        type="search"
        fullWidth
        label={t('bots.start.search')}
        helperText={t('bots.start.searchHint')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch(value.trim());
          if (e.key === 'Escape') {
            setValue('');
            onSearch('');
          }
        }}
        slotProps={{
          htmlInput: { maxLength: 100, 'aria-describedby': undefined },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            ),
          },
        }}
        sx={{ maxWidth: { md: 640 } }}
      />
      {query ? <Results q={query} headingId={headingId} /> : <ContinueRow />}
    </Box>
  );
}

function Results({ q, headingId }: { q: string; headingId: string }) {
  const t = useT();
  const found = useFindBots(q);
  if (found.isError) {
    return (
      <Alert severity="error" sx={{ mt: 1 }}>
        {t('bots.start.searchFailed')}
      </Alert>
    );
  }
  if (!found.data) return null;
  const { templates, mine } = found.data;
  if (templates.length === 0 && mine.length === 0) {
    return (
      <Typography color="text.secondary" role="status" sx={{ mt: 1 }}>
        {t('bots.start.nothing', { q })}
      </Typography>
    );
  }
  return (
    <Box
      role="status"
      aria-busy={found.isPlaceholderData}
      sx={{
        mt: 1,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        opacity: found.isPlaceholderData ? 0.6 : 1,
      }}
    >
      {mine.length > 0 && <ResultGroup id={`${headingId}-mine`} title={t('bots.start.yours')} bots={mine} />}
      {templates.length > 0 && <ResultGroup id={`${headingId}-templates`} title={t('bots.start.templates')} bots={templates} />}
    </Box>
  );
}

function ResultGroup({ id, title, bots }: { id: string; title: string; bots: BotSummary[] }) {
  return (
    <Box>
      <Typography id={id} component="h2" variant="subtitle2" color="text.secondary" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <List dense aria-labelledby={id} sx={{ p: 0, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {bots.map((bot) => (
          <ResultItem key={bot.id} bot={bot} />
        ))}
      </List>
    </Box>
  );
}

function ResultItem({ bot }: { bot: BotSummary }) {
  const t = useT();
  const kind = bot.kind;
  const when = bot.lastUsedAt ? t('bots.card.lastUsed', { when: relativeTime(bot.lastUsedAt) }) : t('bots.card.neverUsed');
  const secondary = bot.isTemplate ? t('bots.start.templateOf', { kind }) : t('bots.start.yourKind', { kind, when: when.toLowerCase() });
  return (
    <ListItem
      disablePadding
      secondaryAction={
        bot.isOwner ? (
          <IconButton
            edge="end"
            component={RouterLink}
            to={editorPathOf(bot, 'edit')}
            aria-label={t('bots.start.edit', { name: bot.name })}
          >
            <EditOutlined fontSize="small" />
          </IconButton>
        ) : undefined
      }
    >
      <ListItemButton component={RouterLink} to={runPathOf(bot)} sx={{ minHeight: 48 }}>
        <ListItemAvatar sx={{ minWidth: 48 }}>
          <BotAvatar icon={bot.icon} kind={bot.kind} botId={bot.id} size={36} />
        </ListItemAvatar>
        <ListItemText primary={bot.name} secondary={secondary} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
      </ListItemButton>
    </ListItem>
  );
}
