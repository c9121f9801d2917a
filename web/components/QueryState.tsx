import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** What QueryState reads of a useQuery or useInfiniteQuery result. */
interface QueryLike<T> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  refetch: () => Promise<unknown>;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The spinner's accessible name, or the words of the loading line. */
  loadingLabel: string;
  /**
   * A loading line (a status with the spinner and `loadingLabel` as words) instead of the spinner
   * alone: for a page whose whole content waits, a runner or a list in a page.
   */
  loadingLine?: boolean;
  /** What the error says (the server's message is not shown: it may name internals). */
  errorText: ReactNode;
  retryLabel: string;
  /** The Retry button's size: small beside a page's alert, medium in a runner. */
  retrySize?: 'small' | 'medium';
  /** A failed refresh keeps the data on screen; only a first load that failed shows the error. */
  keepDataOnError?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * The one rendering of a query's three states: a spinner while it loads, an error with Retry when
 * it failed, and otherwise its data through `children`.
 */
export function QueryState<T>({
  query,
  loadingLabel,
  loadingLine = false,
  errorText,
  retryLabel,
  retrySize = 'small',
  keepDataOnError = false,
  children,
}: QueryStateProps<T>) {
  if (query.status === 'pending')
    return loadingLine ? (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 4 }} role="status">
        <CircularProgress size={24} aria-hidden />
        <Typography>{loadingLabel}</Typography>
      </Stack>
    ) : (
      <CircularProgress aria-label={loadingLabel} />
    );
  if (query.status === 'error' && !(keepDataOnError && query.data !== undefined))
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size={retrySize} onClick={() => void query.refetch()}>
            {retryLabel}
          </Button>
        }
      >
        {errorText}
      </Alert>
    );
  return <>{children(query.data as T)}</>;
}
