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
import type { AuditRow } from '../../../../contract/superdash';
import { dateTime } from '../../../lib/assignments/format';
import { auditQuery } from './api/listAudit';
import { LoadError, Loading, MoreButton, ScrollTable } from './common';
import { superStrings } from './strings';

const s = superStrings.audit;
const actions = [
  'subscription.grant',
  'subscription.extend',
  'subscription.revoke',
  'subscription.sync',
  'school_licence.create',
  'school_licence.update',
  'user.role',
  'premium.request',
];
/** Fields an entry's before/after carry that say nothing to a reader. */
const noise = new Set(['id', 'createdAt', 'updatedAt', 'userId']);

function show(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (Array.isArray(v)) return v.map(show).join(', ') || '—';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** An entry's change in a few words: each field that changed, old → new. */
export function changeOf(row: Pick<AuditRow, 'before' | 'after'>): string {
  const before = row.before ?? {};
  const after = row.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !noise.has(k));
  const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  if (!row.before && row.after) return `${s.created}: ${changed.map((k) => `${k} ${show(after[k])}`).join('; ')}`;
  if (row.before && !row.after) return `${s.removed}: ${keys.map((k) => `${k} ${show(before[k])}`).join('; ')}`;
  return changed.map((k) => `${k}: ${show(before[k])} → ${show(after[k])}`).join('; ');
}

/** The audit log, newest first, by action and by the account's address. */
export function AuditTab() {
  const [action, setAction] = useState('');
  const [typed, setTyped] = useState('');
  const [email, setEmail] = useState('');
  const list = useInfiniteQuery(auditQuery(action, email));
  const rows = list.data?.pages.flatMap((p) => p.entries) ?? [];
  const filtered = Boolean(action || email);
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
          label={s.action}
          value={action}
          onChange={(e) => setAction(e.target.value)}
          size="small"
          sx={{ flex: '1 1 200px', minWidth: 0 }}
        >
          <MenuItem value="">{s.allActions}</MenuItem>
          {actions.map((a) => (
            <MenuItem key={a} value={a}>
              {a}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={s.email}
          name="email"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          size="small"
          sx={{ flex: '1 1 220px', minWidth: 0 }}
          slotProps={{ htmlInput: { maxLength: 254, autoCapitalize: 'none', spellCheck: false } }}
        />
        <Button type="submit" variant="contained">
          {s.filter}
        </Button>
        {filtered && (
          <Button
            onClick={() => {
              setAction('');
              setTyped('');
              setEmail('');
            }}
          >
            {s.clear}
          </Button>
        )}
      </Box>
      {list.isPending ? (
        <Loading label={s.loading} />
      ) : list.isError ? (
        <LoadError what="audit log" onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{filtered ? s.noMatch : s.empty}</Typography>
      ) : (
        <>
          <ScrollTable label={s.tableLabel}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{s.cols.at}</TableCell>
                  <TableCell>{s.cols.action}</TableCell>
                  <TableCell>{s.cols.subject}</TableCell>
                  <TableCell>{s.cols.change}</TableCell>
                  <TableCell>{s.cols.actor}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(r.at)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{r.action}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {r.subjectEmail ?? (r.entity === 'school_licence' ? show(r.after?.schoolname) : '—')}
                    </TableCell>
                    <TableCell sx={{ minWidth: 260, overflowWrap: 'anywhere' }}>{changeOf(r)}</TableCell>
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
