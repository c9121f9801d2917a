import Typography from '@mui/material/Typography';

/** The page's one h1, also used as the document title. */
export function PageHeading({ children }: { children: string }) {
  return (
    <>
      <title>{`${children} · ClassBots`}</title>
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}
