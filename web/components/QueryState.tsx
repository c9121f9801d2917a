import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** What QueryState reads of a useQuery or useInfiniteQuery result. */
interface QueryLike<T> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  refetch: () => Promise<unknown>;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The spinner's accessible name. */
  loadingLabel: string;
  /** What the error says (the server's message is not shown: it may name internals). */
  errorText: ReactNode;
  retryLabel: string;
  /** The Retry button's size: small beside a page's alert, medium in a runner. */
  retrySize?: 'small' | 'medium';
  children: (data: T) => ReactNode;
}

/**
 * The one rendering of a query's three states: a spinner while it loads, an error with Retry when
 * it failed, and otherwise its data through `children`.
 */
export function QueryState<T>({ query, loadingLabel, errorText, retryLabel, retrySize = 'small', children }: QueryStateProps<T>) {
  if (query.status === 'pending') return <CircularProgress aria-label={loadingLabel} />;
  if (query.status === 'error')
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
