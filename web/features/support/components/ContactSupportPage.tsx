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
import { useT } from '../../../lib/i18n';
import { NewTicketForm } from './NewTicketForm';
import { ReplyBox, TicketChips, TicketThread } from './TicketThread';

/** /contact-support: open a ticket, follow one's tickets, read support's replies and answer them (?ticket=id opens one). */
export default function ContactSupportPage() {
  const t = useT();
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
    const supportAccountLead = `${t('support.contact.supportAccount')} `;
    return (
      <Box sx={{ maxWidth: 880, mx: 'auto', minWidth: 0 }}>
        <PageHeading>{t('support.contact.title')}</PageHeading>
        <Alert severity="info">
          {supportAccountLead}
          <Link component={RouterLink} to={paths.supportTickets.to()}>
            {t('support.contact.supportAccountLink')}
          </Link>
        </Alert>
      </Box>
    );
  }
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto', minWidth: 0 }}>
      <PageHeading>{t('support.contact.title')}</PageHeading>
      {open ? (
        <OwnTicket id={open} onBack={() => setTicket(null)} sent={sent} />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('support.contact.intro')}
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
              {t('support.contact.newTicket')}
            </Button>
          )}
          <MyTickets onOpen={(id) => (setSent(false), setTicket(id))} />
        </>
      )}
    </Box>
  );
}

function MyTickets({ onOpen }: { onOpen: (id: string) => void }) {
  const t = useT();
  const list = useInfiniteQuery(myTicketsQuery());
  const tickets = list.data?.pages.flatMap((p) => p.tickets) ?? [];
  return (
    <Box component="section" aria-labelledby="my-tickets-heading">
      <Typography id="my-tickets-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('support.contact.myTickets')}
      </Typography>
      <QueryState
        query={list}
        loadingLabel={t('support.contact.myTickets')}
        errorText={list.error?.message || t('support.contact.loadFailed')}
        retryLabel={t('common.tryAgain')}
      >
        {() =>
          tickets.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Typography color="text.secondary">{t('support.contact.empty')}</Typography>
            </Paper>
          ) : (
            <>
              <Paper variant="outlined">
                <List aria-label={t('support.contact.myTickets')} disablePadding>
                  {tickets.map((ticket) => (
                    <TicketRow key={ticket.id} ticket={ticket} onOpen={() => onOpen(ticket.id)} unreadLabel={t('support.thread.unread')} />
                  ))}
                </List>
              </Paper>
              {list.hasNextPage && (
                <Button sx={{ mt: 2 }} variant="outlined" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                  {list.isFetchingNextPage ? t('support.contact.loadingMore') : t('support.contact.loadMore')}
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
  const unreadSuffix = ` (${unreadLabel})`;
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
                {unreadSuffix}
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
  const t = useT();
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
          {t('support.contact.back')}
        </Button>
      </Box>
      {sent && <Alert severity="success">{t('support.contact.sent')}</Alert>}
      <QueryState
        query={ticket}
        loadingLabel={t('support.contact.myTickets')}
        errorText={t('support.thread.loadFailed')}
        retryLabel={t('common.tryAgain')}
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
              note={data.ticket.status === 'closed' ? t('support.thread.reopensNote') : undefined}
              onSend={(input, done) => reply.mutate(input, { onSuccess: done })}
            />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
