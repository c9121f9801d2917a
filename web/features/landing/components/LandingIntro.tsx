import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import { useT, type MessageId } from '../../../lib/i18n';

/** The points for teachers and for schools, in the order the page lists them. */
const teacherPoints: MessageId[] = [
  'landing.teachers.docBots',
  'landing.teachers.chatBots',
  'landing.teachers.tutorBots',
  'landing.teachers.assignments',
  'landing.teachers.templates',
  'landing.teachers.savedDocs',
];
const schoolPoints: MessageId[] = [
  'landing.schools.licence',
  'landing.schools.operator',
  'landing.schools.ownServer',
  'landing.schools.allowances',
];

function Points({ id, title, items }: { id: string; title: string; items: readonly MessageId[] }) {
  const t = useT();
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, flex: 1, minWidth: 0 }}>
      <Typography id={id} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {items.map((item) => (
          <Box component="li" key={item} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <CheckCircleOutlineOutlined color="primary" fontSize="small" sx={{ mt: 0.3 }} aria-hidden />
            <Typography>{t(item)}</Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** What ClassBots does: the landing page's heading and its points for teachers and schools. */
export function LandingHero() {
  const t = useT();
  return (
    <Box>
      {/* The product's name, the same in every language (decision 242). */}
      {/* eslint-disable-next-line formatjs/no-literal-string-in-jsx */}
      <title>ClassBots</title>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '2rem', md: '2.75rem' }, mb: 2 }}>
        {t('landing.heroTitle')}
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
        {t('landing.heroBody')}
      </Typography>
    </Box>
  );
}

/** The two groups of points, for teachers and for schools. */
export function LandingPoints() {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 3 }}>
      <Points id="for-teachers" title={t('landing.teachersTitle')} items={teacherPoints} />
      <Points id="for-schools" title={t('landing.schoolsTitle')} items={schoolPoints} />
    </Box>
  );
}
