import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../../components/PageHeading';
import { useT, type MessageId } from '../../../lib/i18n';

/** The policy's sections in order: a heading and its paragraphs, one message each. */
const sections: readonly { title: MessageId; paragraphs: readonly MessageId[] }[] = [
  {
    title: 'privacy.s1.title',
    paragraphs: [
      'privacy.s1.p1',
      'privacy.s1.p2',
      'privacy.s1.p3',
      'privacy.s1.p4',
      'privacy.s1.p5',
      'privacy.s1.p6',
      'privacy.s1.p7',
      'privacy.s1.p8',
      'privacy.s1.p9',
      'privacy.s1.p10',
      'privacy.s1.p11',
      'privacy.s1.p12',
      'privacy.s1.p13',
      'privacy.s1.p14',
      'privacy.s1.p15',
    ],
  },
  { title: 'privacy.s2.title', paragraphs: ['privacy.s2.p1', 'privacy.s2.p2', 'privacy.s2.p3', 'privacy.s2.p4'] },
  { title: 'privacy.s3.title', paragraphs: ['privacy.s3.p1', 'privacy.s3.p2'] },
  { title: 'privacy.s4.title', paragraphs: ['privacy.s4.p1', 'privacy.s4.p2', 'privacy.s4.p3', 'privacy.s4.p4', 'privacy.s4.p5'] },
  { title: 'privacy.s5.title', paragraphs: ['privacy.s5.p1', 'privacy.s5.p2', 'privacy.s5.p3', 'privacy.s5.p4'] },
  { title: 'privacy.s6.title', paragraphs: ['privacy.s6.p1', 'privacy.s6.p2', 'privacy.s6.p3'] },
  { title: 'privacy.s7.title', paragraphs: ['privacy.s7.p1'] },
  { title: 'privacy.s8.title', paragraphs: ['privacy.s8.p1'] },
];

/** The privacy policy (/privacy-policy), public. */
export default function PrivacyPolicyPage() {
  const t = useT();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeading>{t('privacy.title')}</PageHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('privacy.updated')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('privacy.intro')}</Typography>
      {sections.map((section) => (
        <section key={section.title}>
          <Typography variant="h5" component="h2" sx={{ mt: 3, mb: 1 }}>
            {t(section.title)}
          </Typography>
          {section.paragraphs.map((para) => (
            <Typography key={para} sx={{ mb: 1.5 }}>
              {t(para)}
            </Typography>
          ))}
        </section>
      ))}
      <Typography variant="h5" component="h2" sx={{ mt: 3, mb: 1 }}>
        {t('privacy.contactTitle')}
      </Typography>
      <Typography>{t('privacy.contact')}</Typography>
    </Container>
  );
}
