import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { isUuid } from '../../../../contract/common';
import { FLAG_NOTE_MAX, type FlagDetail, type FlagTurn } from '../../../../contract/flags';
import { SeverityChip } from './SeverityChip';
import { assignmentKeys } from '../../../lib/assignments/keys';
import { dateTime } from '../../../lib/format';
import { flagDetailQuery, useReviewFlag } from '../api/flags';
import { flagKeys } from '../api/keys';
import { useT } from '../../../lib/i18n';
import { MessageText } from '../../../components/markdown/MessageText';

/** One flag (`?flag=<id>`): what was flagged and why, the conversation around it, and the review with a note. */
export function FlagDetailDialog({ flagId, onClose }: { flagId: string; onClose: () => void }) {
  const t = useT();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const valid = isUuid(flagId);
  const flag = useQuery({ ...flagDetailQuery(flagId), enabled: valid });
  const title = flag.data
    ? t('flags.flagOf', { category: t(`flags.category.${flag.data.category}`), student: flag.data.studentName })
    : t('flags.title');
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" scroll="paper" aria-labelledby="flag-detail-title">
      <DialogTitle id="flag-detail-title" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent dividers>
        {!valid || flag.isError ? (
          <Alert severity="info">{t('flags.detailFailed')}</Alert>
        ) : flag.isPending ? (
          <CircularProgress aria-label={t('flags.title')} />
        ) : (
          <FlagBody flag={flag.data} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function FlagBody({ flag }: { flag: FlagDetail }) {
  const t = useT();
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <SeverityChip severity={flag.severity} />
        {flag.as === 'admin' && <Chip size="small" variant="outlined" label={t('flags.asAdmin')} />}
        {flag.detectedBy === 'student' && flag.category !== 'reported' && (
          <Chip size="small" color="info" variant="outlined" label={t('flags.reported.chip')} />
        )}
        <Typography variant="body2" color="text.secondary">
          {dateTime(flag.createdAt)}
        </Typography>
      </Stack>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}>
        <Fact term={t('flags.assignment')} value={flag.assignment.title} />
        {flag.as === 'admin' && <Fact term={t('flags.teacher')} value={flag.teacherName} />}
        <Fact term={t('flags.reason')} value={flag.reason || t(`flags.category.${flag.category}`)} />
        <Fact term={t('flags.what')} value={`${t(`flags.source.${flag.source}`)} · ${t(`flags.detectedBy.${flag.detectedBy}`)}`} />
      </Box>
      {flag.category === 'safeguarding' && <ReportingGuidance guidance={flag.reportingGuidance} />}
      <Box component="section" aria-labelledby="flag-context-title">
        <Typography id="flag-context-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {t('flags.context')}
        </Typography>
        {flag.context.length === 0 ? (
          <Typography color="text.secondary">{t('flags.noContext')}</Typography>
        ) : (
          <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {flag.context.map((turn) => (
              <Turn key={turn.id} turn={turn} />
            ))}
          </Stack>
        )}
      </Box>
      <ReviewForm flag={flag} />
    </Stack>
  );
}

/**
 * A safeguarding flag: what staff must do (they are mandatory reporters), in the school's own words
 * when its admins wrote them, else the app's general words.
 */
function ReportingGuidance({ guidance }: { guidance: string | null }) {
  const t = useT();
  return (
    <Alert severity="warning" component="section" aria-labelledby="flag-reporting-title" data-testid="flag-reporting-guidance">
      <Typography id="flag-reporting-title" variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
        {t('flags.reporting.title')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t('flags.reporting.mandatory')}
      </Typography>
      {guidance ? (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('flags.reporting.schoolSays')}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="flag-school-guidance">
            {guidance}
          </Typography>
        </Box>
      ) : (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('flags.reporting.general')}
        </Typography>
      )}
    </Alert>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}

/** One turn (the tutor's in Markdown, as the student saw it); the flagged one outlined and labelled, a held one marked as unseen by the student. */
function Turn({ turn }: { turn: FlagTurn }) {
  const t = useT();
  const student = turn.role === 'user';
  return (
    <Box
      component="li"
      data-flagged={turn.flagged || undefined}
      aria-current={turn.flagged ? 'true' : undefined}
      sx={{
        p: 1.5,
        borderRadius: 1,
        border: 2,
        borderColor: turn.flagged ? 'error.main' : 'divider',
        bgcolor: student ? 'action.hover' : 'background.paper',
        ml: student ? { xs: 0, sm: 4 } : 0,
        mr: student ? 0 : { xs: 0, sm: 4 },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
        <Typography variant="caption" sx={{ fontWeight: 700 }}>
          {student ? t('flags.you') : t('flags.tutor')}
        </Typography>
        {turn.flagged && <Chip size="small" color="error" label={t('flags.flaggedTurn')} />}
        {turn.status === 'held' && (
          <Typography variant="caption" color="text.secondary">
            {t('flags.heldTurn')}
          </Typography>
        )}
      </Stack>
      <Box sx={{ typography: 'body2' }}>
        <MessageText role={turn.role} text={turn.text} />
      </Box>
    </Box>
  );
}

function ReviewForm({ flag }: { flag: FlagDetail }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [note, setNote] = useState(flag.reviewed?.note ?? '');
  const [saved, setSaved] = useState(false);
  const review = useReviewFlag(flag.id, {
    onSuccess: async () => {
      setSaved(true);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: flagKeys.all }),
        queryClient.invalidateQueries({ queryKey: assignmentKeys.details() }),
        queryClient.invalidateQueries({ queryKey: assignmentKeys.studentPages() }),
      ]);
    },
  });
  const tooLong = note.length > FLAG_NOTE_MAX;
  return (
    <Box component="form" noValidate onSubmit={(e) => e.preventDefault()} aria-labelledby="flag-review-title">
      <Typography id="flag-review-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {flag.reviewed
          ? flag.reviewed.byName
            ? t('flags.reviewedBy', { name: flag.reviewed.byName, when: dateTime(flag.reviewed.at) })
            : t('flags.reviewedByFormer', { when: dateTime(flag.reviewed.at) })
          : t('flags.markReviewed')}
      </Typography>
      <TextField
        label={t('flags.note')}
        value={note}
        onChange={(e) => {
          setNote(e.target.value);
          setSaved(false);
        }}
        multiline
        minRows={2}
        fullWidth
        error={tooLong}
        helperText={tooLong ? t('flags.noteCount', { length: note.length, max: FLAG_NOTE_MAX }) : t('flags.noteHelp')}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        {flag.reviewed ? (
          <>
            <Button variant="contained" disabled={review.isPending || tooLong} onClick={() => review.mutate({ note, reviewed: true })}>
              {t('flags.saveNote')}
            </Button>
            <Button variant="outlined" disabled={review.isPending || tooLong} onClick={() => review.mutate({ note, reviewed: false })}>
              {t('flags.markUnreviewed')}
            </Button>
          </>
        ) : (
          <Button variant="contained" disabled={review.isPending || tooLong} onClick={() => review.mutate({ note, reviewed: true })}>
            {t('flags.markReviewed')}
          </Button>
        )}
        <Box role="status" aria-live="polite" sx={{ typography: 'body2', color: 'text.secondary' }}>
          {saved && !review.isPending ? t('flags.saved') : ''}
        </Box>
      </Stack>
      {review.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('flags.saveFailed')}
        </Alert>
      )}
    </Box>
  );
}
