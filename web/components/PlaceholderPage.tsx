import Typography from '@mui/material/Typography';
import { PageHeading } from './PageHeading';

/** A page whose content comes with a later issue: its heading and one sentence. */
export function PlaceholderPage({ title, body }: { title: string; body: string }) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <Typography color="text.secondary">{body}</Typography>
    </>
  );
}
