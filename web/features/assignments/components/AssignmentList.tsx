import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AssignmentSummary } from '../../../../contract/assignments';
import { BotAvatar } from '../../../components/BotAvatar';
import { shortDate, statusOrder } from '../../../lib/format';
import { teachAssignmentsHref } from '../../../lib/links';
import { useT } from '../../../lib/i18n';
import { classLabel, statusKey } from '../model/labels';

/** The teacher's assignments, newest first; each opens its table. */
export function AssignmentList({ assignments }: { assignments: AssignmentSummary[] }) {
  const t = useT();
  return (
    <List aria-label={t('assignments.listLabel')} sx={{ display: 'grid', gap: 1.5, p: 0 }}>
      {assignments.map((a) => (
        <ListItem key={a.id} disablePadding sx={{ display: 'block' }}>
          <ListItemButton
            component={RouterLink}
            to={teachAssignmentsHref({ assignment: a.id })}
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              bgcolor: 'background.paper',
              alignItems: 'flex-start',
              gap: 2,
              py: 1.5,
            }}
          >
            <Box sx={{ pt: 0.5, display: { xs: 'none', sm: 'block' } }}>
              <BotAvatar icon={a.bot.icon} kind="TutorBot" botId={a.bot.deleted ? null : a.bot.id} size={40} />
            </Box>
            <Box sx={{ minWidth: 0, flex: 1 }}>
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
                  a.classes.length ? t('assignments.classes', { names: a.classes.map(classLabel).join(', ') }) : t('assignments.noClasses'),
                ].join(' · ')}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }}>
                <Chip size="small" label={t('assignments.total', { n: a.counts.total })} />
                {statusOrder.map((st) => (
                  <Chip
                    key={st}
                    size="small"
                    variant="outlined"
                    label={t('assignments.statusCount', { label: t(statusKey[st]), n: a.counts[st] })}
                  />
                ))}
                {a.flags > 0 && <Chip size="small" color="error" variant="outlined" label={t('assignments.flags', { n: a.flags })} />}
              </Box>
            </Box>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
