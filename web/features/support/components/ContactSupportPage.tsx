import { useEffect, useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import type { TicketSummary } from '../../../../contract/tickets';
import { QueryState } from '../../../components/QueryState';
import { PageHeading } from '../../../components/PageHeading';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/session/getMe';
import { relativeTime } from '../../../lib/format';
import { useAddMyMessage } from '../api/addMyMessage';
import { myTicketQuery } from '../api/getMyTicket';
import { ticketKeys } from '../api/keys';
import { myTicketsQuery } from '../api/listMyTickets';
import { supportStrings } from '../strings';
import { NewTicketForm } from './NewTicketForm';
import { ReplyBox, TicketChips, TicketThread } from './TicketThread';

const s = supportStrings.contact;

/** /contact-support: open a ticket, follow one's tickets, read support's replies and answer them (?ticket=id opens one). */
export default function ContactSupportPage() {
  const [params, setParams] = useSearchParams();
  const open = params.get('ticket');
  const [writing, setWriting] = useState(false);
  const [sent, setSent] = useState(false);
  const setTicket = (id: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set('ticket', id);
      else next.delete('ticket');
      return next;
    });
  const { data: me } = useMe();
  // The support account answers tickets and opens none: its work is on Support Tickets.
  if (me?.isSupport) {
    return (
      <Box sx={{ maxWidth: 880, mx: 'auto', minWidth: 0 }}>
        <PageHeading>{s.title}</PageHeading>
        <Alert severity="info">
          {s.supportAccount}{' '}
          <Link component={RouterLink} to={paths.supportTickets.to()}>
            {s.supportAccountLink}
          </Link>
        </Alert>
      </Box>
    );
  }
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto', minWidth: 0 }}>
      <PageHeading>{s.title}</PageHeading>
      {open ? (
        <OwnTicket id={open} onBack={() => setTicket(null)} sent={sent} />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {s.intro}
          </Typography>
          {writing ? (
            <NewTicketForm
              onCancel={() => setWriting(false)}
              onSent={(ticket) => {
                setWriting(false);
                setSent(true);
                setTicket(ticket.id);
              }}
            />
          ) : (
            <Button variant="contained" sx={{ mb: 3 }} onClick={() => (setSent(false), setWriting(true))}>
              {s.newTicket}
            </Button>
          )}
          <MyTickets onOpen={(id) => (setSent(false), setTicket(id))} />
        </>
      )}
    </Box>
  );
}

function MyTickets({ onOpen }: { onOpen: (id: string) => void }) {
  const list = useInfiniteQuery(myTicketsQuery());
  const tickets = list.data?.pages.flatMap((p) => p.tickets) ?? [];
  return (
    <Box component="section" aria-labelledby="my-tickets-heading">
      <Typography id="my-tickets-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {s.myTickets}
      </Typography>
      <QueryState
        query={list}
        loadingLabel={s.myTickets}
        errorText={list.error?.message || s.loadFailed}
        retryLabel={supportStrings.thread.retry}
      >
        {() =>
          tickets.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Typography color="text.secondary">{s.empty}</Typography>
            </Paper>
          ) : (
            <>
              <Paper variant="outlined">
                <List aria-label={s.myTickets} disablePadding>
                  {tickets.map((ticket) => (
                    <TicketRow
                      key={ticket.id}
                      ticket={ticket}
                      onOpen={() => onOpen(ticket.id)}
                      unreadLabel={supportStrings.thread.unread}
                    />
                  ))}
                </List>
              </Paper>
              {list.hasNextPage && (
                <Button sx={{ mt: 2 }} variant="outlined" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                  {list.isFetchingNextPage ? s.loadingMore : s.loadMore}
                </Button>
              )}
            </>
          )
        }
      </QueryState>
    </Box>
  );
}

/** One ticket in a list: unread dot, subject, status and category, last activity; `extra` for support's opener line. */
export function TicketRow({
  ticket,
  onOpen,
  unreadLabel,
  extra,
}: {
  ticket: TicketSummary;
  onOpen: () => void;
  unreadLabel: string;
  extra?: string;
}) {
  return (
    <ListItem disablePadding divider data-ticket={ticket.id}>
      <ListItemButton onClick={onOpen} sx={{ py: 1.5, alignItems: 'flex-start', gap: 1.5 }}>
        <Box
          aria-hidden
          sx={{ mt: 1, width: 10, height: 10, borderRadius: '50%', flexShrink: 0, bgcolor: ticket.unread ? 'error.main' : 'transparent' }}
        />
        <Stack spacing={0.5} sx={{ minWidth: 0, width: '100%' }}>
          <Typography sx={{ fontWeight: ticket.unread ? 700 : 500, overflowWrap: 'anywhere' }}>
            {ticket.subject}
            {ticket.unread && (
              <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                {` (${unreadLabel})`}
              </Box>
            )}
          </Typography>
          {extra && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {extra}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <TicketChips ticket={ticket} />
            <Typography variant="caption" color="text.secondary" component="time" dateTime={ticket.updatedAt}>
              {relativeTime(ticket.updatedAt)}
            </Typography>
          </Stack>
        </Stack>
      </ListItemButton>
    </ListItem>
  );
}

function OwnTicket({ id, onBack, sent }: { id: string; onBack: () => void; sent: boolean }) {
  const qc = useQueryClient();
  const ticket = useQuery({ ...myTicketQuery(id), retry: false });
  const reply = useAddMyMessage(id);
  // Reading it marks support's replies read: the badge and the list follow.
  const readAt = ticket.dataUpdatedAt;
  useEffect(() => {
    if (!readAt) return;
    void qc.invalidateQueries({ queryKey: ticketKeys.unread });
    void qc.invalidateQueries({ queryKey: ticketKeys.mine });
  }, [qc, readAt]);
  return (
    <Stack spacing={2}>
      <Box>
        <Button startIcon={<ArrowBack />} onClick={onBack}>
          {s.back}
        </Button>
      </Box>
      {sent && <Alert severity="success">{s.sent}</Alert>}
      <QueryState
        query={ticket}
        loadingLabel={s.myTickets}
        errorText={supportStrings.thread.loadFailed}
        retryLabel={supportStrings.thread.retry}
      >
        {(data) => (
          <>
            <Box>
              <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
                {data.ticket.subject}
              </Typography>
              <TicketChips ticket={data.ticket} />
            </Box>
            <TicketThread ticket={data.ticket} reader="opener" />
            <ReplyBox
              pending={reply.isPending}
              error={reply.error}
              note={data.ticket.status === 'closed' ? supportStrings.thread.reopensNote : undefined}
              onSend={(input, done) => reply.mutate(input, { onSuccess: done })}
            />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
