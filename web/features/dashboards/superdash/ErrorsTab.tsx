import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import { dateTime } from '../../../lib/format';
import { errorsQuery } from './api/listErrors';
import { LoadError, Loading, MoreButton, ScrollTable } from './common';
import { useT } from '../../../lib/i18n';

/** The server errors of the last 30 days, newest first, and a search by request id. */
export function ErrorsTab() {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [requestId, setRequestId] = useState('');
  const list = useInfiniteQuery(errorsQuery(requestId));
  const rows = list.data?.pages.flatMap((p) => p.errors) ?? [];
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Box data-testid="superdash-errors">
      <Box
        component="form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setRequestId(typed.trim());
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 2, flexWrap: 'wrap' }}
      >
        <TextField
          label={t('dashboards.super.errors.search')}
          name="requestId"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          helperText={t('dashboards.super.errors.searchHelp')}
          size="small"
          sx={{ flex: '1 1 220px', minWidth: 0 }}
          slotProps={{ htmlInput: { maxLength: 200, spellCheck: false } }}
        />
        <Button type="submit" variant="contained">
          {t('dashboards.super.errors.searchButton')}
        </Button>
        {requestId && (
          <Button
            onClick={() => {
              setTyped('');
              setRequestId('');
            }}
          >
            {t('dashboards.super.errors.clear')}
          </Button>
        )}
      </Box>
      {list.isPending ? (
        <Loading label={t('dashboards.super.errors.loading')} />
      ) : list.isError ? (
        <LoadError what={t('dashboards.super.errors.what')} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">
          {requestId ? t('dashboards.super.errors.notFound') : t('dashboards.super.errors.empty')}
        </Typography>
      ) : phone ? (
        <>
          <Paper variant="outlined">
            <List aria-label={t('dashboards.super.errors.tableLabel')} disablePadding>
              {rows.map((e, i) => (
                <ListItem key={e.id} divider={i < rows.length - 1} sx={{ display: 'block' }}>
                  <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    {e.status ?? ''} {e.method ?? ''} {e.route ?? ''}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    {e.code ?? ''}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {[dateTime(e.at), e.requestId ?? ''].join(' · ')}
                  </Typography>
                </ListItem>
              ))}
            </List>
          </Paper>
          <MoreButton hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
        </>
      ) : (
        <>
          <ScrollTable label={t('dashboards.super.errors.tableLabel')}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('dashboards.super.errors.cols.at')}</TableCell>
                  <TableCell>{t('dashboards.super.errors.cols.status')}</TableCell>
                  <TableCell>{t('dashboards.super.errors.cols.method')}</TableCell>
                  <TableCell>{t('dashboards.super.errors.cols.route')}</TableCell>
                  <TableCell>{t('dashboards.super.errors.cols.code')}</TableCell>
                  <TableCell>{t('dashboards.super.errors.cols.requestId')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(e.at)}</TableCell>
                    <TableCell>{e.status ?? ''}</TableCell>
                    <TableCell>{e.method ?? ''}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{e.route ?? ''}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', minWidth: 200 }}>{e.code ?? ''}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{e.requestId ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollTable>
          <MoreButton hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
        </>
      )}
    </Box>
  );
}
