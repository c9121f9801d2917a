import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
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
import { AUDIT_ACTIONS } from '../../../../contract/audit';
import type { AuditRow } from '../../../../contract/superdash';
import { dateTime } from '../../../lib/format';
import { auditQuery } from './api/listAudit';
import { LoadError, Loading, MoreButton, ScrollTable } from './common';
import { useT, type Translate } from '../../../lib/i18n';

/** Fields an entry's before/after carry that say nothing to a reader. */
const noise = new Set(['id', 'createdAt', 'updatedAt', 'userId', 'domain']);
const empty = (v: unknown) => v === null || v === undefined || (Array.isArray(v) && v.length === 0);

function show(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (Array.isArray(v)) return v.map(show).join(', ') || '—';
  // Instants read as their day and minute (UTC): 2031-06-30 23:59.
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)) return `${v.slice(0, 10)} ${v.slice(11, 16)}`;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** An entry's change in a few words: each field that changed, old → new. */
export function changeOf(row: Pick<AuditRow, 'before' | 'after'>, t: Translate): string {
  const before = row.before ?? {};
  const after = row.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !noise.has(k));
  const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  const listed = (from: Record<string, unknown>) =>
    keys
      .filter((k) => !empty(from[k]))
      .map((k) => `${k} ${show(from[k])}`)
      .join('; ');
  if (!row.before && row.after)
    return t('dashboards.super.audit.changeLine', { what: t('dashboards.super.audit.created'), list: listed(after) });
  if (row.before && !row.after)
    return t('dashboards.super.audit.changeLine', { what: t('dashboards.super.audit.removed'), list: listed(before) });
  return changed.map((k) => `${k}: ${show(before[k])} → ${show(after[k])}`).join('; ');
}

/** The audit log, newest first, by action and by the account's address. */
export function AuditTab() {
  const t = useT();
  const [action, setAction] = useState('');
  const [typed, setTyped] = useState('');
  const [email, setEmail] = useState('');
  const list = useInfiniteQuery(auditQuery(action, email));
  const rows = list.data?.pages.flatMap((p) => p.entries) ?? [];
  const filtered = Boolean(action || email);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const subjectOf = (r: AuditRow) =>
    r.subjectEmail ?? (r.entity === 'school_licence' ? show(r.after?.schoolname ?? r.before?.schoolname) : '—');
  return (
    <Box data-testid="superdash-audit">
      <Box
        component="form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setEmail(typed.trim());
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 2, flexWrap: 'wrap' }}
      >
        <TextField
          select
          label={t('dashboards.super.audit.action')}
          value={action}
          onChange={(e) => setAction(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          size="small"
          sx={{ flex: '1 1 200px', minWidth: 0 }}
        >
          <MenuItem value="">{t('dashboards.super.audit.allActions')}</MenuItem>
          {AUDIT_ACTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {a}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('dashboards.super.audit.email')}
          name="email"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          size="small"
          sx={{ flex: '1 1 220px', minWidth: 0 }}
          slotProps={{ htmlInput: { maxLength: 254, autoCapitalize: 'none', spellCheck: false } }}
        />
        <Button type="submit" variant="contained">
          {t('dashboards.super.audit.filter')}
        </Button>
        {filtered && (
          <Button
            onClick={() => {
              setAction('');
              setTyped('');
              setEmail('');
            }}
          >
            {t('dashboards.super.audit.clear')}
          </Button>
        )}
      </Box>
      {list.isPending ? (
        <Loading label={t('dashboards.super.audit.loading')} />
      ) : list.isError ? (
        <LoadError what={t('dashboards.super.audit.what')} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{filtered ? t('dashboards.super.audit.noMatch') : t('dashboards.super.audit.empty')}</Typography>
      ) : phone ? (
        <>
          <Paper variant="outlined">
            <List aria-label={t('dashboards.super.audit.tableLabel')} disablePadding>
              {rows.map((r, i) => (
                <ListItem key={r.id} divider={i < rows.length - 1} sx={{ display: 'block' }}>
                  <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    {r.action}
                  </Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {subjectOf(r)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {changeOf(r, t)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {[dateTime(r.at), r.actorLabel ?? r.actorKind].join(' · ')}
                  </Typography>
                </ListItem>
              ))}
            </List>
          </Paper>
          <MoreButton hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
        </>
      ) : (
        <>
          <ScrollTable label={t('dashboards.super.audit.tableLabel')}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('dashboards.super.audit.cols.at')}</TableCell>
                  <TableCell>{t('dashboards.super.audit.cols.action')}</TableCell>
                  <TableCell>{t('dashboards.super.audit.cols.subject')}</TableCell>
                  <TableCell>{t('dashboards.super.audit.cols.change')}</TableCell>
                  <TableCell>{t('dashboards.super.audit.cols.actor')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(r.at)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{r.action}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{subjectOf(r)}</TableCell>
                    <TableCell sx={{ minWidth: 260, overflowWrap: 'anywhere' }}>{changeOf(r, t)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.actorLabel ?? r.actorKind}</TableCell>
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
