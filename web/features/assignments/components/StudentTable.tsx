import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import MoreVert from '@mui/icons-material/MoreVert';
import type { Theme } from '@mui/material/styles';
import type { AssignmentDetail, StudentRecord } from '../../../../contract/assignments';
import { RecordFlagsDialog } from '../../flags';
import { compactDate, dateTime, duration, messagesUsed, nextActions, relativeTime } from '../../../lib/format';
import { studentPageHref } from '../../../lib/links';
import { useNow } from '../../../lib/useNow';
import { useT } from '../../../lib/i18n';
import { StatusChip } from './StatusChip';

/** An empty cell's mark (no words). */
const NONE = '—';
/** Amber with 3:1 against the table in both themes. */
const trophyGold = (theme: Theme) => (theme.palette.mode === 'light' ? '#b26a00' : '#ffb300');

/**
 * The name column, with the row's actions under the name, stays in view while the rest scrolls
 * sideways (a phone shows two or three columns at a time; a 1280 px screen with the drawer open
 * does not show them all either): every action is in reach at any width and scroll. A fixed width
 * (not a range) so the cell never grows over the next column.
 */
const sticky = {
  position: 'sticky',
  left: 0,
  zIndex: 2,
  bgcolor: 'background.paper',
  backgroundImage: 'var(--Paper-overlay)',
  borderRight: 1,
  borderRightColor: 'divider',
  width: { xs: 150, sm: 220 },
  minWidth: { xs: 150, sm: 220 },
  maxWidth: { xs: 150, sm: 220 },
  boxSizing: 'border-box',
} as const;

/** A moment as "5 minutes ago", with the exact time for a pointer and for assistive technology. */
function When({ iso, now, relative }: { iso: string | null; now: number; relative?: boolean }) {
  if (!iso) return <>{NONE}</>;
  return (
    <time dateTime={iso} title={dateTime(iso)}>
      {relative ? relativeTime(iso, now) : compactDate(iso, now)}
    </time>
  );
}

/**
 * One row per student: status, when they started and were last active, time spent, messages (of
 * the budget), late, trophies, flags, and what the teacher can do. At 360 px it scrolls sideways inside its
 * own focusable region with the name column kept in view.
 */
