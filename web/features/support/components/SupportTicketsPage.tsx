import { useEffect } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { supportTicketListQuery, ticketCategories, type SupportTicketListQuery } from '../../../../contract/tickets';
import { QueryState } from '../../../components/QueryState';
import { PageHeading } from '../../../components/PageHeading';
import { anyTicketQuery } from '../api/getAnyTicket';
import { allTicketsQuery } from '../api/listAllTickets';
import { useSetTicketStatus } from '../api/setTicketStatus';
import { useSupportReply } from '../api/supportReply';
import { useT } from '../../../lib/i18n';
import { ticketOpener } from '../strings';
import { TicketRow } from './ContactSupportPage';
import { ReplyBox, TicketChips, TicketThread } from './TicketThread';

type Filter = Omit<SupportTicketListQuery, 'cursor'>;

/** /supportTickets (the support account): every ticket by status and category; ?ticket=id opens one to read, answer, close or reopen. */
export default function SupportTicketsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const parsed = supportTicketListQuery.safeParse({
    status: params.get('status') ?? undefined,
    category: params.get('category') ?? undefined,
  });
  const filter: Filter = parsed.success
    ? { status: parsed.data.status, category: parsed.data.category }
    : { status: 'open', category: 'all' };
  const open = params.get('ticket');
  const setParam = (key: string, value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', minWidth: 0 }}>
      <PageHeading>{t('support.tickets.title')}</PageHeading>
      {open ? (
        <SupportTicket id={open} onBack={() => setParam('ticket', null)} />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('support.tickets.intro')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={filter.status}
              onChange={(_, value: Filter['status'] | null) => value && setParam('status', value === 'open' ? null : value)}
              aria-label={t('support.tickets.status')}
            >
              {(['open', 'closed', 'all'] as const).map((option) => (
                <ToggleButton
                  key={option}
                  value={option}
                  sx={{ px: 2, color: 'text.secondary', '&.Mui-selected': { color: 'text.primary' } }}
                >
                  {t(`support.tickets.statuses.${option}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <TextField
              select
              size="small"
              label={t('support.tickets.category')}
              value={filter.category}
              onChange={(e) => setParam('category', e.target.value === 'all' ? null : e.target.value)}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="all">{t('support.tickets.allCategories')}</MenuItem>
              {ticketCategories.map((c) => (
                <MenuItem key={c} value={c}>
                  {t(`support.category.${c}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <AllTickets filter={filter} onOpen={(id) => setParam('ticket', id)} />
        </>
      )}
    </Box>
  );
}

function AllTickets({ filter, onOpen }: { filter: Filter; onOpen: (id: string) => void }) {
  const t = useT();
  const list = useInfiniteQuery(allTicketsQuery(filter));
  const tickets = list.data?.pages.flatMap((p) => p.tickets) ?? [];
  return (
    <QueryState
      query={list}
      loadingLabel={t('support.tickets.title')}
      errorText={t('support.tickets.loadFailed')}
      retryLabel={t('common.tryAgain')}
    >
      {() =>
        tickets.length === 0 ? (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography color="text.secondary">{t('support.tickets.empty')}</Typography>
          </Paper>
        ) : (
          <>
            <Paper variant="outlined">
              <List aria-label={t('support.tickets.title')} disablePadding>
                {tickets.map((ticket) => (
                  <TicketRow
                    key={ticket.id}
                    ticket={ticket}
                    onOpen={() => onOpen(ticket.id)}
                    unreadLabel={t('support.thread.unreadSupport')}
                    extra={ticketOpener(t, ticket.opener)}
                  />
                ))}
              </List>
            </Paper>
            {list.hasNextPage && (
              <Button sx={{ mt: 2 }} variant="outlined" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {t('support.tickets.loadMore')}
              </Button>
            )}
          </>
        )
      }
    </QueryState>
  );
}

function SupportTicket({ id, onBack }: { id: string; onBack: () => void }) {
  const t = useT();
  const qc = useQueryClient();
  const ticket = useQuery({ ...anyTicketQuery(id), retry: false });
  const reply = useSupportReply(id);
  const status = useSetTicketStatus(id);
  // Reading it marks the opener's messages read: the list follows.
  const readAt = ticket.dataUpdatedAt;
  useEffect(() => {
    if (readAt) void qc.invalidateQueries({ queryKey: ['tickets', 'support'] });
  }, [qc, readAt]);
  return (
    <Stack spacing={2}>
      <Box>
        <Button startIcon={<ArrowBack />} onClick={onBack}>
          {t('support.tickets.back')}
        </Button>
      </Box>
      <QueryState
        query={ticket}
        loadingLabel={t('support.tickets.title')}
        errorText={t('support.thread.loadFailed')}
        retryLabel={t('common.tryAgain')}
      >
        {(data) => (
          <>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere', mb: 0.5 }}>
                  {data.ticket.subject}
                </Typography>
                <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
                  {ticketOpener(t, data.ticket.opener)}
                </Typography>
                <TicketChips ticket={data.ticket} />
              </Box>
              <Box sx={{ flexShrink: 0 }}>
                {data.ticket.status === 'open' ? (
                  <Button variant="outlined" disabled={status.isPending} onClick={() => status.mutate('close')}>
                    {t('support.tickets.close')}
                  </Button>
                ) : (
                  <Button variant="outlined" disabled={status.isPending} onClick={() => status.mutate('reopen')}>
                    {t('support.tickets.reopen')}
                  </Button>
                )}
              </Box>
            </Stack>
            {status.error && <Alert severity="error">{status.error.message}</Alert>}
            <TicketThread ticket={data.ticket} reader="support" />
            <ReplyBox pending={reply.isPending} error={reply.error} onSend={(input, done) => reply.mutate(input, { onSuccess: done })} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
