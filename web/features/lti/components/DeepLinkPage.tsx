import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AssignmentSummary } from '../../../../contract/assignments';
import { PageHeading } from '../../../components/PageHeading';
import { QueryState } from '../../../components/QueryState';
import { shortDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useT } from '../../../lib/i18n';
import { assignmentListQuery } from '../../assignments';
import { LTI_DEEP_LINK_ACTION } from '../api/deepLink';

/**
 * /lti/deep-link?request=<signed request> (teachers): the LMS's deep-linking launch lands here and
 * the teacher chooses the assignment to place in the course. Each choice is a native form post to
 * /api/lti/deep-link, whose answer posts the link back to the LMS; without a request the page only
 * says where it opens from.
 */
export default function DeepLinkPage() {
  const t = useT();
  const [params] = useSearchParams();
  const request = params.get('request');
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', minWidth: 0 }}>
      <PageHeading>{t('lti.title')}</PageHeading>
      {request ? <Picker request={request} /> : <Typography sx={{ maxWidth: 640 }}>{t('lti.noRequest')}</Typography>}
    </Box>
  );
}

function Picker({ request }: { request: string }) {
  const t = useT();
  const list = useQuery(assignmentListQuery());
  // The assignment whose form is on its way: every button waits, so a second click adds nothing twice.
  const [sending, setSending] = useState<string | null>(null);
  // Back from the LMS to a page kept by the browser (back-forward cache): the buttons work again.
  useEffect(() => {
    const shown = (e: PageTransitionEvent) => {
      if (e.persisted) setSending(null);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);

  return (
    <QueryState query={list} loadingLabel={t('lti.loading')} loadingLine errorText={t('lti.loadFailed')} retryLabel={t('common.tryAgain')}>
      {(data) =>
        data.assignments.length === 0 ? (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
            <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
              {t('lti.emptyTitle')}
            </Typography>
            <Typography sx={{ mb: 2 }}>{t('lti.emptyBody')}</Typography>
            <Button variant="contained" component={RouterLink} to={paths.teachAssignments.to()}>
              {t('lti.create')}
            </Button>
          </Paper>
        ) : (
          <>
            <Typography sx={{ mb: 3, maxWidth: 640 }}>{t('lti.intro')}</Typography>
            <List aria-label={t('lti.listLabel')} sx={{ display: 'grid', gap: 1.5, p: 0 }}>
              {data.assignments.map((a) => (
                <Choice key={a.id} assignment={a} request={request} sending={sending} onSend={() => setSending(a.id)} />
              ))}
            </List>
          </>
        )
      }
    </QueryState>
  );
}

function Choice({
  assignment: a,
  request,
  sending,
  onSend,
}: {
  assignment: AssignmentSummary;
  request: string;
  sending: string | null;
  onSend: () => void;
}) {
  const t = useT();
  const mine = sending === a.id;
  return (
    <ListItem
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        py: 1.5,
      }}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 16rem' }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
            {a.title}
          </Typography>
          {a.status === 'closed' && <Chip size="small" label={t('assignments.closed')} />}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {[
            t(a.bot.deleted ? 'assignments.tutorDeleted' : 'assignments.tutor', { name: a.bot.name }),
            a.dueAt ? t('assignments.due', { date: shortDate(a.dueAt) }) : t('assignments.noDue'),
          ].join(' · ')}
        </Typography>
      </Box>
      {/* A native post, not fetch: the answer is a page that carries the link on to the LMS. */}
      <form method="post" action={LTI_DEEP_LINK_ACTION} onSubmit={onSend}>
        <input type="hidden" name="request" value={request} />
        <input type="hidden" name="assignmentId" value={a.id} />
        <Button
          type="submit"
          variant="contained"
          disabled={sending !== null}
          aria-label={mine ? undefined : t('lti.addLabel', { title: a.title })}
        >
          {t(mine ? 'lti.adding' : 'lti.add')}
        </Button>
      </form>
    </ListItem>
  );
}