export function StudentTable({
  assignment,
  busyId,
  onOpen,
  onStatus,
  onAward,
}: {
  assignment: AssignmentDetail;
  /** The record whose change is being sent (its buttons wait). */
  busyId: string | null;
  onOpen: (record: StudentRecord, feedback?: boolean) => void;
  onStatus: (record: StudentRecord, status: 'completed' | 'in_progress') => void;
  /** Opens the record's trophies, to award one (or take one back). */
  onAward: (record: StudentRecord) => void;
}) {
  const t = useT();
  const now = useNow();
  const [flagsOf, setFlagsOf] = useState<StudentRecord | null>(null);
  if (assignment.students.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {t('assignments.noStudents')}
      </Typography>
    );
  }
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      role="region"
      aria-label={t('assignments.tableScroll')}
      tabIndex={0}
      sx={{ overflowX: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' } }}
    >
      <Table size="small" sx={{ '& thead th': { whiteSpace: 'nowrap' }, '& th, & td': { px: 1.25 } }}>
        <Box component="caption" sx={visuallyHidden}>
          {t('assignments.tableCaption', { title: assignment.title })}
        </Box>
        <TableHead>
          <TableRow>
            <TableCell sx={sticky}>{t('assignments.colStudent')}</TableCell>
            <TableCell>{t('assignments.colClass')}</TableCell>
            <TableCell>{t('assignments.colStatus')}</TableCell>
            <TableCell>{t('assignments.colStarted')}</TableCell>
            <TableCell>{t('assignments.colLastActive')}</TableCell>
            <TableCell align="right">{t('assignments.colTime')}</TableCell>
            <TableCell align="right">{t('assignments.colMessages')}</TableCell>
            <TableCell align="right">{t('assignments.trophies.colTrophies')}</TableCell>
            <TableCell align="right">{t('assignments.colFlags')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {assignment.students.map((r) => {
            const busy = busyId === r.id;
            return (
              <TableRow key={r.id} hover data-record={r.id}>
                <TableCell component="th" scope="row" sx={sticky}>
                  {r.rosterEntryId ? (
                    <Link component={RouterLink} to={studentPageHref(r.rosterEntryId)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {r.name}
                    </Link>
                  ) : (
                    <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {r.name}
                    </Box>
                  )}
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {r.email}
                  </Typography>
                  {!r.onRoster && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', fontStyle: 'italic' }}>
                      {t('assignments.offRoster')}
                    </Typography>
                  )}
                  <RowActions record={r} busy={busy} onOpen={onOpen} onStatus={onStatus} onAward={onAward} />
                </TableCell>
                <TableCell sx={{ minWidth: 96 }}>{r.className ?? NONE}</TableCell>
                <TableCell>
                  <Stack sx={{ alignItems: 'flex-start', gap: 0.5 }}>
                    <StatusChip status={r.status} />
                    {r.late && <Chip size="small" color="error" variant="outlined" label={t('assignments.late')} />}
                    {r.feedbackAt && (
                      <Typography variant="caption" color="text.secondary">
                        {t('assignments.feedbackGiven')}
                      </Typography>
                    )}
                  </Stack>
                </TableCell>
                <TableCell>
                  <When iso={r.startedAt} now={now} />
                </TableCell>
                <TableCell>
                  <When iso={r.lastActiveAt} now={now} relative />
                </TableCell>
                <TableCell align="right">{duration(r.timeSpentSeconds, t)}</TableCell>
                <TableCell align="right">{messagesUsed(r.messageCount, assignment.messageBudget)}</TableCell>
                <TableCell align="right" data-testid="trophy-count">
                  {r.trophies > 0 ? (
                    // A click (not a hover) shows each trophy's reason: the record's trophies dialog.
                    <Button
                      size="small"
                      onClick={() => onAward(r)}
                      aria-label={t('assignments.trophies.countLabel', { count: r.trophies, name: r.name })}
                      aria-haspopup="dialog"
                      startIcon={<EmojiEvents sx={{ color: trophyGold }} aria-hidden />}
                      sx={{ minWidth: 0, px: 0.75 }}
                    >
                      {r.trophies}
                    </Button>
                  ) : (
                    r.trophies
                  )}
                </TableCell>
                <TableCell align="right" data-testid="flag-count">
                  {r.flags > 0 ? (
                    <Chip
                      size="small"
                      color="error"
                      label={r.flags}
                      onClick={() => setFlagsOf(r)}
                      aria-label={t('flags.openFlags', { count: r.flags })}
                      aria-haspopup="dialog"
                    />
                  ) : (
                    r.flags
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {flagsOf && <RecordFlagsDialog studentName={flagsOf.name} records={[{ recordId: flagsOf.id }]} onClose={() => setFlagsOf(null)} />}
    </TableContainer>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  padding: 0,
  margin: '-1px',
  border: 0,
} as const;

/** Under the name: Transcript at hand; feedback, a trophy, Mark completed and Hand back in the row's menu. */
function RowActions({
  record,
  busy,
  onOpen,
  onStatus,
  onAward,
}: {
  record: StudentRecord;
  busy: boolean;
  onOpen: (record: StudentRecord, feedback?: boolean) => void;
  onStatus: (record: StudentRecord, status: 'completed' | 'in_progress') => void;
  onAward: (record: StudentRecord) => void;
}) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const can = nextActions(record.status);
  const pick = (run: () => void) => () => {
    setAnchor(null);
    run();
  };
  return (
    <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', flexWrap: 'wrap', mt: 0.75 }}>
      <Button
        size="small"
        variant="outlined"
        sx={{ minWidth: 0 }}
        onClick={() => onOpen(record)}
        aria-label={t('assignments.openTranscriptLabel', { name: record.name })}
      >
        {t('assignments.openTranscript')}
      </Button>
      <IconButton
        size="small"
        aria-label={t('assignments.moreActions', { name: record.name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        disabled={busy}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={pick(() => onOpen(record, true))}>{t('assignments.writeFeedback')}</MenuItem>
        <MenuItem onClick={pick(() => onAward(record))}>{t('assignments.trophies.award')}</MenuItem>
        {can.complete && <MenuItem onClick={pick(() => onStatus(record, 'completed'))}>{t('assignments.markCompleted')}</MenuItem>}
        {can.handBack && <MenuItem onClick={pick(() => onStatus(record, 'in_progress'))}>{t('assignments.handBack')}</MenuItem>}
      </Menu>
    </Stack>
  );
}
