import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../../components/PageHeading';
import { strings } from '../../../lib/strings';

/** The privacy policy (/privacy-policy), public. */
export default function PrivacyPolicyPage() {
  const p = strings.privacy;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeading>{p.title}</PageHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {p.updated}
      </Typography>
      <Typography sx={{ mb: 3 }}>{p.intro}</Typography>
      {p.sections.map((section) => (
        <section key={section.title}>
          <Typography variant="h5" component="h2" sx={{ mt: 3, mb: 1 }}>
            {section.title}
          </Typography>
          {section.paragraphs.map((para) => (
            <Typography key={para} sx={{ mb: 1.5 }}>
              {para}
            </Typography>
          ))}
        </section>
      ))}
      <Typography variant="h5" component="h2" sx={{ mt: 3, mb: 1 }}>
        {p.contactTitle}
      </Typography>
      <Typography>{p.contact}</Typography>
    </Container>
  );
}
