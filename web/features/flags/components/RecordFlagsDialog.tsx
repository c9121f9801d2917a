import { Link as RouterLink } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { dateTime } from '../../../lib/format';
import { recordFlagsQuery } from '../api/flags';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { SeverityChip } from './SeverityChip';

/** The parts that are there, joined by a middle dot. */
const dotJoin = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

/**
 * One student's flags on one assignment, or on several (opened from the count on the assignment
 * table or the student's page): each with its severity, category, when and whether reviewed,
 * opening in the Flags inbox where it is read in context and reviewed.
 */
export function RecordFlagsDialog({
  studentName,
  records,
  onClose,
}: {
  studentName: string;
  /** The records to list; with a title each when there are several (the student's page). */
  records: { recordId: string; title?: string }[];
  onClose: () => void;
}) {
  const t = useT();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = 'record-flags-title';
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" scroll="paper" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('flags.recordTitle', { student: studentName })}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {records.map((r) => (
            <RecordFlags
              key={r.recordId}
              recordId={r.recordId}
              title={r.title}
              label={r.title ?? t('flags.recordTitle', { student: studentName })}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** One record's flags, newest first, 30 at a time with "Show more". */
function RecordFlags({ recordId, title, label }: { recordId: string; title?: string; label: string }) {
  const t = useT();
  const flags = useInfiniteQuery(recordFlagsQuery(recordId));
  const items = flags.data?.pages.flatMap((p) => p.flags) ?? [];
  return (
    <Box component="section" aria-label={label}>
      {title && (
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
      )}
      {flags.isPending ? (
        <CircularProgress aria-label={label} />
      ) : flags.isError && !items.length ? (
        <Alert severity="error">{t('flags.loadFailed')}</Alert>
      ) : items.length === 0 ? (
        <Typography color="text.secondary">{t('flags.recordEmpty')}</Typography>
      ) : (
        <>
          <List aria-label={label} disablePadding>
            {items.map((f) => (
              <ListItem key={f.id} disablePadding divider>
                <ListItemButton component={RouterLink} to={paths.flags.to(f.id)} sx={{ py: 1.25 }}>
                  <Stack spacing={0.5} sx={{ minWidth: 0 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                      <SeverityChip severity={f.severity} />
                      <Typography component="span" sx={{ fontWeight: 600 }}>
                        {t(`flags.category.${f.category}`)}
                      </Typography>
                      {f.reviewed && <Chip size="small" label={t('flags.reviewedChip')} />}
                    </Stack>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {dotJoin(dateTime(f.createdAt), f.reason)}
                    </Typography>
                  </Stack>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          {flags.isFetchNextPageError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {t('flags.loadFailed')}
            </Alert>
          )}
          {flags.hasNextPage && (
            <Button sx={{ mt: 1 }} onClick={() => void flags.fetchNextPage()} disabled={flags.isFetchingNextPage}>
              {t('flags.loadMore')}
            </Button>
          )}
        </>
      )}
    </Box>
  );
}
