import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Search from '@mui/icons-material/Search';
import { savedKinds, savedSorts, type SavedKind, type SavedSort } from '../../../../contract/saved';
import { savedBotsQuery, type SavedFilter } from '../api/saved';
import { useT } from '../../../lib/i18n';

// "All kinds" / "All bots" are real choices: show them, with the label above.
const emptyShown = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

/** Search (debounced), kind, bot and sort: each change asks the server for a new first page. */
export function SavedFilters({ filter, onChange }: { filter: SavedFilter; onChange: (f: SavedFilter) => void }) {
  const t = useT();
  const [q, setQ] = useState(filter.q);
  const bots = useQuery(savedBotsQuery());
  useEffect(() => {
    if (q === filter.q) return;
    const timer = setTimeout(() => onChange({ ...filter, q }), 300);
    return () => clearTimeout(timer);
  }, [q, filter, onChange]);

  return (
    <Box
      component="search"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1fr' }, mb: 2 }}
    >
      <TextField
        label={t('saved.searchLabel')}
        placeholder={t('saved.searchPlaceholder')}
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        size="small"
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        label={t('saved.kindLabel')}
        size="small"
        slotProps={emptyShown}
        value={filter.kind ?? ''}
        onChange={(e) => onChange({ ...filter, kind: (e.target.value || null) as SavedKind | null })}
      >
        <MenuItem value="">{t('saved.kindAll')}</MenuItem>
        {savedKinds.map((k) => (
          <MenuItem key={k} value={k}>
            {t(`saved.kind.${k}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('saved.botLabel')}
        size="small"
        slotProps={emptyShown}
        value={filter.botId ?? ''}
        onChange={(e) => onChange({ ...filter, botId: e.target.value || null })}
      >
        <MenuItem value="">{t('saved.botAll')}</MenuItem>
        {(bots.data?.bots ?? []).map((b) => (
          <MenuItem key={b.botId} value={b.botId}>
            {b.botName}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('saved.sortLabel')}
        size="small"
        value={filter.sort}
        onChange={(e) => onChange({ ...filter, sort: e.target.value as SavedSort })}
      >
        {savedSorts.map((k) => (
          <MenuItem key={k} value={k}>
            {t(`saved.sort.${k}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
